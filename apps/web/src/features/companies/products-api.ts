import type { CompanyProjectAccess } from '@app/shared/companies/company-permissions';
import type {
  CompanyProduct,
  CompanyProductInput,
  CompanyProductListQuery,
  CompanyProductUpdate,
  ProductOption,
} from '@app/shared/companies/company-products';
import type { Page } from '@app/shared/platform/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of a company's products (company.products), all below ['companies'] so that a change
 * to the company (or to the projects it is attached to) refreshes them too:
 *
 *   ['companies', 'products', companyId]                     everything about one company's products
 *   ['companies', 'products', companyId, 'list', query]      the list, per search, sort and page
 *   ['companies', 'products', companyId, 'options', q]       catalogue products to assign, per search
 *   ['companies', 'products', companyId, 'projects']         the projects the company is attached to
 *
 * An assignment, a change or a removal invalidates the company's products (the portal's list is
 * another person's screen: it loads afresh).
 */
export const companyProductKeys = {
  all: (companyId: number) => ['companies', 'products', companyId] as const,
  list: (companyId: number, q: CompanyProductListQuery) => [...companyProductKeys.all(companyId), 'list', q] as const,
  options: (companyId: number, q: string) => [...companyProductKeys.all(companyId), 'options', q] as const,
  projects: (companyId: number) => [...companyProductKeys.all(companyId), 'projects'] as const,
};

export const useCompanyProducts = (companyId: number, q: CompanyProductListQuery) =>
  useQuery({
    queryKey: companyProductKeys.list(companyId, q),
    queryFn: ({ signal }) => api.get<Page<CompanyProduct>>(`/api/companies/${companyId}/products`, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** Catalogue products to pick from (at most 20, matching name or code); the previous answer stays while typing. */
export const useProductOptions = (companyId: number, q: string, enabled = true) =>
  useQuery<ProductOption[]>({
    queryKey: companyProductKeys.options(companyId, q),
    queryFn: ({ signal }) =>
      api
        .get<{ data: ProductOption[] }>(`/api/companies/${companyId}/product-options`, { query: { q }, signal })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });

/** The projects the company is attached to (from its permissions), to assign a product for one of them. */
export const useCompanyProjects = (companyId: number, enabled = true) =>
  useQuery({
    queryKey: companyProductKeys.projects(companyId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: CompanyProjectAccess[] }>(`/api/companies/${companyId}/permissions`, { signal })
        .then((r) => r.data.map((p) => ({ id: p.projectId, name: p.projectName }))),
    staleTime: 60_000,
    enabled,
  });

function useInvalidate(companyId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: companyProductKeys.all(companyId) });
}

export function useAssignProduct(companyId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (input: CompanyProductInput) =>
      api.post<{ data: CompanyProduct }>(`/api/companies/${companyId}/products`, input).then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateCompanyProduct(companyId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: ({ id, ...input }: CompanyProductUpdate & { id: number }) =>
      api.put<{ data: CompanyProduct }>(`/api/companies/${companyId}/products/${id}`, input).then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

export function useRemoveCompanyProduct(companyId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (p: { id: number; version: number }) =>
      api.delete<void>(`/api/companies/${companyId}/products/${p.id}`, { query: { version: p.version } }),
    onSuccess: () => invalidate(),
  });
}

/** One assigned product as it is now (the stale banner's "load the newest version"). */
export const fetchCompanyProduct = (companyId: number, id: number) =>
  api.get<{ data: CompanyProduct }>(`/api/companies/${companyId}/products/${id}`).then((r) => r.data);
