import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  /** Who or what is rejected, in the title. */
  subject: string;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}

/** Rejecting needs a reason (the employee reads it): a small form in a modal, empty each time it opens. */
export function RejectModal({ opened, subject, busy, onClose, onReject }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} centered title={`${t('declarations.reject.title')}: ${subject}`}>
      {opened ? <RejectForm busy={busy} onCancel={onClose} onReject={onReject} /> : null}
    </Modal>
  );
}

function RejectForm({ busy, onCancel, onReject }: { busy: boolean; onCancel: () => void; onReject: (reason: string) => void }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { reason: '' },
    validate: {
      reason: (v) =>
        v.trim() === '' ? t('validation.required') : v.trim().length > 1000 ? t('validation.too_long', { max: 1000 }) : null,
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => onReject(v.reason.trim()))}>
      <Stack>
        <Textarea
          label={t('declarations.reject.reason')}
          description={t('declarations.reject.reasonHint')}
          required
          autosize
          minRows={3}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy}>
            {t('declarations.reject.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
