import type { TaskSummary } from '@app/shared/projects/tasks';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChecklist, IconCircleCheck, IconPlus, IconRotate, IconTicket } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { EmptyState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { isApiError } from '../../../lib/api';
import { notifyError, useAttempt } from '../../../lib/attempt';
import { translateFieldErrors } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useCan } from '../../auth/api';
import { useProjectLock } from '../project-lock';
import { useAreaTasks, useCreateTask, useTaskTransition } from '../tasks-api';
import { confirmCompleteWithOpenSubtasks } from './complete-offer';
import { GuardedAction } from './GuardedAction';
import { TaskStatusBadge } from './TaskStatusBadge';

/** Where a task's editor opens: the drawer on its area's page. */
export const taskPath = (projectId: number, areaId: number, taskId: number) =>
  `/projects/${projectId}/areas/${areaId}/task/${taskId}`;

/** "3/5" sub-tasks closed, or a dash when there are none. */
export function SubtaskCount({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  if (total === 0)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      <IconChecklist size={14} style={{ verticalAlign: -2, marginRight: 4 }} aria-hidden />
      <span aria-hidden>
        {done}/{total}
      </span>
      <span className="visually-hidden">{t('tasks.fields.subtasksDone', { done, total })}</span>
    </Text>
  );
}

/** The number of open tickets, orange when there are any. */
export function OpenTickets({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Badge color="orange" variant="light" leftSection={<IconTicket size={12} aria-hidden />}>
      {t('tasks.fields.openTicketsCount', { count })}
    </Badge>
  );
}

/** Completes or reopens a task from a list row, as the task's abilities allow (a denied action says why). */
export function TaskQuickAction({ projectId, task }: { projectId: number; task: TaskSummary }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const complete = useTaskTransition(projectId, 'complete');
  const reopen = useTaskTransition(projectId, 'reopen');
  const run = async (which: 'complete' | 'reopen') => {
    if (which === 'complete' && !(await confirmCompleteWithOpenSubtasks(t, task.subtasksTotal - task.subtasksDone))) return;
    await attempt(async () => {
      await (which === 'complete' ? complete : reopen).mutateAsync(task);
      notify.success(t(which === 'complete' ? 'tasks.completed' : 'tasks.reopened', { name: task.name }));
    });
  };
  if (task.status === 'completed') {
    return (
      <GuardedAction
        variant="icon"
        icon={<IconRotate size={16} />}
        label={t('tasks.reopenFor', { name: task.name })}
        denied={deniedReason(t, task.abilities, 'canReopen')}
        loading={reopen.isPending}
        onClick={() => void run('reopen')}
      />
    );
  }
  return (
    <GuardedAction
      variant="icon"
      color="green"
      icon={<IconCircleCheck size={16} />}
      label={t('tasks.completeFor', { name: task.name })}
      denied={deniedReason(t, task.abilities, 'canComplete')}
      loading={complete.isPending}
      onClick={() => void run('complete')}
    />
  );
}

/** A one-line form: the name of a new task (or sub-task), Enter adds it. */
export function QuickAdd({
  label,
  placeholder,
  button,
  onAdd,
  denied = null,
}: {
  label: string;
  placeholder: string;
  button: string;
  /** Why nothing may be added (a deleted project): the field is disabled and says so, the button says why. */
  denied?: string | null;
  /** Resolves when added; rejects with the server's answer. */
  onAdd: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    try {
      await onAdd(trimmed);
      setName('');
      setError(null);
    } catch (err) {
      const field = isApiError(err) && err.fieldErrors ? translateFieldErrors(t, err.fieldErrors).name : undefined;
      if (field) setError(field);
      else notifyError(t, err);
    } finally {
      setBusy(false);
    }
  };
  if (denied) {
    return (
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={label}
          labelProps={{ className: 'visually-hidden' }}
          placeholder={placeholder}
          description={denied}
          disabled
          style={{ flex: 1, minWidth: 0 }}
        />
        <GuardedAction buttonVariant="filled" icon={<IconPlus size={16} />} label={button} denied={denied} onClick={() => {}} />
      </Group>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={label}
          labelProps={{ className: 'visually-hidden' }}
          placeholder={placeholder}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          maxLength={160}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" loading={busy} leftSection={<IconPlus size={16} />} style={{ flex: 'none' }}>
          {button}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The area's default view: its tasks (name, status, assignee, sub-tasks closed, open tickets),
 * a task added by typing its name and Enter, complete / reopen per row as the server allows, and
 * each name opening the task's editor (the drawer at task/:taskId on the area's page).
 */
export function AreaTasks({ projectId, areaId }: { projectId: number; areaId: number }) {
  const { t } = useTranslation();
  const tasks = useAreaTasks(projectId, areaId);
  const create = useCreateTask(projectId, areaId);
  const canManage = useCan('projects.manage');
  // A deleted project is read-only: the add stays in sight, disabled, and says why.
  const lock = useProjectLock(projectId);
  const rows = tasks.data;
  const done = rows?.filter((r) => r.status === 'completed').length ?? 0;

  const columns: Column<TaskSummary>[] = [
    {
      key: 'name',
      header: t('tasks.fields.name'),
      render: (r) => (
        <Anchor component={Link} to={taskPath(projectId, areaId, r.id)} fw={500} style={{ overflowWrap: 'anywhere' }}>
          {r.name}
        </Anchor>
      ),
    },
    { key: 'status', header: t('tasks.fields.status'), render: (r) => <TaskStatusBadge status={r.status} /> },
    {
      key: 'assignee',
      header: t('tasks.fields.assignee'),
      render: (r) =>
        r.assignee?.name ?? (
          <Text span size="sm" c="dimmed">
            {t('tasks.unassigned')}
          </Text>
        ),
    },
    {
      key: 'subtasks',
      header: t('tasks.fields.subtasks'),
      render: (r) => <SubtaskCount done={r.subtasksDone} total={r.subtasksTotal} />,
    },
    { key: 'tickets', header: t('tasks.fields.openTickets'), render: (r) => <OpenTickets count={r.openTicketsCount} /> },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      width: 60,
      render: (r) => (
        <Group justify="flex-end">
          <TaskQuickAction projectId={projectId} task={r} />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="area-tasks-title">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} fz="h3" id="area-tasks-title">
          {t('tasks.area.title')}
        </Title>
        {rows && rows.length > 0 ? (
          <Text size="sm" c="dimmed">
            {t('tasks.area.progress', { done, total: rows.length })}
          </Text>
        ) : null}
      </Group>
      {canManage ? (
        <QuickAdd
          label={t('tasks.area.addLabel')}
          placeholder={t('tasks.area.addPlaceholder')}
          button={t('tasks.area.add')}
          denied={lock.denied}
          onAdd={async (name) => {
            const task = await create.mutateAsync({ name });
            notify.success(t('tasks.created', { name: task.name }));
          }}
        />
      ) : null}
      <DataTable
        caption={t('tasks.area.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        isLoading={tasks.isLoading}
        error={tasks.error}
        onRetry={() => void tasks.refetch()}
        empty={
          <EmptyState
            icon={<IconChecklist size={32} stroke={1.5} />}
            title={t('tasks.area.emptyTitle')}
            description={canManage && !lock.denied ? t('tasks.area.emptyText') : t('tasks.area.emptyTextReadOnly')}
          />
        }
      />
    </Stack>
  );
}
