import type { RouteObject } from 'react-router';
import { BACK_OFFICE_PATHS } from '../back-office-paths';
import { CustomerLayout } from '../layouts/CustomerLayout';
import type { RouteMeta } from '../route-meta';
import { session } from '../session';
import { guestRoutesRedirect, meta, notFoundRoute, publicProductsRoutes } from './shared';
import { signedInRoot } from './signed-in';

/**
 * A back-office address in the portal. Acting as a company it is the "this belongs to the back
 * office" page; for a company's own user it is simply not found (title included).
 */
const backOfficeMeta: RouteMeta = {
  name: 'back-office',
  get title() {
    return session.get().actingAs ? 'portal.backOffice.title' : 'common.notFound.title';
  },
};

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
        ...BACK_OFFICE_PATHS.map(
          (path): RouteObject => ({
            path: `${path}/*`,
            handle: backOfficeMeta,
            lazy: async () => ({ Component: (await import('../../features/portal/pages/BackOfficePage')).BackOfficePage }),
          }),
        ),
        notFoundRoute,
      ],
    },
  ]),
];
