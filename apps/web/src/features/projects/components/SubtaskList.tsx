import type { Subtask } from '@app/shared/projects/tasks';
import { Anchor, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconListCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { EmptyState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { useCan } from '../../auth/api';
import { useProjectLock } from '../project-lock';
import { useCopySubtask, useCreateSubtask, useOpenSubtask, useSubtasks } from '../tasks-api';
import { QuickAdd, taskPath } from './AreaTasks';
import { useCloseSubtaskWithOffer } from './complete-offer';
import { GuardedAction } from './GuardedAction';
import { SubtaskStatusBadge } from './TaskStatusBadge';

interface Props {
  projectId: number;
  areaId: number;
  taskId: number;
}

/** Where a sub-task's editor opens: over its task on the area's page. */
export const subtaskPath = (projectId: number, areaId: number, taskId: number, subtaskId: number) =>
  `${taskPath(projectId, areaId, taskId)}/subtask/${subtaskId}`;

/** The closed checkbox of one sub-task: ticking closes it, unticking opens it again, as the server allows. */
function ClosedToggle({ projectId, subtask }: { projectId: number; subtask: Subtask }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const reasonId = useId();
  const close = useCloseSubtaskWithOffer(projectId);
  const open = useOpenSubtask(projectId);
  const [busy, setBusy] = useState(false);
  const closed = subtask.status === 'closed';
  const denied = closed ? deniedReason(t, subtask.abilities, 'canOpen') : deniedReason(t, subtask.abilities, 'canClose');
  const toggle = async () => {
    if (denied) {
      notify.info(denied);
      return;
    }
    setBusy(true);
    await attempt(async () => {
      if (closed) {
        await open.mutateAsync(subtask);
        notify.success(t('tasks.subtask.opened', { name: subtask.name }));
      } else await close.run(subtask);
    });
    setBusy(false);
  };
  const box = (
    <Checkbox
      checked={closed}
      onChange={() => void toggle()}
      disabled={busy}
      aria-label={t('tasks.subtask.closedFor', { name: subtask.name })}
      aria-describedby={denied ? reasonId : undefined}
      aria-disabled={denied ? true : undefined}
      color="green"
    />
  );
  return (
    <>
      {denied ? (
        <Tooltip label={denied} events={{ hover: true, focus: true, touch: true }} multiline maw={320}>
          <span style={{ display: 'inline-flex' }}>{box}</span>
        </Tooltip>
      ) : (
        box
      )}
      {denied ? (
        <span id={reasonId} className="visually-hidden">
          {denied}
        </span>
      ) : null}
    </>
  );
}

/**
 * The task editor's first tab: its sub-tasks (name, amount, assignee, status), a sub-task added by
 * typing its name and Enter, a closed checkbox per row (closing the last open one offers to complete
 * the task), copy, and each name opening the sub-task's editor.
 */
export function SubtaskList({ projectId, areaId, taskId }: Props) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const subtasks = useSubtasks(projectId, taskId);
  const create = useCreateSubtask(projectId, taskId);
  const copy = useCopySubtask(projectId);
  const canManage = useCan('projects.manage');
  // A deleted project is read-only: the add stays in sight, disabled, and says why.
  const lock = useProjectLock(projectId);
  const rows = subtasks.data;
  const closed = rows?.filter((s) => s.status === 'closed').length ?? 0;

  const handleCopy = async (s: Subtask) => {
    await attempt(async () => {
      const made = await copy.mutateAsync(s);
      notify.success(t('tasks.subtask.copied', { name: made.name }));
    });
  };

  const columns: Column<Subtask>[] = [
    {
      key: 'closed',
      header: <span className="visually-hidden">{t('tasks.subtaskStatus.closed')}</span>,
      label: t('tasks.subtaskStatus.closed'),
      width: 44,
      card: 'media',
      render: (s) => <ClosedToggle projectId={projectId} subtask={s} />,
    },
    {
      key: 'name',
      header: t('tasks.fields.name'),
      render: (s) => (
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={subtaskPath(projectId, areaId, taskId, s.id)}
            fw={500}
            style={{ overflowWrap: 'anywhere' }}
          >
            {s.name}
          </Anchor>
          {s.orderLines.length > 0 ? (
            <Text size="xs" c="dimmed">
              {t('tasks.subtask.orderLinesCount', { count: s.orderLines.length })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'amount', header: t('tasks.fields.amount'), width: 80, render: (s) => `${s.amount}×` },
    {
      key: 'assignee',
      header: t('tasks.fields.assignee'),
      render: (s) =>
        s.assignee?.name ?? (
          <Text span size="sm" c="dimmed">
            {t('tasks.unassigned')}
          </Text>
        ),
    },
    { key: 'status', header: t('tasks.fields.status'), render: (s) => <SubtaskStatusBadge status={s.status} /> },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      label: t('common.table.actions'),
      width: 52,
      render: (s) => (
        <GuardedAction
          variant="icon"
          icon={<IconCopy size={16} />}
          label={t('tasks.subtask.copyFor', { name: s.name })}
          denied={deniedReason(t, s.abilities, 'canCopy')}
          onClick={() => void handleCopy(s)}
        />
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {rows && rows.length > 0 ? t('tasks.subtask.progress', { done: closed, total: rows.length }) : null}
        </Text>
      </Group>
      {canManage ? (
        <QuickAdd
          denied={lock.denied}
          label={t('tasks.subtask.addLabel')}
          placeholder={t('tasks.subtask.addPlaceholder')}
          button={t('tasks.subtask.add')}
          onAdd={async (name) => {
            const s = await create.mutateAsync({ name });
            notify.success(t('tasks.subtask.created', { name: s.name }));
          }}
        />
      ) : null}
      <DataTable
        caption={t('tasks.tabs.subtasks')}
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        isLoading={subtasks.isLoading}
        error={subtasks.error}
        onRetry={() => void subtasks.refetch()}
        empty={
          <EmptyState
            icon={<IconListCheck size={32} stroke={1.5} />}
            title={t('tasks.subtask.emptyTitle')}
            description={canManage && !lock.denied ? t('tasks.subtask.emptyText') : undefined}
          />
        }
      />
    </Stack>
  );
}
