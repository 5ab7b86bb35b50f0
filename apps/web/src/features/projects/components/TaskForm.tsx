import type { FileInfo } from '@app/shared/files/files';
import { type Task, type TaskInput, taskInputSchema } from '@app/shared/projects/tasks';
import { Alert, Badge, Group, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconRotate } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { DeleteButton } from '../../../components/DeleteButton';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { type CloseGuard, useEditor } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useDeleteTask, useSubtasks, useTaskTransition, useUpdateTask } from '../tasks-api';
import { AssigneeSelect } from './AssigneeSelect';
import { confirmCompleteWithOpenSubtasks } from './complete-offer';
import { EditorSaveBar } from './EditorSaveBar';
import classes from './EditorTabs.module.css';
import { GuardedAction } from './GuardedAction';
import { ProjectFilesField } from './ProjectFilesField';
import { SubtaskList } from './SubtaskList';
import { TaskStatusBadge } from './TaskStatusBadge';
import { TaskTickets } from './TaskTickets';
import { useFollowRecord } from './use-follow-record';

export const TASK_TABS = ['subtasks', 'details', 'attachments', 'tickets'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

export interface TaskValues {
  name: string;
  assigneeId: number | null;
  notes: string;
  attachments: FileInfo[];
}

export const taskToValues = (task: Task): TaskValues => ({
  name: task.name,
  assigneeId: task.assignee?.id ?? null,
  notes: task.notes,
  attachments: task.attachments,
});

const toInput = (v: TaskValues): TaskInput => ({
  name: v.name.trim(),
  assigneeId: v.assigneeId,
  notes: v.notes.trim(),
  attachmentIds: v.attachments.map((a) => a.id),
});

/** The fields on the details tab: a problem there opens that tab. */
const DETAIL_FIELDS = ['name', 'assigneeId', 'notes'];

interface Props {
  projectId: number;
  areaId: number;
  /** The task as loaded now (the query's copy); the form starts from it. */
  task: Task;
  tab: TaskTab;
  onTab: (tab: TaskTab) => void;
  closeGuard: CloseGuard;
  /** After a delete: the drawer goes, without asking about unsaved changes. */
  onDeleted: () => void;
  /** Loads the newest copy (the stale banner's button). */
  reload: () => Promise<Task | undefined>;
}

/**
 * The task editor's contents: status and complete / reopen, and the tabs sub-tasks, details (name,
 * assignee, notes), attachments and tickets. Details and attachments are one form saved with the
 * task's version: a 409 shows the stale banner, field errors land on their fields, and closing with
 * unsaved changes asks first.
 */
export function TaskForm({ projectId, areaId, task, tab, onTab, closeGuard, onDeleted, reload }: Props) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const update = useUpdateTask(projectId, task.id);
  const complete = useTaskTransition(projectId, 'complete');
  const reopen = useTaskTransition(projectId, 'reopen');
  const remove = useDeleteTask(projectId);
  const subtasks = useSubtasks(projectId, task.id);

  const editor = useEditor<TaskValues, Task>({
    initialValues: taskToValues(task),
    base: task,
    validate: zodValidate(taskInputSchema, t, { from: toInput, rename: { attachmentIds: 'attachments' } }),
    fieldErrors: { rename: { attachmentIds: 'attachments' } },
    save: async (v) => {
      const saved = await update.mutateAsync({ ...toInput(v), version: followed.current.version });
      followed.current = saved;
      return saved;
    },
    toValues: taskToValues,
    savedMessage: (saved) => t('tasks.saved', { name: saved.name }),
    reload: async () => {
      const fresh = await reload();
      if (fresh) followed.current = fresh;
      return fresh;
    },
    staleText: () => t('tasks.stale'),
    closeGuard,
  });
  const { form } = editor;
  // The task moved on beside this form (completed, a ticket): without unsaved changes the form follows it.
  const followed = useFollowRecord(editor, task, taskToValues);
  const editable = task.abilities.canEdit;

  // A problem found on a tab out of sight: show that tab.
  const errorPaths = Object.keys(form.errors);
  const firstError = errorPaths[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new first problem moves the tab
  useEffect(() => {
    if (!firstError) return;
    const wanted: TaskTab = DETAIL_FIELDS.includes(firstError) ? 'details' : 'attachments';
    if (tab !== wanted) onTab(wanted);
  }, [firstError]);

  const saveFirst = editor.isDirty ? t('tasks.saveFirst') : null;

  const transition = async (which: 'complete' | 'reopen') => {
    // The sub-tasks as the list below shows them when loaded, else the task's own counts.
    const open = subtasks.data
      ? subtasks.data.filter((s) => s.status !== 'closed').length
      : task.subtasksTotal - task.subtasksDone;
    if (which === 'complete' && !(await confirmCompleteWithOpenSubtasks(t, open))) return;
    await attempt(async () => {
      await (which === 'complete' ? complete : reopen).mutateAsync({ id: task.id, version: followed.current.version });
      notify.success(t(which === 'complete' ? 'tasks.completed' : 'tasks.reopened', { name: task.name }));
    });
  };

  const handleDelete = async () => {
    const ok = await confirmAction({
      title: t('tasks.delete.title'),
      message: t('tasks.delete.text', { name: task.name, count: task.subtasksTotal }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        await remove.mutateAsync({ id: task.id, version: followed.current.version });
        editor.leave();
        notify.success(t('tasks.delete.done', { name: task.name }));
        onDeleted();
      },
      { onStale: editor.markStale },
    );
  };

  const subtaskCount = subtasks.data
    ? `${subtasks.data.filter((s) => s.status === 'closed').length}/${subtasks.data.length}`
    : null;
  const onFormTab = tab === 'details' || tab === 'attachments';

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="center">
        <Group gap="xs" wrap="wrap">
          <TaskStatusBadge status={task.status} />
          <Text size="sm" c="dimmed">
            {[task.areaNumber, task.areaName].filter(Boolean).join(' · ')}
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap" justify="flex-end" style={{ maxWidth: '100%' }}>
          {task.status === 'completed' ? (
            <GuardedAction
              label={t('tasks.reopen')}
              icon={<IconRotate size={16} />}
              denied={deniedReason(t, task.abilities, 'canReopen') ?? saveFirst}
              loading={reopen.isPending}
              onClick={() => void transition('reopen')}
              showReason
            />
          ) : (
            <GuardedAction
              label={t('tasks.complete')}
              icon={<IconCircleCheck size={16} />}
              color="green"
              denied={deniedReason(t, task.abilities, 'canComplete') ?? saveFirst}
              loading={complete.isPending}
              onClick={() => void transition('complete')}
              showReason
            />
          )}
        </Group>
      </Group>
      {editor.banner}
      <Tabs
        value={tab}
        onChange={(v) => v && onTab(v as TaskTab)}
        keepMounted
        classNames={{ list: classes.list, tab: classes.tab }}
      >
        <Tabs.List>
          <Tabs.Tab value="subtasks">
            {t('tasks.tabs.subtasks')}
            {subtaskCount ? (
              <Badge size="sm" variant="light" color="gray" ml={6} className={classes.optionalCount}>
                {subtaskCount}
              </Badge>
            ) : null}
          </Tabs.Tab>
          <Tabs.Tab value="details">{t('tasks.tabs.details')}</Tabs.Tab>
          <Tabs.Tab value="attachments">
            {t('tasks.tabs.attachments')}
            {form.values.attachments.length > 0 ? (
              <Badge size="sm" variant="light" color="gray" ml={6}>
                {form.values.attachments.length}
              </Badge>
            ) : null}
          </Tabs.Tab>
          <Tabs.Tab value="tickets">
            {t('tasks.tabs.tickets')}
            {task.openTicketsCount > 0 ? (
              <Badge size="sm" variant="light" color="orange" ml={6}>
                {task.openTicketsCount}
              </Badge>
            ) : null}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="subtasks" pt="md">
          <SubtaskList projectId={projectId} areaId={areaId} taskId={task.id} />
        </Tabs.Panel>

        <Tabs.Panel value="details" pt="md">
          <form {...editor.formProps}>
            <Stack gap="sm">
              {!editable ? (
                <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
                  {deniedReason(t, task.abilities, 'canEdit')}
                </Alert>
              ) : null}
              <TextInput label={t('tasks.fields.name')} required disabled={!editable} {...form.getInputProps('name')} />
              <AssigneeSelect
                label={t('tasks.fields.assignee')}
                current={task.assignee}
                disabled={!editable}
                {...form.getInputProps('assigneeId')}
              />
              <Textarea
                label={t('tasks.fields.notes')}
                autosize
                minRows={3}
                maxRows={12}
                disabled={!editable}
                {...form.getInputProps('notes')}
              />
              {/* Enter in a field saves, as in every form. */}
              <button type="submit" hidden aria-hidden tabIndex={-1} />
              <Group pt="sm" gap="sm">
                <HistoryPanel subject="task" id={task.id} />
                <DeleteButton
                  label={t('tasks.delete.button')}
                  onClick={() => void handleDelete()}
                  loading={remove.isPending}
                  denied={deniedReason(t, task.abilities, 'canDelete')}
                />
              </Group>
            </Stack>
          </form>
        </Tabs.Panel>

        <Tabs.Panel value="attachments" pt="md">
          <ProjectFilesField
            id="field-attachments"
            label={t('tasks.tabs.attachments')}
            value={form.values.attachments}
            onChange={(files) => form.setFieldValue('attachments', files)}
            error={form.errors.attachments}
            disabled={!editable}
          />
        </Tabs.Panel>

        <Tabs.Panel value="tickets" pt="md">
          <TaskTickets projectId={projectId} taskId={task.id} />
        </Tabs.Panel>
      </Tabs>

      {onFormTab && editable ? <EditorSaveBar editor={editor} onSave={() => editor.formProps.onSubmit()} /> : null}
    </Stack>
  );
}
