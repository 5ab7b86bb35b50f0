import type { RouteObject } from 'react-router';
import { CustomerLayout } from '../layouts/CustomerLayout';
import { guestRoutesRedirect, meta, notFoundRoute, publicProductsRoutes } from './shared';
import { signedInRoot } from './signed-in';

/** Company users, and employees acting as a company. */
export const customerRoutes: RouteObject[] = [
  signedInRoot([
    guestRoutesRedirect,
    {
      path: '/',
      element: <CustomerLayout />,
      children: [
        {
          index: true,
          handle: meta({ name: 'home', title: 'portal.home.title' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/CustomerHomePage')).CustomerHomePage }),
        },
        {
          path: 'settings',
          handle: meta({ name: 'settings', title: 'account.title', parent: 'home' }),
          lazy: async () => ({ Component: (await import('../../features/auth/pages/AccountPage')).AccountPage }),
        },
        { path: 'public', children: publicProductsRoutes },
        notFoundRoute,
      ],
    },
  ]),
];
