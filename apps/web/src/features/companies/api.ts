import type { Company, CompanyInput, CompanyListQuery, CompanySummary, CompanyUpdate } from '@app/shared/companies/companies';
import type { Page } from '@app/shared/platform/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the companies feature:
 *
 *   ['companies']                       everything about companies
 *   ['companies', 'list', query]        the list (GET /api/companies), per tab, filter, sort and page
 *   ['companies', 'detail', companyId]  one company (GET /api/companies/:companyId)
 *
 * A change to a company invalidates ['companies'], the pickers of the projects feature
 * (['projects', 'company-options']: an archived company leaves them, a renamed one is renamed) and
 * the breadcrumbs (the company's crumb is its name).
 */
export const companyKeys = {
  all: ['companies'] as const,
  list: (q: CompanyListQuery) => [...companyKeys.all, 'list', q] as const,
  detail: (id: number) => [...companyKeys.all, 'detail', id] as const,
};

export const useCompanies = (q: CompanyListQuery) =>
  useQuery({
    queryKey: companyKeys.list(q),
    queryFn: ({ signal }) => api.get<Page<CompanySummary>>('/api/companies', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** One company with every field (an archived one too, for staff). */
export const useCompany = (id: number) =>
  useQuery({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: Company }>(`/api/companies/${id}`, { signal }).then((r) => r.data),
  });

/** After any change to a company: its lists and page, the projects' company pickers, the crumbs. */
function useInvalidateCompanies() {
  const qc = useQueryClient();
  return (saved?: Company) => {
    if (saved) qc.setQueryData(companyKeys.detail(saved.id), saved);
    return Promise.all([
      qc.invalidateQueries({ queryKey: companyKeys.all }),
      qc.invalidateQueries({ queryKey: ['projects', 'company-options'] }),
      qc.invalidateQueries({ queryKey: ['breadcrumbs'] }),
    ]);
  };
}

export function useCreateCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (input: CompanyInput) => api.post<{ data: Company }>('/api/companies', input).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

export function useUpdateCompany(id: number) {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (input: CompanyUpdate) => api.put<{ data: Company }>(`/api/companies/${id}`, input).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

type Versioned = { id: number; version: number };

/**
 * Archive (its users are signed out and cannot sign in until it is restored) and restore, each
 * with the version it is based on; both answer the company as it now is.
 */
export function useCompanyTransitions() {
  const invalidate = useInvalidateCompanies();
  const archive = useMutation({
    mutationFn: (c: Versioned) =>
      api.post<{ data: Company }>(`/api/companies/${c.id}/archive`, { version: c.version }).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
  const restore = useMutation({
    mutationFn: (c: Versioned) =>
      api.post<{ data: Company }>(`/api/companies/${c.id}/restore`, { version: c.version }).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
  return { archive, restore };
}

/**
 * A restore from the list, where rows carry no version: the newest copy is read first and
 * restored with its version (the list is refetched after any change, so it is never far behind).
 */
export function useRestoreFromList() {
  const { restore } = useCompanyTransitions();
  return useMutation({
    mutationFn: async (id: number) => {
      const fresh = await api.get<{ data: Company }>(`/api/companies/${id}`);
      return restore.mutateAsync({ id, version: fresh.data.version });
    },
  });
}
