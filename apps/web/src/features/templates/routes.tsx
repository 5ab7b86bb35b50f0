import type { Permission } from '@app/shared/platform/permissions';
import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

const VIEW: readonly Permission[] = ['projects.view', 'projects.manage'];

/** A project's templates (a project tab). */
export const templateRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId/templates',
    handle: meta({ name: 'projects.templates', title: 'templates.tab', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/TemplatesPage')).TemplatesPage }),
  },
];
