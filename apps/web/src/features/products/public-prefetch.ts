import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import { filtersQuery, productQuery, productsQuery } from './public-api';
import { catalogueQueryFrom, productIdFrom } from './public-catalogue';

/**
 * Route loaders of the public catalogue: they start the API calls while the page's code is still
 * downloading (React Router runs a route's loader and its lazy() in parallel), instead of after it.
 * Fire and forget: the page shows its skeleton and picks the answer up from the cache.
 */
export function prefetchCatalogue(url: string): void {
  void queryClient.prefetchQuery(productsQuery(catalogueQueryFrom(new URL(url).searchParams), i18n.language));
  void queryClient.prefetchQuery(filtersQuery());
}

export function prefetchProduct(productId: string | undefined): void {
  const id = productIdFrom(productId);
  if (id !== null) void queryClient.prefetchQuery(productQuery(id));
}
