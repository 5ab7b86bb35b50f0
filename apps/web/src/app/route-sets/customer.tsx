import type { RouteObject } from 'react-router';
import { accountRoutes } from '../../features/auth/routes';
import { portalDrawingRoutes } from '../../features/drawings/routes';
import { notFoundRoute } from '../../features/home/routes';
import { notificationRoutes } from '../../features/notifications/routes';
import { portalOrderRoutes } from '../../features/orders/routes';
import { backOfficeRoutes, portalRoutes } from '../../features/portal/routes';
import { publicProductsRoutes } from '../../features/products/public-routes';
import { BACK_OFFICE_PATHS } from '../back-office-paths';
import { CustomerLayout } from '../layouts/CustomerLayout';
import { guestRoutesRedirect } from './shared';
import { signedInRoot } from './signed-in';

/** Company users, and employees acting as a company. */
export const customerRoutes: RouteObject[] = [
  signedInRoot([
    guestRoutesRedirect,
    {
      path: '/',
      element: <CustomerLayout />,
      children: [
        ...portalRoutes,
        ...notificationRoutes,
        ...accountRoutes,
        ...portalDrawingRoutes,
        ...portalOrderRoutes,
        { path: 'public', children: publicProductsRoutes },
        ...backOfficeRoutes(BACK_OFFICE_PATHS),
        notFoundRoute,
      ],
    },
  ]),
];
