import { Navigate, type RouteObject } from 'react-router';
import { ensureUser } from '../../features/auth/api';
import { RouteError } from '../RouteError';
import type { RouteMeta } from '../route-meta';

export const meta = (m: RouteMeta) => m;

/** The signed-in root: before each navigation the user is loaded when it is not yet (spec section 4). */
export function signedInRoot(children: RouteObject[]): RouteObject {
  return {
    id: 'root',
    loader: async () => {
      await ensureUser();
      return null;
    },
    shouldRevalidate: () => true,
    errorElement: <RouteError />,
    children,
  };
}

/** A signed-in person opening a guest route is sent home. */
export const guestRoutesRedirect: RouteObject = { path: '/auth/*', element: <Navigate to="/" replace /> };

export const publicProductsRoutes: RouteObject[] = [
  {
    path: 'products',
    handle: meta({ name: 'products', title: 'public.products.title' }),
    lazy: async () => ({ Component: (await import('../../features/public/pages/PublicProductsPage')).PublicProductsPage }),
  },
];

export const notFoundRoute: RouteObject = {
  path: '*',
  handle: meta({ name: 'not-found', title: 'common.notFound.title' }),
  lazy: async () => ({ Component: (await import('../../features/home/pages/NotFoundPage')).NotFoundPage }),
};
