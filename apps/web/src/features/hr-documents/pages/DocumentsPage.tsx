import type { EmployeeDocument } from '@app/shared/people/documents';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileCertificate, IconFilePlus, IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
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
import { useDeleteDocument, useDocuments } from '../api';
import { DocumentModal } from '../components/DocumentModal';
import { ExpiryBadge } from '../components/ExpiryBadge';

/**
 * users.documents ('Documenten'): a person's ID, driving licence, VCA and other certificates, each
 * with its expiry status and file. HR (documents.manage) adds, changes and removes them; the person
 * themselves reads them.
 */
export function DocumentsPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const list = useDocuments(userId);
  const remove = useDeleteDocument(userId);
  const [editing, setEditing] = useState<EmployeeDocument | null | undefined>(undefined);
  const canCreate = list.data?.abilities.canCreate ?? false;

  const reload = async (id: number) => (await list.refetch()).data?.data.find((d) => d.id === id);

  const handleDelete = async (d: EmployeeDocument) => {
    const ok = await confirmAction({
      title: t('hrDocuments.documents.deleteTitle'),
      message: t('hrDocuments.documents.deleteText', { title: d.title }),
      confirmLabel: t('hrDocuments.documents.deleteConfirm'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(d);
      notify.success(t('hrDocuments.documents.deleted', { title: d.title }));
    } catch (err) {
      notify.error(errorMessage(t, err));
    }
  };

  const columns: Column<EmployeeDocument>[] = [
    {
      key: 'name',
      header: t('hrDocuments.fields.title'),
      render: (d) => (
        <Stack gap={0}>
          <Text fw={500} size="sm">
            {d.title}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`hrDocuments.types.${d.type}`)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'expiresOn',
      header: t('hrDocuments.fields.expiresOn'),
      render: (d) => (
        <Group gap={6} wrap="wrap">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {d.expiresOn ? formatDate(d.expiresOn) : t('hrDocuments.documents.noExpiry')}
          </Text>
          {d.status === 'none' ? null : <ExpiryBadge status={d.status} />}
        </Group>
      ),
    },
    {
      key: 'file',
      header: t('hrDocuments.fields.file'),
      render: (d) => (
        <Anchor href={d.file.url} download={d.file.originalName} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconPaperclip size={14} aria-hidden style={{ flex: 'none' }} />
            <span>{d.file.originalName || t('hrDocuments.download')}</span>
          </Group>
        </Anchor>
      ),
    },
    {
      key: 'notes',
      header: t('hrDocuments.fields.notes'),
      render: (d) =>
        d.notes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={3}>
            {d.notes}
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
            render: (d: EmployeeDocument) => (
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {d.abilities.canEdit ? (
                  <Tooltip label={t('common.actions.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('hrDocuments.documents.editFor', { title: d.title })}
                      onClick={() => setEditing(d)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                {d.abilities.canDelete ? (
                  <Tooltip label={t('common.actions.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('hrDocuments.documents.deleteFor', { title: d.title })}
                      onClick={() => void handleDelete(d)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            ),
          } satisfies Column<EmployeeDocument>,
        ]
      : []),
  ];

  const addButton = canCreate ? (
    <Button leftSection={<IconFilePlus size={16} />} onClick={() => setEditing(null)}>
      {t('hrDocuments.documents.add')}
    </Button>
  ) : null;

  return (
    <>
      <UserHeader userId={userId} title={t('hrDocuments.documents.title')} />
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" maw={640}>
            {canCreate || !list.data ? t('hrDocuments.documents.intro') : t('hrDocuments.documents.readOnly')}
          </Text>
          {list.data?.data.length ? addButton : null}
        </Group>
        <DataTable
          caption={t('hrDocuments.documents.title')}
          columns={columns}
          rows={list.data?.data}
          rowKey={(d) => d.id}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          cardSort={false}
          empty={
            <EmptyState
              icon={<IconFileCertificate size={32} stroke={1.5} />}
              title={t('hrDocuments.documents.emptyTitle')}
              description={canCreate ? t('hrDocuments.documents.emptyText') : t('hrDocuments.documents.emptyTextOwn')}
              action={addButton}
            />
          }
        />
      </Stack>
      <DocumentModal userId={userId} editing={editing} onClose={() => setEditing(undefined)} reload={reload} />
    </>
  );
}
