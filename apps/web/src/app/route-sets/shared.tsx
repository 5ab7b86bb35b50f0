import { Navigate, type RouteObject } from 'react-router';
import type { RouteMeta } from '../route-meta';

export const meta = (m: RouteMeta) => m;

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
