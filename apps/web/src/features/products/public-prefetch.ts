import type { QueryKey } from '@tanstack/react-query';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import { filtersQuery, productQuery, productsQuery } from './public-api';
import { catalogueQueryFrom, productIdFrom } from './public-catalogue';

/** The id of the script tag with the answers the server rendered the page with (first-screen.ts, withScreen). */
export const SERVED_ANSWERS = 'first-data';

/**
 * The answers the server rendered its HTML of this page with (query key and data, JSON in a script
 * tag), put in the query cache once, so the app shows the same page without asking for them again.
 */
export function takeServedAnswers(): void {
  const tag = document.getElementById(SERVED_ANSWERS);
  if (!tag) return;
  tag.remove();
  try {
    const queries = JSON.parse(tag.textContent ?? '') as [QueryKey, unknown][];
    for (const [key, data] of queries) queryClient.setQueryData(key, data);
  } catch (err) {
    // Never expected: then the app asks the API, as without the tag.
    console.warn('unreadable served answers', err);
  }
}

/**
 * Route loaders of the public catalogue: they start the API calls while the page's code is still
 * downloading (React Router runs a route's loader and its lazy() in parallel), instead of after it.
 * Fire and forget: the page shows its skeleton and picks the answer up from the cache.
 */
export function prefetchCatalogue(url: string): void {
  takeServedAnswers();
  void queryClient.prefetchQuery(productsQuery(catalogueQueryFrom(new URL(url).searchParams), i18n.language));
  void queryClient.prefetchQuery(filtersQuery());
}

export function prefetchProduct(productId: string | undefined): void {
  const id = productIdFrom(productId);
  if (id !== null) void queryClient.prefetchQuery(productQuery(id));
}
