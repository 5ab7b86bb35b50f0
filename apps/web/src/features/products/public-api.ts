import type { Page } from '@app/shared/platform/http';
import type { PublicFilters, PublicProduct, PublicProductCard } from '@app/shared/products/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type CatalogueQuery, FILTER_KINDS, formatIdList, PAGE_SIZE } from './public-catalogue';

export const publicKeys = {
  all: ['public'] as const,
  products: (q: CatalogueQuery) => [...publicKeys.all, 'products', q] as const,
  filters: () => [...publicKeys.all, 'filters'] as const,
  product: (id: number) => [...publicKeys.all, 'product', id] as const,
};

/** The query string of GET /api/public/products: comma lists, exactly one parameter per group. */
export function catalogueSearch(q: CatalogueQuery): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = { page: q.page, perPage: PAGE_SIZE };
  for (const kind of FILTER_KINDS) out[kind] = formatIdList(q.filters[kind]);
  return out;
}

/** Published products in the manual order, one page. */
export const productsQuery = (q: CatalogueQuery) =>
  queryOptions({
    queryKey: publicKeys.products(q),
    queryFn: ({ signal }) => api.get<Page<PublicProductCard>>('/api/public/products', { query: catalogueSearch(q), signal }),
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
export const usePublicProducts = (q: CatalogueQuery) => useQuery({ ...productsQuery(q), placeholderData: keepPreviousData });

export const usePublicFilters = () => useQuery(filtersQuery());

// A 404 the route's prefetch already met is not asked again when the page mounts.
export const usePublicProduct = (id: number | null) =>
  useQuery({ ...productQuery(id ?? 0), enabled: id !== null, retryOnMount: false });
