import type { CompanyUser, CompanyUserInput, CompanyUserListQuery, CompanyUserUpdate } from '@app/shared/companies/company-users';
import type { Page } from '@app/shared/platform/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { companyKeys } from './api';

/*
 * Query keys of a company's users (company.users, company.user.details):
 *
 *   ['companies', 'users', companyId]                 everything about one company's users
 *   ['companies', 'users', companyId, 'list', query]  the list, per search, sort and page
 *   ['companies', 'users', companyId, 'detail', id]   one user
 *
 * A change to a user invalidates the company's users, the company itself (its users count) and
 * the breadcrumbs (a user's crumb is their name).
 */
export const companyUserKeys = {
  all: (companyId: number) => [...companyKeys.all, 'users', companyId] as const,
  list: (companyId: number, q: CompanyUserListQuery) => [...companyUserKeys.all(companyId), 'list', q] as const,
  detail: (companyId: number, id: number) => [...companyUserKeys.all(companyId), 'detail', id] as const,
};

const base = (companyId: number) => `/api/companies/${companyId}/users`;

export const useCompanyUsers = (companyId: number, q: CompanyUserListQuery) =>
  useQuery({
    queryKey: companyUserKeys.list(companyId, q),
    queryFn: ({ signal }) => api.get<Page<CompanyUser>>(base(companyId), { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const useCompanyUser = (companyId: number, id: number) =>
  useQuery({
    queryKey: companyUserKeys.detail(companyId, id),
    queryFn: ({ signal }) => api.get<{ data: CompanyUser }>(`${base(companyId)}/${id}`, { signal }).then((r) => r.data),
  });

function useInvalidateUsers(companyId: number) {
  const qc = useQueryClient();
  return (saved?: CompanyUser) => {
    if (saved) qc.setQueryData(companyUserKeys.detail(companyId, saved.id), saved);
    return Promise.all([
      qc.invalidateQueries({ queryKey: companyUserKeys.all(companyId) }),
      qc.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
      qc.invalidateQueries({ queryKey: [...companyKeys.all, 'list'] }),
      qc.invalidateQueries({ queryKey: ['breadcrumbs'] }),
    ]);
  };
}

/** Adds a user; with sendInvitation (the default) the invitation to set a password is mailed at once. */
export function useCreateCompanyUser(companyId: number) {
  const invalidate = useInvalidateUsers(companyId);
  return useMutation({
    mutationFn: (input: CompanyUserInput) => api.post<{ data: CompanyUser }>(base(companyId), input).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

export function useUpdateCompanyUser(companyId: number, id: number) {
  const invalidate = useInvalidateUsers(companyId);
  return useMutation({
    mutationFn: (input: CompanyUserUpdate) =>
      api.put<{ data: CompanyUser }>(`${base(companyId)}/${id}`, input).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

/** Mails the invitation again (only while no password was set); answers the user with the new invitedAt. */
export function useResendInvitation(companyId: number) {
  const invalidate = useInvalidateUsers(companyId);
  return useMutation({
    mutationFn: (id: number) => api.post<{ data: CompanyUser }>(`${base(companyId)}/${id}/invitation`, {}).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

/**
 * Removes the user: their account and sessions end at once. Their own page is still open while
 * this runs, so its query is left alone (not refetched into a 404): call `forgetCompanyUser` once
 * the page has moved on.
 */
export function useDeleteCompanyUser(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (u: { id: number; version: number }) =>
      api.delete<void>(`${base(companyId)}/${u.id}`, { query: { version: u.version } }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [...companyUserKeys.all(companyId), 'list'] }),
        qc.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
        qc.invalidateQueries({ queryKey: [...companyKeys.all, 'list'] }),
        qc.invalidateQueries({ queryKey: ['breadcrumbs'] }),
      ]),
  });
}

/** Drops a deleted user's cached copy (after their page was left). */
export function useForgetCompanyUser(companyId: number) {
  const qc = useQueryClient();
  return (id: number) => qc.removeQueries({ queryKey: companyUserKeys.detail(companyId, id) });
}
