import { Navigate, type RouteObject } from 'react-router';
import type { RouteMeta } from '../route-meta';

export const meta = (m: RouteMeta) => m;

/** A signed-in person opening a guest route is sent home. */
export const guestRoutesRedirect: RouteObject = { path: '/auth/*', element: <Navigate to="/" replace /> };

/** The public catalogue's data calls start with the page's code, not after it (fast on a phone). */
const publicPrefetch = () => import('../../features/products/public-prefetch');

export const publicProductsRoutes: RouteObject[] = [
  {
    path: 'products',
    handle: meta({ name: 'products', title: 'public.products.title' }),
    loader: async ({ request }) => {
      (await publicPrefetch()).prefetchCatalogue(request.url);
      return null;
    },
    lazy: async () => ({ Component: (await import('../../features/products/pages/PublicProductsPage')).PublicProductsPage }),
  },
  {
    path: 'products/:productId',
    handle: meta({ name: 'show-inspiration-product', slug: 'productId', parent: 'products', ownNotFound: true }),
    loader: async ({ params }) => {
      (await publicPrefetch()).prefetchProduct(params.productId);
      return null;
    },
    lazy: async () => ({ Component: (await import('../../features/products/pages/PublicProductPage')).PublicProductPage }),
  },
];

export const notFoundRoute: RouteObject = {
  path: '*',
  handle: meta({ name: 'not-found', title: 'common.notFound.title' }),
  lazy: async () => ({ Component: (await import('../../features/home/pages/NotFoundPage')).NotFoundPage }),
};
