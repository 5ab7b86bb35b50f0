import type { AreaSummary } from '@app/shared/projects/areas';
import type { AreaKind, AreaStatus } from '@app/shared/projects/projects.rules';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconPencil, IconRotate, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { type Column, DataTable } from '../../../components/DataTable';
import { Thumb } from '../../../components/Thumb';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { areaTitle } from '../area-label';
import { useAreaStatus, useDeleteArea } from '../areas-api';
import { CompletionBar } from './CompletionBar';
import { GuardedAction } from './GuardedAction';

/** Where one deck, area or sub-area is shown. */
export const areaPath = (projectId: number, areaId: number) => `/projects/${projectId}/areas/${areaId}`;

export function AreaStatusBadge({ status }: { status: AreaStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={status === 'completed' ? 'green' : 'blue'}>
      {t(`areas.status.${status}`)}
    </Badge>
  );
}

/**
 * Deleting (after a question that says what goes with it) and completing or reopening a deck,
 * area or sub-area, each with its toast.
 */
export function useAreaActions(projectId: number) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const remove = useDeleteArea(projectId);
  const status = useAreaStatus(projectId);

  const kindName = (kind: AreaKind) => t(`areas.kinds.${kind}`);

  /** Resolves true when the area was deleted. */
  const handleDelete = async (a: AreaSummary): Promise<boolean> => {
    const ok = await confirmAction({
      title: t('areas.delete.title', { kind: kindName(a.kind).toLowerCase() }),
      message: t(`areas.delete.text.${a.kind}`, { name: areaTitle(a) }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return false;
    const deleted = await attempt(async () => {
      await remove.mutateAsync(a);
      notify.success(t('areas.delete.done', { name: areaTitle(a) }));
      return true;
    });
    return deleted ?? false;
  };

  const handleStatus = async (a: AreaSummary, action: 'complete' | 'reopen') => {
    await attempt(async () => {
      await status.mutateAsync({ area: a, action });
      notify.success(t(action === 'complete' ? 'areas.completed' : 'areas.reopened', { name: areaTitle(a) }));
    });
  };

  return { handleDelete, handleStatus, statusBusy: status.isPending, deleting: remove.isPending };
}

/** Complete or reopen, as the area's abilities allow; a denied one says why. */
export function AreaStatusAction({
  area,
  onAction,
  variant = 'icon',
}: {
  area: AreaSummary;
  onAction: (a: AreaSummary, action: 'complete' | 'reopen') => void;
  variant?: 'icon' | 'button';
}) {
  const { t } = useTranslation();
  if (area.status === 'completed') {
    return (
      <GuardedAction
        variant={variant}
        icon={<IconRotate size={16} />}
        label={variant === 'icon' ? t('areas.reopenFor', { name: areaTitle(area) }) : t('areas.reopen')}
        denied={deniedReason(t, area.abilities, 'canReopen')}
        onClick={() => onAction(area, 'reopen')}
        buttonVariant="default"
      />
    );
  }
  return (
    <GuardedAction
      variant={variant}
      color="green"
      icon={<IconCircleCheck size={16} />}
      label={variant === 'icon' ? t('areas.completeFor', { name: areaTitle(area) }) : t('areas.complete')}
      denied={deniedReason(t, area.abilities, 'canComplete')}
      onClick={() => onAction(area, 'complete')}
    />
  );
}

/** Someone without the right to manage projects sees no buttons at all, rather than a row of refusals. */
export const mayManage = (a: AreaSummary): boolean => a.abilities.canEdit || a.abilities.reasons.canEdit !== 'FORBIDDEN';

/** A row's buttons: complete or reopen, edit, delete; each follows the area's abilities and says why when it may not. */
export function AreaRowActions({
  area,
  onEdit,
  onDelete,
  onStatus,
}: {
  area: AreaSummary;
  onEdit: (a: AreaSummary) => void;
  onDelete: (a: AreaSummary) => void;
  onStatus: (a: AreaSummary, action: 'complete' | 'reopen') => void;
}) {
  const { t } = useTranslation();
  if (!mayManage(area)) return null;
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <AreaStatusAction area={area} onAction={onStatus} />
      <GuardedAction
        variant="icon"
        icon={<IconPencil size={16} />}
        label={t('areas.editFor', { name: areaTitle(area) })}
        denied={deniedReason(t, area.abilities, 'canEdit')}
        onClick={() => onEdit(area)}
      />
      <GuardedAction
        variant="icon"
        color="red"
        icon={<IconTrash size={16} />}
        label={t('areas.deleteFor', { name: areaTitle(area) })}
        denied={deniedReason(t, area.abilities, 'canDelete')}
        onClick={() => onDelete(area)}
      />
    </Group>
  );
}

interface TableProps {
  projectId: number;
  rows: AreaSummary[] | undefined;
  isLoading: boolean;
  error?: unknown;
  onRetry?: () => void;
  caption: string;
  empty: ReactNode;
  onEdit: (a: AreaSummary) => void;
  /** Show the sub-areas column (areas have sub-areas; sub-areas have none). */
  withChildren?: boolean;
}

/** Areas or sub-areas as rows (cards on a phone): thumbnail, number, name, type, status, completion, sub-areas, actions. */
export function AreaTable({
  projectId,
  rows,
  isLoading,
  error,
  onRetry,
  caption,
  empty,
  onEdit,
  withChildren = true,
}: TableProps) {
  const { t } = useTranslation();
  const { handleDelete, handleStatus } = useAreaActions(projectId);
  const columns: Column<AreaSummary>[] = [
    {
      key: 'image',
      header: <span className="visually-hidden">{t('areas.fields.thumbnail')}</span>,
      label: t('areas.fields.thumbnail'),
      width: 64,
      render: (a) => <Thumb src={a.thumbUrl} alt="" width={48} height={36} />,
    },
    {
      key: 'number',
      header: t('areas.fields.number'),
      width: 90,
      render: (a) => (a.number ? <Text size="sm">{a.number}</Text> : <Text c="dimmed">—</Text>),
    },
    {
      key: 'name',
      header: t('areas.fields.name'),
      render: (a) => (
        <Anchor component={Link} to={areaPath(projectId, a.id)} fw={500}>
          {a.name}
        </Anchor>
      ),
    },
    {
      key: 'type',
      header: t('areas.fields.areaType'),
      render: (a) => (a.areaType ? <Text size="sm">{a.areaType}</Text> : <Text c="dimmed">—</Text>),
    },
    { key: 'status', header: t('areas.fields.status'), width: 110, render: (a) => <AreaStatusBadge status={a.status} /> },
    {
      key: 'completion',
      header: t('areas.fields.completion'),
      width: 200,
      render: (a) => <CompletionBar completion={a.completion} compact />,
    },
    ...(withChildren
      ? [
          {
            key: 'children',
            header: t('areas.fields.subareas'),
            width: 120,
            render: (a: AreaSummary) =>
              a.childrenCount > 0 ? (
                <Anchor component={Link} to={`${areaPath(projectId, a.id)}/subareas`} size="sm">
                  {t('areas.subareas.count', { count: a.childrenCount })}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              ),
          },
        ]
      : []),
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      label: t('common.table.actions'),
      width: 130,
      render: (a) => (
        <AreaRowActions
          area={a}
          onEdit={onEdit}
          onDelete={(x) => void handleDelete(x)}
          onStatus={(x, action) => void handleStatus(x, action)}
        />
      ),
    },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(a) => a.id}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      empty={empty}
      cardSort={false}
    />
  );
}
