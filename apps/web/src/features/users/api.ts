import type { Page } from '@app/shared/platform/http';
import type { PermissionMatrix, PermissionMatrixInput, Role, RoleInput, RoleUpdate } from '@app/shared/users/roles';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authKeys } from '../auth/api';

export interface RoleListQuery {
  page: number;
  perPage: number;
  sort: string;
  q?: string | undefined;
}

export const roleKeys = {
  all: ['roles'] as const,
  list: (q: RoleListQuery) => [...roleKeys.all, 'list', q] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
  matrix: ['roles', 'matrix'] as const,
};

export const useRoles = (q: RoleListQuery) =>
  useQuery({
    queryKey: roleKeys.list(q),
    queryFn: ({ signal }) => api.get<Page<Role>>('/api/roles', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const roleQuery = (id: number) =>
  queryOptions({
    queryKey: roleKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: Role }>(`/api/roles/${id}`, { signal }).then((r) => r.data),
  });

export const useRole = (id: number) => useQuery(roleQuery(id));

export const usePermissionMatrix = () =>
  useQuery({
    queryKey: roleKeys.matrix,
    queryFn: ({ signal }) => api.get<{ data: PermissionMatrix }>('/api/permissions', { signal }).then((r) => r.data),
  });

/** After any role change: the role lists, the matrix, and my own permissions (my role may be the one). */
function useInvalidateRoles() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: roleKeys.all }), qc.invalidateQueries({ queryKey: authKeys.current })]);
}

export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (input: RoleInput) => api.post<{ data: Role }>('/api/roles', input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useUpdateRole(id: number) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (input: RoleUpdate) => api.patch<{ data: Role }>(`/api/roles/${id}`, input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (role: Pick<Role, 'id' | 'version'>) => api.delete(`/api/roles/${role.id}`, { query: { version: role.version } }),
    onSuccess: invalidate,
  });
}

export function useSavePermissionMatrix() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (input: PermissionMatrixInput) =>
      api.put<{ data: PermissionMatrix }>('/api/permissions', input).then((r) => r.data),
    onSuccess: invalidate,
  });
}
