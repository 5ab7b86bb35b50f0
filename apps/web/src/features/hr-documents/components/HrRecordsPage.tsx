import type { FileInfo } from '@app/shared/files/files';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFilePlus, IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { EmptyState } from '../../../components/States';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { UserHeader } from '../../users/components/UserHeader';
import type { HrModalProps } from './HrRecordModal';

interface HrRecord {
  id: number;
  notes: string;
  abilities: { canEdit: boolean; canDelete: boolean };
}

interface Props<T extends HrRecord> {
  /** The texts' namespace: hrDocuments.documents.* or hrDocuments.contracts.* */
  kind: 'documents' | 'contracts';
  userId: number;
  list: UseQueryResult<{ data: T[]; abilities: { canCreate: boolean } }>;
  remove: { mutateAsync: (record: T) => Promise<unknown> };
  /** The values that name one record in the texts (edit and delete labels, the confirmation, the toast). */
  naming: (record: T) => Record<string, string>;
  /** The record's own columns; the notes and the actions follow. */
  columns: Column<T>[];
  emptyIcon: ReactNode;
  Modal: ComponentType<HrModalProps<T>>;
  /** The list's export route (CSV or Excel of every record shown). */
  exportPath: string;
}

/** The file of a record as a download link with its name. */
export function HrFileLink({ file }: { file: FileInfo }) {
  const { t } = useTranslation();
  return (
    <Anchor href={file.url} download={file.originalName} size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Group gap={4} wrap="nowrap" component="span">
        <IconPaperclip size={14} aria-hidden style={{ flex: 'none' }} />
        <span>{file.originalName || t('hrDocuments.download')}</span>
      </Group>
    </Anchor>
  );
}

/**
 * One of a person's HR lists (documents, contracts): the intro (or the read-only note), the table
 * with the notes and, for HR, edit and delete (after a confirmation), the empty state with the add
 * button, and the modal that adds or changes a record.
 */
export function HrRecordsPage<T extends HrRecord>({
  kind,
  userId,
  list,
  remove,
  naming,
  columns,
  emptyIcon,
  Modal,
  exportPath,
}: Props<T>) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const canCreate = list.data?.abilities.canCreate ?? false;
  const text = (key: string, values?: Record<string, string>) => t(`hrDocuments.${kind}.${key}`, values);

  const reload = async (id: number) => (await list.refetch()).data?.data.find((r) => r.id === id);

  const handleDelete = async (r: T) => {
    const ok = await confirmAction({
      title: text('deleteTitle'),
      message: text('deleteText', naming(r)),
      confirmLabel: text('deleteConfirm'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(r);
      notify.success(text('deleted', naming(r)));
    });
  };

  const allColumns: Column<T>[] = [
    ...columns,
    {
      key: 'notes',
      header: t('hrDocuments.fields.notes'),
      render: (r) =>
        r.notes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={3}>
            {r.notes}
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
            render: (r: T) => (
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {r.abilities.canEdit ? (
                  <Tooltip label={t('common.actions.edit')}>
                    <ActionIcon variant="subtle" aria-label={text('editFor', naming(r))} onClick={() => setEditing(r)}>
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                {r.abilities.canDelete ? (
                  <Tooltip label={t('common.actions.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={text('deleteFor', naming(r))}
                      onClick={() => void handleDelete(r)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            ),
          } satisfies Column<T>,
        ]
      : []),
  ];

  const addButton = canCreate ? (
    <Button leftSection={<IconFilePlus size={16} />} onClick={() => setEditing(null)}>
      {text('add')}
    </Button>
  ) : null;

  return (
    <>
      <UserHeader userId={userId} title={text('title')} showExpiring={kind === 'documents'} />
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" maw={640}>
            {canCreate || !list.data ? text('intro') : text('readOnly')}
          </Text>
          {list.data?.data.length ? (
            <Group gap="sm" wrap="wrap">
              <ExportMenu path={exportPath} params={{}} />
              {addButton}
            </Group>
          ) : null}
        </Group>
        <DataTable
          caption={text('title')}
          columns={allColumns}
          rows={list.data?.data}
          rowKey={(r) => r.id}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          cardSort={false}
          empty={
            <EmptyState
              icon={emptyIcon}
              title={text('emptyTitle')}
              description={canCreate ? text('emptyText') : text('emptyTextOwn')}
              action={addButton}
            />
          }
        />
      </Stack>
      <Modal userId={userId} editing={editing} onClose={() => setEditing(undefined)} reload={reload} />
    </>
  );
}
