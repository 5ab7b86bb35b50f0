import type { Permission } from '@app/shared/platform/permissions';
import type { RouteObject } from 'react-router';
import { meta } from '../../app/route-sets/shared';
import { taskEditorRoutes } from './task-routes';

const VIEW: readonly Permission[] = ['projects.view', 'projects.manage'];

/**
 * A project's areas ({projectId}/areas), one deck, area or sub-area with its floor plan and its
 * tasks ({projectId}/areas/{areaId}, with the task and sub-task editors as its children, drawers
 * in its Outlet), and an area's sub-areas ({projectId}/areas/{areaId}/subareas). The crumbs read
 * Projecten > {project} > Ruimtes > {area} > Subruimtes.
 */
export const areaRoutes: RouteObject[] = [
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
