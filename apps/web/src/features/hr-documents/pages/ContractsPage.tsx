import type { EmployeeContract } from '@app/shared/people/contracts';
import { formatMinutes } from '@app/shared/people/schedules.rules';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileDescription, IconFilePlus, IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { type Column, DataTable } from '../../../components/DataTable';
import { EmptyState } from '../../../components/States';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { UserHeader } from '../../users/components/UserHeader';
import { useContracts, useDeleteContract } from '../api';
import { ContractModal } from '../components/ContractModal';
import { ExpiryBadge } from '../components/ExpiryBadge';

/** "1-1-2026 t/m 31-12-2026", or "vanaf 1-1-2026" for a permanent contract. */
function period(t: TFunction, c: EmployeeContract): string {
  return c.endsOn
    ? t('hrDocuments.contracts.period', { from: formatDate(c.startsOn), to: formatDate(c.endsOn) })
    : t('hrDocuments.contracts.periodOpen', { from: formatDate(c.startsOn) });
}

/**
 * users.contracts ('Contracten'): a person's employment contracts, newest first, with their period,
 * hours per week, status and the signed file. HR (contracts.manage) adds, changes and removes them;
 * the person themselves reads them.
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const list = useContracts(userId);
  const remove = useDeleteContract(userId);
  const [editing, setEditing] = useState<EmployeeContract | null | undefined>(undefined);
  const canCreate = list.data?.abilities.canCreate ?? false;

  const reload = async (id: number) => (await list.refetch()).data?.data.find((c) => c.id === id);

  const handleDelete = async (c: EmployeeContract) => {
    const ok = await confirmAction({
      title: t('hrDocuments.contracts.deleteTitle'),
      message: t('hrDocuments.contracts.deleteText', { period: period(t, c) }),
      confirmLabel: t('hrDocuments.contracts.deleteConfirm'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(c);
      notify.success(t('hrDocuments.contracts.deleted'));
    } catch (err) {
      notify.error(errorMessage(t, err));
    }
  };

  const columns: Column<EmployeeContract>[] = [
    {
      key: 'name',
      header: t('hrDocuments.fields.period'),
      render: (c) => (
        <Text fw={500} size="sm">
          {period(t, c)}
        </Text>
      ),
    },
    {
      key: 'hours',
      header: t('hrDocuments.fields.hoursPerWeek'),
      render: (c) => <Text size="sm">{t('hrDocuments.contracts.hours', { hours: formatMinutes(c.minutesPerWeek) })}</Text>,
    },
    { key: 'status', header: t('hrDocuments.fields.status'), render: (c) => <ExpiryBadge status={c.status} /> },
    {
      key: 'file',
      header: t('hrDocuments.fields.contractFile'),
      render: (c) =>
        c.file ? (
          <Anchor href={c.file.url} download={c.file.originalName} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Group gap={4} wrap="nowrap" component="span">
              <IconPaperclip size={14} aria-hidden style={{ flex: 'none' }} />
              <span>{c.file.originalName || t('hrDocuments.download')}</span>
            </Group>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('hrDocuments.contracts.noFile')}
          </Text>
        ),
    },
    {
      key: 'notes',
      header: t('hrDocuments.fields.notes'),
      render: (c) =>
        c.notes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={3}>
            {c.notes}
          </Text>
        ) : null,
    },
    ...(canCreate
      ? [
          {
            key: 'actions',
            header: <span className="visually-hidden">{t('common.table.actions')}</span>,
            label: t('common.table.actions'),
            width: 96,
            render: (c: EmployeeContract) => (
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {c.abilities.canEdit ? (
                  <Tooltip label={t('common.actions.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('hrDocuments.contracts.editFor', { period: period(t, c) })}
                      onClick={() => setEditing(c)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                {c.abilities.canDelete ? (
                  <Tooltip label={t('common.actions.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('hrDocuments.contracts.deleteFor', { period: period(t, c) })}
                      onClick={() => void handleDelete(c)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            ),
          } satisfies Column<EmployeeContract>,
        ]
      : []),
  ];

  const addButton = canCreate ? (
    <Button leftSection={<IconFilePlus size={16} />} onClick={() => setEditing(null)}>
      {t('hrDocuments.contracts.add')}
    </Button>
  ) : null;

  return (
    <>
      <UserHeader userId={userId} title={t('hrDocuments.contracts.title')} />
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" maw={640}>
            {canCreate || !list.data ? t('hrDocuments.contracts.intro') : t('hrDocuments.contracts.readOnly')}
          </Text>
          {list.data?.data.length ? addButton : null}
        </Group>
        <DataTable
          caption={t('hrDocuments.contracts.title')}
          columns={columns}
          rows={list.data?.data}
          rowKey={(c) => c.id}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          cardSort={false}
          empty={
            <EmptyState
              icon={<IconFileDescription size={32} stroke={1.5} />}
              title={t('hrDocuments.contracts.emptyTitle')}
              description={canCreate ? t('hrDocuments.contracts.emptyText') : t('hrDocuments.contracts.emptyTextOwn')}
              action={addButton}
            />
          }
        />
      </Stack>
      <ContractModal userId={userId} editing={editing} onClose={() => setEditing(undefined)} reload={reload} />
    </>
  );
}
