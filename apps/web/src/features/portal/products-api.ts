import {
  COMPANY_PRODUCTS_PAGE_SIZE,
  type PortalCompanyProduct,
  type PortalCompanyProductFilters,
} from '@app/shared/companies/company-products';
import type { ApiErrorBody } from '@app/shared/platform/errors';
import type { Page } from '@app/shared/platform/http';
import type {
  ArchiveFile,
  ArchiveItem,
  ArchiveZipBody,
  PortalCompanyProductDetail,
  PortalOrderLineDetail,
  ProductFilesQuery,
} from '@app/shared/portal/portal-products';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, api, currentActingAsHeader, fetchCsrfCookie, readXsrfToken } from '../../lib/api';
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
 *   ['portal', 'company-products', 'files', query]               the files archive, per search, source, sort and page
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
    queryFn: ({ signal }) => api.get<Page<ArchiveFile>>('/api/client/product-files', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * Fetches a download and has the browser save it under the server's name. Through fetch, not a
 * link: the routes are the portal's, so an employee acting as the company must send the Acting-As
 * header, and a POST its CSRF token (once more after a fresh token on 419, as every call does).
 * @returns the saved file's name
 */
async function saveDownload(method: 'GET' | 'POST', path: string, fallbackName: string, body?: unknown): Promise<string> {
  const send = () => {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    const acting = currentActingAsHeader();
    if (acting) headers['Acting-As'] = acting;
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      const token = readXsrfToken();
      if (token) headers['X-XSRF-TOKEN'] = token;
    }
    return fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };
  let res: Response;
  let blob: Blob;
  try {
    if (method === 'POST' && !readXsrfToken()) await fetchCsrfCookie();
    res = await send();
    if (res.status === 419 && method === 'POST') {
      await fetchCsrfCookie();
      res = await send();
    }
    if (!res.ok) {
      const err = (await res.json().catch(() => null)) as Partial<ApiErrorBody> | null;
      throw new ApiError(res.status, err);
    }
    blob = await res.blob();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(0, null, 'NETWORK');
  }
  const name = dispositionFileName(res.headers.get('content-disposition'), fallbackName);
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

/** Downloads a stored file of the archive (a tearsheet, an order's final file, a drawing version). @returns its name */
export function downloadTearsheet(file: Pick<ArchiveFile, 'url' | 'fileName'>): Promise<string> {
  return saveDownload('GET', file.url, file.fileName);
}

/** Downloads the selected archive files as one ZIP, streamed by the server. @returns the ZIP's name */
export function downloadArchiveZip(items: readonly ArchiveItem[]): Promise<string> {
  return saveDownload('POST', '/api/client/product-files/zip', 'bestanden.zip', { items: [...items] } satisfies ArchiveZipBody);
}
