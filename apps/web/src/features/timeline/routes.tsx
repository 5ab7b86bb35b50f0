import type { Permission } from '@app/shared/platform/permissions';
import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

const VIEW: readonly Permission[] = ['projects.view', 'projects.manage'];

/** A project's timeline (a project tab). */
export const timelineRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId/timeline',
    handle: meta({ name: 'projects.timeline', title: 'timeline.tab', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/TimelinePage')).TimelinePage }),
  },
];
