import { type Subtask, subtaskInputSchema } from '@app/shared/projects/tasks';
import { Alert, Anchor, Badge, Group, NumberInput, Skeleton, Stack, Tabs, Textarea, TextInput } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconCopy, IconInfoCircle, IconRotate } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { DeleteButton } from '../../../components/DeleteButton';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { ErrorState } from '../../../components/States';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { type SubtaskValues, subtaskToInput, subtaskToValues } from '../subtask-form';
import { useCopySubtask, useDeleteSubtask, useOpenSubtask, useSubtask, useTask, useUpdateSubtask } from '../tasks-api';
import { taskPath } from './AreaTasks';
import { AssigneeSelect } from './AssigneeSelect';
import { useCloseSubtaskWithOffer } from './complete-offer';
import { EditorSaveBar } from './EditorSaveBar';
import classes from './EditorTabs.module.css';
import { GuardedAction } from './GuardedAction';
import { OrderLinesEditor } from './OrderLinesEditor';
import { subtaskPath } from './SubtaskList';
import { EditorDrawer, useTaskRouteIds } from './TaskDrawer';
import { SubtaskStatusBadge } from './TaskStatusBadge';
import { useFollowRecord } from './use-follow-record';

type SubtaskTab = 'details' | 'orderLines';

const DETAIL_FIELDS = ['name', 'amount', 'assembly', 'assigneeId', 'notes'];

/** The shared schema's check, with one plain sentence for a quantity that is not a positive number of at most 3 decimals. */
function validateSubtask(t: TFunction) {
  const check = zodValidate<SubtaskValues>(subtaskInputSchema, t, { from: subtaskToInput });
  return (values: SubtaskValues) => {
    const errors = check(values);
    for (const path of Object.keys(errors)) {
      if (/^orderLines\.\d+\.quantity$/.test(path)) errors[path] = t('tasks.orderLines.quantityInvalid');
    }
    return errors;
  };
}

/**
 * task/:taskId/subtask/:subTaskId: the sub-task editor in the drawer, in place of its task's. Closing
 * it (with unsaved changes: after asking) goes back to the task.
 */
export function SubtaskRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId, areaId, taskId, subtaskId } = useTaskRouteIds();
  const subtask = useSubtask(projectId, subtaskId);
  const backTo = taskPath(projectId, areaId, taskId);
  const { close, closeGuard } = useGuardedClose(() => navigate(backTo));
  const [tab, setTab] = useState<SubtaskTab>('details');

  return (
    <EditorDrawer title={subtask.data?.name ?? t('tasks.subtask.editorTitle')} onClose={close}>
      {subtask.isLoading ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={24} w="40%" />
          <Skeleton h={36} />
          <Skeleton h={180} />
        </Stack>
      ) : subtask.error || !subtask.data ? (
        <ErrorState error={subtask.error} onRetry={() => void subtask.refetch()} />
      ) : (
        <SubtaskForm
          key={subtask.data.id}
          projectId={projectId}
          areaId={areaId}
          subtask={subtask.data}
          tab={tab}
          onTab={setTab}
          closeGuard={closeGuard}
          onLeave={(to) => navigate(to ?? backTo)}
          reload={async () => (await subtask.refetch()).data}
        />
      )}
    </EditorDrawer>
  );
}

interface FormProps {
  projectId: number;
  areaId: number;
  subtask: Subtask;
  tab: SubtaskTab;
  onTab: (tab: SubtaskTab) => void;
  closeGuard: CloseGuard;
  /** Away from this sub-task on purpose (deleted, or to its copy): no question about unsaved changes. */
  onLeave: (to?: string) => void;
  reload: () => Promise<Subtask | undefined>;
}

/**
 * The sub-task's details (name, amount, assembly notes, assignee, notes) and its order lines: one
 * form, one save with the version. Close / open and copy follow the server's abilities; with
 * unsaved changes they wait for a save (their change would make this form stale).
 */
function SubtaskForm({ projectId, areaId, subtask, tab, onTab, closeGuard, onLeave, reload }: FormProps) {
  const { t, i18n } = useTranslation();
  const attempt = useAttempt();
  const task = useTask(projectId, subtask.taskId);
  const update = useUpdateSubtask(projectId, subtask.id);
  const close = useCloseSubtaskWithOffer(projectId);
  const open = useOpenSubtask(projectId);
  const copy = useCopySubtask(projectId);
  const remove = useDeleteSubtask(projectId);
  const toValues = (s: Subtask) => subtaskToValues(s, i18n.language);

  const editor = useEditor<SubtaskValues, Subtask>({
    initialValues: toValues(subtask),
    base: subtask,
    validate: validateSubtask(t),
    save: async (v) => {
      const saved = await update.mutateAsync({ ...subtaskToInput(v), version: followed.current.version });
      followed.current = saved;
      return saved;
    },
    toValues,
    savedMessage: (saved) => t('tasks.subtask.saved', { name: saved.name }),
    reload: async () => {
      const fresh = await reload();
      if (fresh) followed.current = fresh;
      return fresh;
    },
    staleText: () => t('tasks.subtask.stale'),
    closeGuard,
  });
  const { form } = editor;
  // Closed, opened or copied beside the form: without unsaved changes the form follows the newest copy.
  const followed = useFollowRecord(editor, subtask, toValues);
  const editable = subtask.abilities.canEdit;

  const firstError = Object.keys(form.errors)[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new first problem moves the tab
  useEffect(() => {
    if (!firstError) return;
    const wanted: SubtaskTab = DETAIL_FIELDS.includes(firstError) ? 'details' : 'orderLines';
    if (tab !== wanted) onTab(wanted);
  }, [firstError]);

  const saveFirst = editor.isDirty ? t('tasks.saveFirst') : null;
  const current = { id: subtask.id, version: followed.current.version, name: subtask.name, taskId: subtask.taskId };

  const toggle = async () => {
    if (subtask.status === 'closed') {
      await attempt(
        async () => {
          await open.mutateAsync(current);
          notify.success(t('tasks.subtask.opened', { name: subtask.name }));
        },
        { onStale: editor.markStale },
      );
    } else await close.run(current);
  };

  const handleCopy = async () => {
    await attempt(async () => {
      const made = await copy.mutateAsync(current);
      notify.success(t('tasks.subtask.copiedOpen', { name: made.name }));
      onLeave(subtaskPath(projectId, areaId, subtask.taskId, made.id));
    });
  };

  const handleDelete = async () => {
    const ok = await confirmAction({
      title: t('tasks.subtask.delete.title'),
      message: t('tasks.subtask.delete.text', { name: subtask.name, count: subtask.orderLines.length }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        await remove.mutateAsync({ id: subtask.id, version: followed.current.version });
        editor.leave();
        notify.success(t('tasks.subtask.delete.done', { name: subtask.name }));
        onLeave();
      },
      { onStale: editor.markStale },
    );
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={taskPath(projectId, areaId, subtask.taskId)} size="sm">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft size={14} aria-hidden />
          <span style={{ overflowWrap: 'anywhere' }}>
            {t('tasks.subtask.backToTask', { name: task.data?.name ?? t('tasks.editor.title') })}
          </span>
        </Group>
      </Anchor>
      <Group justify="space-between" gap="sm" wrap="wrap" align="center">
        <SubtaskStatusBadge status={subtask.status} />
        <Group gap="xs" wrap="wrap">
          <GuardedAction
            label={t('tasks.subtask.copy')}
            icon={<IconCopy size={16} />}
            buttonVariant="default"
            denied={deniedReason(t, subtask.abilities, 'canCopy') ?? saveFirst}
            loading={copy.isPending}
            onClick={() => void handleCopy()}
          />
          {subtask.status === 'closed' ? (
            <GuardedAction
              label={t('tasks.subtask.open')}
              icon={<IconRotate size={16} />}
              denied={deniedReason(t, subtask.abilities, 'canOpen') ?? saveFirst}
              loading={open.isPending}
              onClick={() => void toggle()}
              showReason
            />
          ) : (
            <GuardedAction
              label={t('tasks.subtask.close')}
              icon={<IconCircleCheck size={16} />}
              color="green"
              denied={deniedReason(t, subtask.abilities, 'canClose') ?? saveFirst}
              loading={close.pending}
              onClick={() => void toggle()}
              showReason
            />
          )}
        </Group>
      </Group>
      {editor.banner}
      <form {...editor.formProps}>
        <Tabs
          value={tab}
          onChange={(v) => v && onTab(v as SubtaskTab)}
          keepMounted
          classNames={{ list: classes.list, tab: classes.tab }}
        >
          <Tabs.List>
            <Tabs.Tab value="details">{t('tasks.tabs.details')}</Tabs.Tab>
            <Tabs.Tab value="orderLines">
              {t('tasks.tabs.orderLines')}
              {form.values.orderLines.length > 0 ? (
                <Badge size="sm" variant="light" color="gray" ml={6}>
                  {form.values.orderLines.length}
                </Badge>
              ) : null}
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="details" pt="md">
            <Stack gap="sm">
              {!editable ? (
                <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
                  {deniedReason(t, subtask.abilities, 'canEdit')}
                </Alert>
              ) : null}
              <Group gap="sm" align="flex-start" wrap="wrap">
                <TextInput
                  label={t('tasks.fields.name')}
                  required
                  disabled={!editable}
                  style={{ flex: '1 1 16rem', minWidth: 0 }}
                  {...form.getInputProps('name')}
                />
                <NumberInput
                  label={t('tasks.fields.amount')}
                  min={0}
                  max={100_000}
                  allowDecimal={false}
                  allowNegative={false}
                  disabled={!editable}
                  style={{ flex: '0 1 8rem' }}
                  {...form.getInputProps('amount')}
                />
              </Group>
              <Textarea
                label={t('tasks.fields.assembly')}
                description={t('tasks.fields.assemblyHint')}
                autosize
                minRows={3}
                maxRows={10}
                disabled={!editable}
                {...form.getInputProps('assembly')}
              />
              <AssigneeSelect
                label={t('tasks.fields.assignee')}
                current={subtask.assignee}
                disabled={!editable}
                {...form.getInputProps('assigneeId')}
              />
              <Textarea
                label={t('tasks.fields.notes')}
                autosize
                minRows={2}
                maxRows={10}
                disabled={!editable}
                {...form.getInputProps('notes')}
              />
              <Group pt="sm" gap="sm">
                <HistoryPanel subject="subtask" id={subtask.id} />
                <DeleteButton
                  label={t('tasks.subtask.delete.button')}
                  onClick={() => void handleDelete()}
                  loading={remove.isPending}
                  denied={deniedReason(t, subtask.abilities, 'canDelete')}
                />
              </Group>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="orderLines" pt="md">
            <OrderLinesEditor form={form} editable={editable} />
          </Tabs.Panel>
        </Tabs>

        {editable ? <EditorSaveBar editor={editor} /> : null}
      </form>
    </Stack>
  );
}
