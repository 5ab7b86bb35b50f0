import {
  COMPANY_PRODUCTS_PAGE_SIZE,
  type PortalCompanyProduct,
  type PortalCompanyProductFilters,
} from '@app/shared/companies/company-products';
import type { ApiErrorBody } from '@app/shared/platform/errors';
import type { Page } from '@app/shared/platform/http';
import type {
  PortalCompanyProductDetail,
  PortalOrderLineDetail,
  ProductFile,
  ProductFilesQuery,
} from '@app/shared/portal/portal-products';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, api, currentActingAsHeader } from '../../lib/api';
import { dispositionFileName } from '../project-articles/api';
import { type ProductFilters, toApiQuery } from './components/products/product-filters';

/*
 * Query keys of the portal's product pages (read only: the portal changes nothing here):
 *
 *   ['portal', 'company-products']                               everything below
 *   ['portal', 'company-products', 'list', filters]              the infinite list, per projects and types
 *   ['portal', 'company-products', 'filters']                    the filters' choices
 *   ['portal', 'company-products', 'detail', id]                 one company product with its files
 *   ['portal', 'company-products', 'order-line', p, line]        an order line of project p
 *   ['portal', 'company-products', 'files', query]               the product files archive, per search and page
 *
 * (The dashboard's first page of products lives here too: ['portal', 'company-products', 'first'].)
 */
export const portalProductKeys = {
  all: ['portal', 'company-products'] as const,
  list: (f: ProductFilters) => [...portalProductKeys.all, 'list', f] as const,
  filters: () => [...portalProductKeys.all, 'filters'] as const,
  detail: (id: number) => [...portalProductKeys.all, 'detail', id] as const,
  orderLine: (projectId: number, lineId: number) => [...portalProductKeys.all, 'order-line', projectId, lineId] as const,
  files: (q: ProductFilesQuery) => [...portalProductKeys.all, 'files', q] as const,
};

/**
 * The company's products, 24 a page, appended page by page while `current_page` differs from
 * `last_page`. A new filter is a new query from page 1 with no rows yet; the request of the old one
 * is cancelled through its AbortSignal (TanStack Query drops it silently: spec section 8).
 */
export const useCompanyProductsList = (f: ProductFilters) =>
  useInfiniteQuery({
    queryKey: portalProductKeys.list(f),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<PortalCompanyProduct>>('/api/client/company-products', { query: toApiQuery(f, pageParam), signal }),
    // An empty page ends it too, so a list that shrank meanwhile never asks on and on.
    getNextPageParam: (last) =>
      last.meta.current_page !== last.meta.last_page && last.data.length > 0 ? last.meta.current_page + 1 : undefined,
  });

export const PAGE_SIZE = COMPANY_PRODUCTS_PAGE_SIZE;

export const useCompanyProductFilters = () =>
  useQuery({
    queryKey: portalProductKeys.filters(),
    queryFn: ({ signal }) =>
      api.get<{ data: PortalCompanyProductFilters }>('/api/client/company-products/filters', { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

export const usePortalOrderLine = (projectId: number, lineId: number) =>
  useQuery({
    queryKey: portalProductKeys.orderLine(projectId, lineId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PortalOrderLineDetail }>(`/api/client/projects/${projectId}/orderlines/${lineId}`, { signal })
        .then((r) => r.data),
  });

export const usePortalCompanyProduct = (id: number) =>
  useQuery({
    queryKey: portalProductKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<{ data: PortalCompanyProductDetail }>(`/api/client/company-products/${id}`, { signal }).then((r) => r.data),
  });

export const useProductFiles = (q: ProductFilesQuery) =>
  useQuery({
    queryKey: portalProductKeys.files(q),
    queryFn: ({ signal }) => api.get<Page<ProductFile>>('/api/client/product-files', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * Downloads a tearsheet through fetch: the route is the portal's, so an employee acting as the
 * company must send the Acting-As header, which a plain link cannot. The browser then saves the
 * file under the server's name. @returns that name
 */
export async function downloadTearsheet(file: Pick<ProductFile, 'url' | 'fileName'>): Promise<string> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  const acting = currentActingAsHeader();
  if (acting) headers['Acting-As'] = acting;
  let res: Response;
  try {
    res = await fetch(file.url, { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, null, 'NETWORK');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as Partial<ApiErrorBody> | null;
    throw new ApiError(res.status, body);
  }
  const blob = await res.blob();
  const name = dispositionFileName(res.headers.get('content-disposition'), file.fileName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
