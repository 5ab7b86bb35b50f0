import { Drawer, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutlet, useParams } from 'react-router';
import { ErrorState } from '../../../components/States';
import { useGuardedClose } from '../../../components/use-editor';
import { useTask } from '../tasks-api';
import { TaskForm, type TaskTab } from './TaskForm';

/** Phones (and narrow windows) get the editors full screen. */
export const DRAWER_FULL_SCREEN = '(max-width: 40em)';

/** The route's ids as numbers (the route guard has already refused ids that cannot exist). */
export function useTaskRouteIds() {
  const params = useParams();
  return {
    projectId: Number(params.projectId),
    areaId: Number(params.areaId),
    taskId: Number(params.taskId),
    subtaskId: Number(params.subTaskId),
  };
}

/** A drawer on the right (full screen on a phone) for the task and sub-task editors. */
export function EditorDrawer({
  title,
  onClose,
  children,
  label,
}: {
  title: ReactNode;
  /** Escape, the X and the backdrop: the editor's guarded close. */
  onClose: () => void;
  children: ReactNode;
  /** The dialog's accessible name when the title is not plain text. */
  label?: string;
}) {
  const full = useMediaQuery(DRAWER_FULL_SCREEN, false, { getInitialValueInEffect: false });
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={full ? '100%' : 760}
      title={title}
      aria-label={label}
      padding={full ? 'md' : 'lg'}
      styles={{ title: { minWidth: 0, flex: 1, fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Drawer>
  );
}

/**
 * task/:taskId on the area's page: the task editor in a drawer. When a sub-task is opened
 * (task/:taskId/subtask/:subTaskId) its editor takes the drawer's place; closing it comes back here.
 */
export function TaskRoute() {
  const outlet = useOutlet();
  const { taskId } = useTaskRouteIds();
  return outlet ?? <TaskDrawer key={taskId} />;
}

function TaskDrawer() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId, areaId, taskId } = useTaskRouteIds();
  const task = useTask(projectId, taskId);
  const areaPath = `/projects/${projectId}/areas/${areaId}`;
  const { close, closeGuard } = useGuardedClose(() => navigate(areaPath));
  const [tab, setTab] = useState<TaskTab>('subtasks');

  const title = task.data?.name ?? t('tasks.editor.title');
  return (
    <EditorDrawer title={title} onClose={close}>
      {task.isLoading ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={24} w="40%" />
          <Skeleton h={36} />
          <Skeleton h={180} />
        </Stack>
      ) : task.error || !task.data ? (
        <ErrorState error={task.error} onRetry={() => void task.refetch()} />
      ) : (
        <TaskForm
          key={task.data.id}
          projectId={projectId}
          areaId={areaId}
          task={task.data}
          tab={tab}
          onTab={setTab}
          closeGuard={closeGuard}
          onDeleted={() => navigate(areaPath)}
          reload={async () => (await task.refetch()).data}
        />
      )}
    </EditorDrawer>
  );
}
