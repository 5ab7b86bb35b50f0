import type { Page } from '@app/shared/platform/http';
import type { PublicFilters, PublicProduct, PublicProductCard } from '@app/shared/products/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type CatalogueQuery, dependsOnLanguage, FILTER_KINDS, formatIdList, PAGE_SIZE } from './public-catalogue';

/** The language goes along only where it changes the answer, so a language switch reuses the rest. */
const langFor = (q: CatalogueQuery, lang: string): string | null => (dependsOnLanguage(q) ? (lang === 'en' ? 'en' : 'nl') : null);

export const publicKeys = {
  all: ['public'] as const,
  products: (q: CatalogueQuery, lang: string) => [...publicKeys.all, 'products', q, langFor(q, lang)] as const,
  filters: () => [...publicKeys.all, 'filters'] as const,
  product: (id: number) => [...publicKeys.all, 'product', id] as const,
};

/**
 * The query string of GET /api/public/products: comma lists, exactly one parameter per group; the
 * search, a sort other than the manual order and the language only when they matter (the default
 * catalogue keeps one address, which the browser and any cache can reuse).
 */
export function catalogueSearch(q: CatalogueQuery, lang: string): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = { page: q.page, perPage: PAGE_SIZE };
  if (q.q) out.q = q.q;
  if (q.sort !== 'order') out.sort = q.sort;
  const language = langFor(q, lang);
  if (language) out.lang = language;
  for (const kind of FILTER_KINDS) out[kind] = formatIdList(q.filters[kind]);
  return out;
}

/** Published products, searched, filtered and sorted, one page. */
export const productsQuery = (q: CatalogueQuery, lang: string) =>
  queryOptions({
    queryKey: publicKeys.products(q, lang),
    queryFn: ({ signal }) =>
      api.get<Page<PublicProductCard>>('/api/public/products', { query: catalogueSearch(q, lang), signal }),
  });

/** The attribute values that published products carry, per filter group. */
export const filtersQuery = () =>
  queryOptions({
    queryKey: publicKeys.filters(),
    queryFn: async ({ signal }) => (await api.get<{ data: PublicFilters }>('/api/public/filters', { signal })).data,
    staleTime: 5 * 60_000,
  });

/** One published product; an unknown or unpublished one is a 404 PRODUCT_NOT_FOUND. */
export const productQuery = (id: number) =>
  queryOptions({
    queryKey: publicKeys.product(id),
    queryFn: async ({ signal }) => (await api.get<{ data: PublicProduct }>(`/api/public/products/${id}`, { signal })).data,
  });

/** The previous page stays on screen (dimmed) while the next one loads. */
export const usePublicProducts = (q: CatalogueQuery, lang: string) =>
  useQuery({ ...productsQuery(q, lang), placeholderData: keepPreviousData });

export const usePublicFilters = () => useQuery(filtersQuery());

// A 404 the route's prefetch already met is not asked again when the page mounts.
export const usePublicProduct = (id: number | null) =>
  useQuery({ ...productQuery(id ?? 0), enabled: id !== null, retryOnMount: false });
