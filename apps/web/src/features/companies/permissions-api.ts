import type {
  CompanyProjectAccess,
  CompanyProjectAccessDetail,
  CompanyProjectAccessUpdate,
} from '@app/shared/companies/company-permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { companyKeys } from './api';

/*
 * Query keys of what a company sees of its projects (company.permissions):
 *
 *   ['companies', 'permissions', companyId]                    the list, one entry per attached project
 *   ['companies', 'permissions', companyId, 'project', pid]    one project's access with its tree
 */
export const companyPermissionKeys = {
  all: (companyId: number) => [...companyKeys.all, 'permissions', companyId] as const,
  project: (companyId: number, projectId: number) => [...companyPermissionKeys.all(companyId), 'project', projectId] as const,
};

const base = (companyId: number) => `/api/companies/${companyId}/permissions`;

export const useCompanyPermissions = (companyId: number) =>
  useQuery({
    queryKey: companyPermissionKeys.all(companyId),
    queryFn: ({ signal }) => api.get<{ data: CompanyProjectAccess[] }>(base(companyId), { signal }).then((r) => r.data),
  });

export const useCompanyProjectAccess = (companyId: number, projectId: number | null) =>
  useQuery({
    queryKey: companyPermissionKeys.project(companyId, projectId ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ data: CompanyProjectAccessDetail }>(`${base(companyId)}/${projectId}`, { signal }).then((r) => r.data),
    enabled: projectId !== null,
  });

/** Saves all areas or the selection, with the version it is based on; answers the access as it now is. */
export function useSaveCompanyProjectAccess(companyId: number, projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyProjectAccessUpdate) =>
      api.put<{ data: CompanyProjectAccessDetail }>(`${base(companyId)}/${projectId}`, input).then((r) => r.data),
    onSuccess: (saved) => {
      qc.setQueryData(companyPermissionKeys.project(companyId, projectId), saved);
      return qc.invalidateQueries({ queryKey: companyPermissionKeys.all(companyId), exact: true });
    },
  });
}
