import type { RouteObject } from 'react-router';
import { meta } from '../../app/route-sets/shared';

const PROJECTS = ['projects.view', 'projects.manage'] as const;

/**
 * Children of the area page (/projects/:projectId/areas/:areaId), shown in its <Outlet /> as a
 * drawer over the page: the task editor (task/:taskId) and, in its place, the sub-task editor
 * (task/:taskId/subtask/:subTaskId; closing it returns to the task).
 */
export const taskEditorRoutes: RouteObject[] = [
  {
    path: 'task/:taskId',
    handle: meta({ name: 'projects.task', slug: 'taskId', parent: 'projects.area', permission: PROJECTS }),
    lazy: async () => ({ Component: (await import('./components/TaskDrawer')).TaskRoute }),
    children: [
      {
        path: 'subtask/:subTaskId',
        handle: meta({ name: 'projects.subtask', slug: 'subTaskId', parent: 'projects.task', permission: PROJECTS }),
        lazy: async () => ({ Component: (await import('./components/SubtaskDrawer')).SubtaskRoute }),
      },
    ],
  },
];

/** The project's task list ({projectId}/tasks). */
export const projectTaskRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId/tasks',
    handle: meta({ name: 'projects.tasks', title: 'tasks.list.title', parent: 'projects.show', permission: PROJECTS }),
    lazy: async () => ({ Component: (await import('./pages/ProjectTasksPage')).ProjectTasksPage }),
  },
];
