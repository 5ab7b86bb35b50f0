import type { Declaration } from '@app/shared/declarations/declarations';
import { formatCents } from '@app/shared/declarations/declarations.rules';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Drawer,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCoin, IconEdit, IconFileTypePdf, IconTrash, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { ErrorState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { type DeclarationDecision, useDecideDeclaration, useDeclaration, useDeleteDeclaration } from '../api';
import { PHONE_QUERY } from './FormParts';
import { RejectModal } from './RejectModal';
import { StatusBadge } from './StatusBadge';

interface Props {
  id: number | null;
  onClose: () => void;
  onEdit: (d: Declaration) => void;
}

/** One declaration: its facts, the receipt (an image inline, a PDF as a link) and what the viewer may do with it. */
export function DeclarationDrawer({ id, onClose, onEdit }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const q = useDeclaration(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={
        <Title order={2} fz="lg">
          {t('declarations.detail.title')}
        </Title>
      }
    >
      {q.data && q.data.id === id ? (
        <Detail d={q.data} onEdit={onEdit} onDeleted={onClose} />
      ) : q.error ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Center py="xl" aria-busy="true">
          <Loader />
        </Center>
      )}
    </Drawer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Receipt({ d }: { d: Declaration }) {
  const { t } = useTranslation();
  const r = d.receipt;
  if (r.mime.startsWith('image/')) {
    return (
      <Anchor href={r.url} target="_blank" rel="noopener" aria-label={t('declarations.detail.openReceipt')}>
        <Image
          src={r.url}
          alt={t('declarations.detail.receiptAlt', { description: d.description })}
          radius="sm"
          mah={360}
          fit="contain"
          bd="1px solid var(--mantine-color-gray-3)"
        />
      </Anchor>
    );
  }
  return (
    <Paper withBorder p="sm" radius="sm">
      <Group gap="sm" wrap="nowrap">
        <IconFileTypePdf size={28} aria-hidden style={{ flex: 'none' }} />
        <Anchor href={r.url} download={r.originalName} style={{ overflowWrap: 'anywhere' }}>
          {t('declarations.detail.downloadReceipt', { name: r.originalName })}
        </Anchor>
      </Group>
    </Paper>
  );
}

function Detail({ d, onEdit, onDeleted }: { d: Declaration; onEdit: (d: Declaration) => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const decide = useDecideDeclaration();
  const remove = useDeleteDeclaration();
  const [rejecting, setRejecting] = useState(false);
  const amount = formatCents(d.amountCents);
  const a = d.abilities;

  const run = async (decision: DeclarationDecision, done: string) => {
    await attempt(async () => {
      await decide.mutateAsync({ d, decision });
      notify.success(done);
      setRejecting(false);
    });
  };

  const handleApprove = async () => {
    const ok = await confirmAction({
      title: t('declarations.confirm.approveTitle'),
      message: t('declarations.confirm.approveText', { name: d.employee.name, description: d.description, amount }),
      confirmLabel: t('declarations.actions.approve'),
    });
    if (ok) await run({ action: 'approve' }, t('declarations.toasts.approved'));
  };
  const handlePay = async () => {
    const ok = await confirmAction({
      title: t('declarations.confirm.payTitle'),
      message: t('declarations.confirm.payText', { name: d.employee.name, amount }),
      confirmLabel: t('declarations.actions.pay'),
    });
    if (ok) await run({ action: 'pay' }, t('declarations.toasts.paid'));
  };
  const handleDelete = async () => {
    const ok = await confirmAction({
      title: t('declarations.confirm.deleteTitle'),
      message: t('declarations.confirm.deleteText', { description: d.description }),
      confirmLabel: t('declarations.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(d);
      notify.success(t('declarations.toasts.deleted'));
      onDeleted();
    });
  };

  // One's own submitted declaration: say that someone else decides, rather than show grey buttons.
  const ownDecision = d.status === 'submitted' && !a.canApprove && a.canEdit;
  const decisions = [
    a.canApprove && (
      <Button
        key="approve"
        color="teal"
        leftSection={<IconCheck size={16} />}
        onClick={() => void handleApprove()}
        loading={decide.isPending}
      >
        {t('declarations.actions.approve')}
      </Button>
    ),
    a.canReject && (
      <Button key="reject" color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setRejecting(true)}>
        {t('declarations.actions.reject')}
      </Button>
    ),
    a.canPay && (
      <Button
        key="pay"
        color="grape"
        leftSection={<IconCoin size={16} />}
        onClick={() => void handlePay()}
        loading={decide.isPending}
      >
        {t('declarations.actions.pay')}
      </Button>
    ),
  ].filter(Boolean);
  const editDenied = deniedReason(t, a, 'canEdit');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {d.description}
          </Text>
          <Text fz={28} fw={700} lh={1.1}>
            {amount}
          </Text>
        </Stack>
        <StatusBadge status={d.status} />
      </Group>
      {d.status === 'rejected' && d.rejectReason ? (
        <Alert color="red" variant="light" title={t('declarations.detail.rejectReason')}>
          {d.rejectReason}
        </Alert>
      ) : null}
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Fact label={t('declarations.list.person')}>{d.employee.name}</Fact>
        <Fact label={t('declarations.list.date')}>{formatDate(d.date)}</Fact>
        <Fact label={t('declarations.form.category')}>{d.category.name}</Fact>
        <Fact label={t('declarations.form.paymentType')}>{d.paymentType.name}</Fact>
        <Fact label={t('declarations.form.project')}>{d.project?.name ?? t('declarations.detail.noProject')}</Fact>
        <Fact label={t('declarations.detail.submittedOn')}>{formatDateTime(d.createdAt)}</Fact>
        {d.decidedBy && d.decidedAt ? (
          <Fact label={t(`declarations.status.${d.status === 'paid' ? 'approved' : d.status}`)}>
            {t('declarations.detail.decided', { name: d.decidedBy, date: formatDateTime(d.decidedAt) })}
          </Fact>
        ) : null}
        {d.paidAt ? <Fact label={t('declarations.detail.paidOn')}>{formatDateTime(d.paidAt)}</Fact> : null}
      </SimpleGrid>
      {decisions.length ? <Group gap="sm">{decisions}</Group> : null}
      {ownDecision ? (
        <Text size="sm" c="dimmed">
          {t('declarations.detail.ownDecision')}
        </Text>
      ) : null}
      <Group gap="sm">
        {a.canEdit || a.canDelete ? (
          <>
            <Tooltip label={editDenied} disabled={!editDenied}>
              <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => onEdit(d)} disabled={!a.canEdit}>
                {t('declarations.actions.edit')}
              </Button>
            </Tooltip>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => void handleDelete()}
              disabled={!a.canDelete}
              loading={remove.isPending}
            >
              {t('declarations.actions.delete')}
            </Button>
          </>
        ) : null}
        <HistoryPanel subject="declaration" id={d.id} />
      </Group>
      <Stack gap={6}>
        <Text size="xs" c="dimmed" fw={500}>
          {t('declarations.detail.receipt')}
        </Text>
        <Receipt d={d} />
      </Stack>
      <RejectModal
        opened={rejecting}
        subject={d.description}
        busy={decide.isPending}
        onClose={() => setRejecting(false)}
        onReject={(reason) => void run({ action: 'reject', reason }, t('declarations.toasts.rejected'))}
      />
    </Stack>
  );
}
