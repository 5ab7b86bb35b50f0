import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

const PROJECTS = ['projects.view', 'projects.manage'] as const;

/** The printable assembly list of a project ({projectId}/task-list, project-tasks.print). */
export const taskListRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId/task-list',
    handle: meta({ name: 'project-tasks.print', title: 'taskList.title', parent: 'projects.show', permission: PROJECTS }),
    lazy: async () => ({ Component: (await import('./pages/TaskListPage')).TaskListPage }),
  },
];
