import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/** What the signed-in person was told (approvals waiting, comments): the bell's whole list, in both signed-in route sets. */
export const notificationRoutes: RouteObject[] = [
  {
    path: 'notifications',
    handle: meta({ name: 'notifications.index', title: 'notifications.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./NotificationsPage')).NotificationsPage }),
  },
];
