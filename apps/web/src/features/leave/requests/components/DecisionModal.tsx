import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

interface Props {
  /** null: closed. Approving takes an optional reason, denying a required one (the employee reads it). */
  mode: 'approve' | 'deny' | null;
  /** Whose leave and when, in the title's line below it. */
  subject: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}

/** Approve (with an optional reason) or deny (a reason required) a leave request, in a small modal. */
export function DecisionModal({ mode, subject, busy, onClose, onSubmit }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      centered
      title={mode === 'deny' ? t('leaveRequests.decide.denyTitle') : t('leaveRequests.decide.approveTitle')}
    >
      {mode !== null ? (
        <DecisionForm key={mode} mode={mode} subject={subject} busy={busy} onCancel={onClose} onSubmit={onSubmit} />
      ) : null}
    </Modal>
  );
}

function DecisionForm(p: {
  mode: 'approve' | 'deny';
  subject: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const required = p.mode === 'deny';
  const form = useForm({
    initialValues: { reason: '' },
    validate: {
      reason: (v) =>
        required && v.trim() === ''
          ? t('validation.required')
          : v.trim().length > 1000
            ? t('validation.too_long', { max: 1000 })
            : null,
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => p.onSubmit(v.reason.trim()))}>
      <Stack>
        <Text size="sm">{p.subject}</Text>
        <Textarea
          label={required ? t('leaveRequests.decide.reason') : t('leaveRequests.decide.reasonOptional')}
          description={t('leaveRequests.decide.reasonHint')}
          required={required}
          autosize
          minRows={3}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={p.onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" color={required ? 'red' : 'teal'} loading={p.busy}>
            {required ? t('leaveRequests.actions.deny') : t('leaveRequests.actions.approve')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
