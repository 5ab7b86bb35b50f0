import type { TaskList } from '@app/shared/task-list/task-list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { areaIdsParam, type Choice } from './chooser';

/**
 * The assembly list's key, under the project's own prefix (['projects', p], see projects/api.ts):
 * any change in the project (a task, a sub-task, an area) refreshes it.
 */
export const taskListKeys = {
  list: (projectId: number, choice: Choice) => ['projects', projectId, 'task-list', choice] as const,
};

/** The path for a choice: `areaIds` left out is the whole project, empty is none (only the tree). */
export function taskListPath(projectId: number, choice: Choice): string {
  const ids = areaIdsParam(choice);
  const base = `/api/projects/${projectId}/task-list`;
  return ids === undefined ? base : `${base}?areaIds=${ids}`;
}

/** The project's tree (for the chooser) and the chosen areas with their tasks, sub-tasks and order lines. */
export const useTaskList = (projectId: number, choice: Choice) =>
  useQuery({
    queryKey: taskListKeys.list(projectId, choice),
    queryFn: ({ signal }): Promise<TaskList> =>
      api.get<{ data: TaskList }>(taskListPath(projectId, choice), { signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
