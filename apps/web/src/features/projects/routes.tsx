import type { Permission } from '@app/shared/platform/permissions';
import { Navigate, type RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

const VIEW: readonly Permission[] = ['projects.view', 'projects.manage'];

/**
 * The projects list, one project's shell (its tabs) and the project feed. The crumbs read
 * Projecten > {project} > {tab}; the project's own crumb (`projects.show`, /projects/:projectId)
 * opens its areas. The other tabs are routed by their features (timeline, templates, tickets, …).
 */
const projectShellRoutes: RouteObject[] = [
  {
    path: 'projects',
    handle: meta({ name: 'projects.index', title: 'projects.list.title', parent: 'home', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/ProjectsPage')).ProjectsPage }),
  },
  {
    path: 'projects/create',
    handle: meta({
      name: 'projects.create',
      title: 'projects.editor.createTitle',
      parent: 'projects.index',
      permission: ['projects.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/ProjectEditPage')).ProjectCreatePage }),
  },
  {
    // Spec: /projects/{projectId} redirects to the areas list.
    path: 'projects/:projectId',
    handle: meta({ name: 'projects.show', slug: 'projectId', parent: 'projects.index', permission: VIEW }),
    element: <Navigate to="areas" replace />,
  },
  {
    path: 'projects/:projectId/details',
    handle: meta({ name: 'projects.details', title: 'projects.tabs.details', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/ProjectEditPage')).ProjectDetailsPage }),
  },
  {
    path: 'projects/:projectId/feed',
    handle: meta({ name: 'projects.feed', title: 'projects.tabs.feed', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/ProjectFeedPage')).ProjectFeedPage }),
  },
];

/**
 * Children of the area page (/projects/:projectId/areas/:areaId), shown in its <Outlet /> as a
 * drawer over the page: the task editor (task/:taskId) and, in its place, the sub-task editor
 * (task/:taskId/subtask/:subTaskId; closing it returns to the task).
 */
const taskEditorRoutes: RouteObject[] = [
  {
    path: 'task/:taskId',
    handle: meta({ name: 'projects.task', slug: 'taskId', parent: 'projects.area', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./components/TaskDrawer')).TaskRoute }),
    children: [
      {
        path: 'subtask/:subTaskId',
        handle: meta({ name: 'projects.subtask', slug: 'subTaskId', parent: 'projects.task', permission: VIEW }),
        lazy: async () => ({ Component: (await import('./components/SubtaskDrawer')).SubtaskRoute }),
      },
    ],
  },
];

/** The project's task list ({projectId}/tasks). */
const projectTaskRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId/tasks',
    handle: meta({ name: 'projects.tasks', title: 'tasks.list.title', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/ProjectTasksPage')).ProjectTasksPage }),
  },
];

/**
 * A project's areas ({projectId}/areas), one deck, area or sub-area with its floor plan and its
 * tasks ({projectId}/areas/{areaId}, with the task and sub-task editors as its children, drawers
 * in its Outlet), and an area's sub-areas ({projectId}/areas/{areaId}/subareas). The crumbs read
 * Projecten > {project} > Ruimtes > {area} > Subruimtes.
 */
const areaRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId/areas',
    handle: meta({ name: 'projects.areas', title: 'areas.title', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/AreasPage')).AreasPage }),
  },
  {
    path: 'projects/:projectId/areas/:areaId',
    handle: meta({ name: 'projects.area', slug: 'areaId', parent: 'projects.areas', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/AreaPage')).AreaPage }),
    children: taskEditorRoutes,
  },
  {
    path: 'projects/:projectId/areas/:areaId/subareas',
    handle: meta({ name: 'projects.subareas', title: 'areas.subareas.title', parent: 'projects.area', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/SubareasPage')).SubareasPage }),
  },
];

/** Everything under /projects that the projects feature shows. */
export const projectRoutes: RouteObject[] = [...projectShellRoutes, ...areaRoutes, ...projectTaskRoutes];
