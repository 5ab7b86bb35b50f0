import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/** The public catalogue's data calls start with the page's code, not after it (fast on a phone). */
const publicPrefetch = () => import('./public-prefetch');

export const publicProductsRoutes: RouteObject[] = [
  {
    path: 'products',
    handle: meta({ name: 'products', title: 'public.products.title' }),
    loader: async ({ request }) => {
      (await publicPrefetch()).prefetchCatalogue(request.url);
      return null;
    },
    lazy: async () => ({ Component: (await import('./pages/PublicProductsPage')).PublicProductsPage }),
  },
  {
    path: 'products/:productId',
    handle: meta({ name: 'show-inspiration-product', slug: 'productId', parent: 'products', ownNotFound: true }),
    loader: async ({ params }) => {
      (await publicPrefetch()).prefetchProduct(params.productId);
      return null;
    },
    lazy: async () => ({ Component: (await import('./pages/PublicProductPage')).PublicProductPage }),
  },
];
