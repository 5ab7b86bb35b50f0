import type { Page } from '@app/shared/platform/http';
import type {
  Employee,
  EmployeeInput,
  EmployeeListQuery,
  EmployeeRow,
  EmployeeUpdate,
  MobileSettings,
  MobileSettingsUpdate,
  RoleRef,
} from '@app/shared/users/employees';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authKeys } from '../auth/api';

/*
 * Query keys of the employees:
 *
 *   ['employees']                         everything about employees
 *   ['employees', 'list', query]          the list, per tab, search, sort and page
 *   ['employees', 'detail', id]           one profile (the header of every /users/:userId page reads it)
 *   ['employees', 'mobile', id]           one person's mobile settings
 *   ['employees', 'roles']                the roles to pick
 *
 * A change to a person invalidates the employees and the breadcrumbs (their crumb is their name);
 * a change to one's own profile or settings also reloads the current user.
 */
export const employeeKeys = {
  all: ['employees'] as const,
  list: (q: EmployeeListQuery) => [...employeeKeys.all, 'list', q] as const,
  detail: (id: number) => [...employeeKeys.all, 'detail', id] as const,
  mobile: (id: number) => [...employeeKeys.all, 'mobile', id] as const,
  roles: ['employees', 'roles'] as const,
};

export const useEmployees = (q: EmployeeListQuery) =>
  useQuery({
    queryKey: employeeKeys.list(q),
    queryFn: ({ signal }) => api.get<Page<EmployeeRow>>('/api/users', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const employeeQuery = (id: number) =>
  queryOptions({
    queryKey: employeeKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: Employee }>(`/api/users/${id}`, { signal }).then((r) => r.data),
    // The header of every tab reads it: one load per visit of a person, not one per tab.
    staleTime: 30_000,
  });

/** One employee's profile: shared by the header of every /users/:userId page and the profile itself. */
export const useEmployee = (id: number) => useQuery({ ...employeeQuery(id), enabled: Number.isInteger(id) && id > 0 });

export const useRoleOptions = (enabled = true) =>
  useQuery({
    queryKey: employeeKeys.roles,
    queryFn: ({ signal }) => api.get<{ data: RoleRef[] }>('/api/users/role-options', { signal }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });

export const useMobileSettings = (id: number) =>
  useQuery({
    queryKey: employeeKeys.mobile(id),
    queryFn: ({ signal }) =>
      api.get<{ data: MobileSettings }>(`/api/users/${id}/mobile-settings`, { signal }).then((r) => r.data),
  });

function useInvalidate() {
  const qc = useQueryClient();
  return (saved?: Employee) => {
    if (saved) qc.setQueryData(employeeKeys.detail(saved.id), saved);
    return Promise.all([
      qc.invalidateQueries({ queryKey: [...employeeKeys.all, 'list'] }),
      qc.invalidateQueries({ queryKey: ['breadcrumbs'] }),
      saved?.isSelf ? qc.invalidateQueries({ queryKey: authKeys.current }) : null,
    ]);
  };
}

/** Adds an employee; the invitation to set a password is mailed at once. */
export function useCreateEmployee() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: EmployeeInput) => api.post<{ data: Employee }>('/api/users', input).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

export function useUpdateEmployee(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: EmployeeUpdate) => api.put<{ data: Employee }>(`/api/users/${id}`, input).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

/** Deactivate ('deactivate') or restore ('restore') with the version. */
export function useEmployeeState(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (o: { action: 'deactivate' | 'restore'; version: number }) =>
      api.post<{ data: Employee }>(`/api/users/${id}/${o.action}`, { version: o.version }).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

/** Ends every session of the person at once (they sign in again). */
export function useEndSessions(id: number) {
  return useMutation({ mutationFn: () => api.delete<void>(`/api/users/${id}/sessions`) });
}

export function useResendEmployeeInvitation(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api.post<{ data: Employee }>(`/api/users/${id}/invitation`, {}).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

export function useUpdateMobileSettings(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: MobileSettingsUpdate) =>
      api.put<{ data: MobileSettings }>(`/api/users/${id}/mobile-settings`, input).then((r) => r.data),
    onSuccess: (saved) => {
      qc.setQueryData(employeeKeys.mobile(id), saved);
      // The profile carries the settings and the version they share.
      return qc.invalidateQueries({ queryKey: employeeKeys.detail(id) });
    },
  });
}
