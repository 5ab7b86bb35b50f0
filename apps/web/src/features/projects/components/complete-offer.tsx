import type { SubtaskCloseResult } from '@app/shared/projects/tasks';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { useCloseSubtask, useCompleteTaskNow } from '../tasks-api';

/**
 * Closing a sub-task, from the task's list or from the sub-task's editor. When the server answers
 * that every sub-task of the task is now closed (`taskCanComplete`), it offers to complete the
 * task: "Alle subtaken zijn gesloten. Taak afronden?" with a button that does it.
 */
export function useCloseSubtaskWithOffer(projectId: number) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const close = useCloseSubtask(projectId);
  const complete = useCompleteTaskNow(projectId);

  const offer = (taskId: number) =>
    modals.openConfirmModal({
      title: t('tasks.completeOffer.title'),
      centered: true,
      children: <Text size="sm">{t('tasks.completeOffer.text')}</Text>,
      labels: { confirm: t('tasks.completeOffer.confirm'), cancel: t('tasks.completeOffer.later') },
      // Awaited here rather than through mutate's callbacks: the list row that asked may be gone by then.
      onConfirm: async () => {
        await attempt(async () => {
          const task = await complete.mutateAsync(taskId);
          notify.success(t('tasks.completed', { name: task.name }));
        });
      },
    });

  /** Closes the sub-task; resolves with the answer, or null when it failed (the toast says why). */
  const run = async (s: { id: number; version: number; name: string; taskId: number }): Promise<SubtaskCloseResult | null> => {
    const result = await attempt(async () => {
      const closed = await close.mutateAsync(s);
      notify.success(t('tasks.subtask.closed', { name: s.name }));
      if (closed.taskCanComplete) offer(s.taskId);
      return closed;
    });
    return result ?? null;
  };

  return { run, pending: close.isPending };
}

/**
 * Before completing a task whose sub-tasks are not all closed: "Er staan nog N subtaken open.
 * Toch afronden?" with confirm and cancel. True at once when none is open (nothing to ask).
 */
export function confirmCompleteWithOpenSubtasks(t: TFunction, open: number): Promise<boolean> {
  if (open <= 0) return Promise.resolve(true);
  return confirmAction({
    title: t('tasks.openSubtasks.title'),
    message: t('tasks.openSubtasks.text', { count: open }),
    confirmLabel: t('tasks.openSubtasks.confirm'),
  });
}
