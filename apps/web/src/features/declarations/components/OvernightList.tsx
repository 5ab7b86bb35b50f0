import { type Overnight, overnightListQuerySchema } from '@app/shared/declarations/overnights';
import { OVERNIGHT_STATUSES } from '@app/shared/declarations/overnights.rules';
import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconBed, IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import type { Column } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { useAttempt } from '../../../lib/attempt';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useDecideOvernight, useDeleteOvernight, useOvernights } from '../api';
import { ListEmpty, PagedTable, PeriodFields } from './ListParts';
import { OvernightFormModal } from './OvernightFormModal';
import { RejectModal } from './RejectModal';
import { StatusBadge } from './StatusBadge';

const PER_PAGE = 25;

interface Props {
  /** One person's stays (their page, with "Overnachting registreren"); null: everyone's in reach (settings/overnights). */
  userId: number | null;
  /** The person whose page it is, when it is not the viewer's own: a new stay is for them. */
  forEmployee?: number | null;
}

/** Overnight stays: a period and a status filter, the nights in total, edit and remove while submitted, approve and reject. */
export function OvernightList({ userId, forEmployee = null }: Props) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const list$ = useListParams(overnightListQuerySchema);
  const { status, from, to } = list$.query;
  const [editing, setEditing] = useState<Overnight | null | undefined>(undefined);
  const [rejecting, setRejecting] = useState<Overnight | null>(null);
  const decide = useDecideOvernight();
  const remove = useDeleteOvernight();
  // The list's filters and sort: the list's query, and the export's.
  const filters = {
    sort: list$.sort,
    ...(status ? { status } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const list = useOvernights(userId, { page: list$.page, perPage: PER_PAGE, ...filters });
  const data = list.data;
  const everyone = userId === null;

  const handleApprove = async (o: Overnight) => {
    const ok = await confirmAction({
      title: t('declarations.overnights.approveTitle'),
      message: t('declarations.overnights.approveText', { name: o.employee.name, location: o.location }),
      confirmLabel: t('declarations.actions.approve'),
    });
    if (!ok) return;
    await attempt(async () => {
      await decide.mutateAsync({ o, decision: { action: 'approve' } });
      notify.success(t('declarations.overnights.approved'));
    });
  };
  const handleReject = async (o: Overnight, reason: string) => {
    await attempt(async () => {
      await decide.mutateAsync({ o, decision: { action: 'reject', reason } });
      notify.success(t('declarations.overnights.rejected'));
      setRejecting(null);
    });
  };
  const handleDelete = async (o: Overnight) => {
    const ok = await confirmAction({
      title: t('declarations.overnights.deleteTitle'),
      message: t('declarations.overnights.deleteText', { location: o.location, date: formatDate(o.date) }),
      confirmLabel: t('declarations.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(o);
      notify.success(t('declarations.overnights.deleted'));
    });
  };

  const label = (o: Overnight) => `${o.location}, ${formatDate(o.date)}`;
  const columns: Column<Overnight>[] = [
    {
      key: 'name',
      header: t('declarations.overnights.date'),
      sortKey: 'date',
      width: 130,
      render: (o) => (
        <Text component="span" size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(o.date)}
        </Text>
      ),
    },
    ...(everyone
      ? [
          {
            key: 'person',
            header: t('declarations.overnights.person'),
            sortKey: 'employee',
            render: (o: Overnight) => o.employee.name,
          },
        ]
      : []),
    {
      key: 'nights',
      header: t('declarations.overnights.nights'),
      sortKey: 'nights',
      width: 110,
      render: (o) => t('declarations.overnights.nightsCount', { count: o.nights }),
    },
    { key: 'project', header: t('declarations.overnights.project'), render: (o) => o.project.name },
    {
      key: 'location',
      header: t('declarations.overnights.location'),
      render: (o) => (
        <Stack gap={0}>
          <span style={{ overflowWrap: 'anywhere' }}>{o.location}</span>
          {o.notes ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {o.notes}
            </Text>
          ) : null}
          {o.status === 'rejected' && o.rejectReason ? (
            <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
              {t('declarations.overnights.rejectReason', { reason: o.rejectReason })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'status', header: t('declarations.overnights.status'), width: 130, render: (o) => <StatusBadge status={o.status} /> },
    {
      key: 'actions',
      header: t('declarations.overnights.actions'),
      width: 150,
      render: (o) => {
        const a = o.abilities;
        return (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {a.canApprove ? (
              <Tooltip label={t('declarations.actions.approve')}>
                <ActionIcon
                  variant="subtle"
                  color="teal"
                  aria-label={`${t('declarations.actions.approve')}: ${label(o)}`}
                  onClick={() => void handleApprove(o)}
                >
                  <IconCheck size={18} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {a.canReject ? (
              <Tooltip label={t('declarations.actions.reject')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('declarations.actions.reject')}: ${label(o)}`}
                  onClick={() => setRejecting(o)}
                >
                  <IconX size={18} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {a.canEdit ? (
              <Tooltip label={t('common.actions.edit')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('common.actions.edit')}: ${label(o)}`}
                  onClick={() => setEditing(o)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {a.canDelete ? (
              <Tooltip label={t('common.actions.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('common.actions.delete')}: ${label(o)}`}
                  onClick={() => void handleDelete(o)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        );
      },
    },
  ];

  const registerButton =
    !everyone && data?.canRegister ? (
      <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
        {t('declarations.overnights.register')}
      </Button>
    ) : null;
  const filtered = Boolean(status || from || to);
  const empty = (
    <ListEmpty
      filtered={filtered}
      prefix="declarations.overnights"
      icon={<IconBed size={32} stroke={1.5} />}
      description={everyone ? undefined : t('declarations.overnights.emptyText')}
      action={registerButton}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm">
        <ExportMenu path={everyone ? '/api/overnights/export' : `/api/users/${userId}/overnights/export`} params={filters} />
        {registerButton}
      </Group>
      {!everyone && data && data.cannotRegisterReason === 'SELF_SERVICE_OFF' ? (
        <Alert color="gray" variant="light">
          {t('declarations.overnights.selfServiceOff')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select
          label={t('declarations.overnights.status')}
          placeholder={t('declarations.tabs.all')}
          data={OVERNIGHT_STATUSES.map((s) => ({ value: s, label: t(`declarations.status.${s}`) }))}
          value={status ?? null}
          onChange={(v) => list$.setFilters({ status: v })}
          clearable
        />
        <PeriodFields from={from} to={to} list$={list$} />
      </SimpleGrid>
      {data && data.meta.total > 0 ? (
        <Paper withBorder radius="sm" px="md" py="xs" role="status">
          <Text fw={600}>{t('declarations.overnights.total', { count: data.meta.total, nights: data.totalNights })}</Text>
        </Paper>
      ) : null}
      <PagedTable caption={t('declarations.overnights.caption')} columns={columns} list={list} list$={list$} empty={empty} />
      <OvernightFormModal editing={editing} onClose={() => setEditing(undefined)} forEmployee={forEmployee} />
      <RejectModal
        opened={rejecting !== null}
        subject={rejecting ? label(rejecting) : ''}
        busy={decide.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reason) => rejecting && void handleReject(rejecting, reason)}
      />
    </Stack>
  );
}
