import type {
  CollectiveLeave,
  CollectiveLeaveInput,
  CollectiveLeaveUpdate,
  HourRuleInput,
  HourRuleUpdate,
  HourRuleView,
  LeavePolicyUpdate,
  LeavePolicyView,
  LeaveType,
  LeaveTypeInput,
  LeaveTypeUpdate,
} from '@app/shared/leave/leave';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/*
 * Query keys of the leave settings:
 *
 *   ['leave-types', all]                      the leave types (all: inactive ones too)
 *   ['leave-policy']                          the full-time week and the yearly entitlement
 *   ['hour-rules']                            the hour rules
 *   ['collective-leaves', 'list', year]       collective leave touching a year
 *   ['collective-leaves', 'detail', id]       one collective leave
 *
 * A change to a leave type also reloads the collective leave (its type shows there); a change to
 * collective leave, an hour rule or the policy reloads the leave cards (['leave']), whose lines follow.
 */
export const leaveSettingsKeys = {
  types: (all: boolean) => ['leave-types', all] as const,
  policy: ['leave-policy'] as const,
  rules: ['hour-rules'] as const,
  collective: ['collective-leaves'] as const,
  collectiveList: (year: number) => ['collective-leaves', 'list', year] as const,
  collectiveDetail: (id: number) => ['collective-leaves', 'detail', id] as const,
};

// ---- leave types and the policy

export const useLeaveTypes = (all = true) =>
  useQuery({
    queryKey: leaveSettingsKeys.types(all),
    queryFn: ({ signal }) =>
      api.get<{ data: LeaveType[] }>('/api/leave-types', { query: all ? { all: 1 } : {}, signal }).then((r) => r.data),
  });

export function useSaveLeaveType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: null; input: LeaveTypeInput } | { id: number; input: LeaveTypeUpdate }) =>
      (v.id === null
        ? api.post<{ data: LeaveType }>('/api/leave-types', v.input)
        : api.patch<{ data: LeaveType }>(`/api/leave-types/${v.id}`, v.input)
      ).then((r) => r.data),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['leave-types'] }),
        qc.invalidateQueries({ queryKey: leaveSettingsKeys.collective }),
      ]),
  });
}

export function useDeleteLeaveType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (x: Pick<LeaveType, 'id' | 'version'>) =>
      api.delete<void>(`/api/leave-types/${x.id}`, { query: { version: x.version } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['leave-types'] }),
  });
}

export const useLeavePolicy = () =>
  useQuery({
    queryKey: leaveSettingsKeys.policy,
    queryFn: ({ signal }) => api.get<{ data: LeavePolicyView }>('/api/leave-policy', { signal }).then((r) => r.data),
  });

export function useSaveLeavePolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LeavePolicyUpdate) => api.put<{ data: LeavePolicyView }>('/api/leave-policy', input).then((r) => r.data),
    onSuccess: (saved) => {
      qc.setQueryData(leaveSettingsKeys.policy, saved);
      return qc.invalidateQueries({ queryKey: ['leave'] });
    },
  });
}

// ---- hour rules

export const useHourRules = () =>
  useQuery({
    queryKey: leaveSettingsKeys.rules,
    queryFn: ({ signal }) => api.get<{ data: HourRuleView[] }>('/api/hour-rules', { signal }).then((r) => r.data),
  });

export function useSaveHourRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: null; input: HourRuleInput } | { id: number; input: HourRuleUpdate }) =>
      (v.id === null
        ? api.post<{ data: HourRuleView }>('/api/hour-rules', v.input)
        : api.patch<{ data: HourRuleView }>(`/api/hour-rules/${v.id}`, v.input)
      ).then((r) => r.data),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: leaveSettingsKeys.rules }), qc.invalidateQueries({ queryKey: ['leave'] })]),
  });
}

export function useDeleteHourRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (x: Pick<HourRuleView, 'id' | 'version'>) =>
      api.delete<void>(`/api/hour-rules/${x.id}`, { query: { version: x.version } }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: leaveSettingsKeys.rules }), qc.invalidateQueries({ queryKey: ['leave'] })]),
  });
}

// ---- collective leave

export const useCollectiveLeaves = (year: number) =>
  useQuery<CollectiveLeave[]>({
    queryKey: leaveSettingsKeys.collectiveList(year),
    queryFn: ({ signal }) =>
      api.get<{ data: CollectiveLeave[] }>('/api/collective-leaves', { query: { year }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const useCollectiveLeave = (id: number) =>
  useQuery({
    queryKey: leaveSettingsKeys.collectiveDetail(id),
    queryFn: ({ signal }) => api.get<{ data: CollectiveLeave }>(`/api/collective-leaves/${id}`, { signal }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
  });

function useInvalidateCollective() {
  const qc = useQueryClient();
  return (saved?: CollectiveLeave) => {
    if (saved) qc.setQueryData(leaveSettingsKeys.collectiveDetail(saved.id), saved);
    return Promise.all([
      qc.invalidateQueries({ queryKey: [...leaveSettingsKeys.collective, 'list'] }),
      qc.invalidateQueries({ queryKey: ['leave'] }),
      qc.invalidateQueries({ queryKey: ['breadcrumbs'] }),
    ]);
  };
}

export function useSaveCollectiveLeave() {
  const invalidate = useInvalidateCollective();
  return useMutation({
    mutationFn: (v: { id: null; input: CollectiveLeaveInput } | { id: number; input: CollectiveLeaveUpdate }) =>
      (v.id === null
        ? api.post<{ data: CollectiveLeave }>('/api/collective-leaves', v.input)
        : api.patch<{ data: CollectiveLeave }>(`/api/collective-leaves/${v.id}`, v.input)
      ).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

export function useDeleteCollectiveLeave() {
  const invalidate = useInvalidateCollective();
  return useMutation({
    mutationFn: (x: Pick<CollectiveLeave, 'id' | 'version'>) =>
      api.delete<void>(`/api/collective-leaves/${x.id}`, { query: { version: x.version } }),
    onSuccess: () => invalidate(),
  });
}
