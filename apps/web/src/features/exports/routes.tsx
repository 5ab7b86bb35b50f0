import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/** The payroll export of hours. */
export const exportRoutes: RouteObject[] = [
  {
    path: 'settings/hours/export',
    handle: meta({
      name: 'settings.export-hours',
      title: 'exports.hours.title',
      parent: 'settings.index',
      permission: PEOPLE_RIGHTS.export,
    }),
    lazy: async () => ({ Component: (await import('./pages/HoursExportPage')).HoursExportPage }),
  },
];
