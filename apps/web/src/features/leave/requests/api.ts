import type {
  LeavePreview,
  LeaveRequest,
  LeaveRequestInput,
  LeaveRequestListQuery,
  LeaveRequestPage,
  LeaveType,
} from '@app/shared/leave/leave';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/*
 * Query keys of the leave requests:
 *
 *   ['leave-requests', 'list', query]      a page of /api/leave-requests
 *   ['leave-requests', 'preview', input]   what a request would take, day by day
 *   ['leave-types', 'active']              the types one may request
 *
 * A request or a decision changes the lists, the leave card (its planned and pending figures) and
 * the planner (approved leave shows there): every query whose key starts with 'leave' or 'planner'
 * is refreshed.
 */
export type LeaveListParams = Partial<LeaveRequestListQuery> & { page: number; perPage: number };

export const leaveRequestKeys = {
  all: ['leave-requests'] as const,
  list: (q: LeaveListParams) => ['leave-requests', 'list', q] as const,
  preview: (input: LeaveRequestInput) => ['leave-requests', 'preview', input] as const,
  types: ['leave-types', 'active'] as const,
};

export const useLeaveRequests = (q: LeaveListParams) =>
  useQuery({
    queryKey: leaveRequestKeys.list(q),
    queryFn: ({ signal }) => api.get<LeaveRequestPage>('/api/leave-requests', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** The active leave types (GET /api/leave-types): what may be requested. */
export const useLeaveTypes = () =>
  useQuery({
    queryKey: leaveRequestKeys.types,
    queryFn: ({ signal }) =>
      api.get<{ data: LeaveType[] }>('/api/leave-types', { signal }).then((r) => r.data.filter((x) => x.active)),
    staleTime: 60_000,
  });

/** What a request would take (POST /api/leave-requests/preview), asked whenever the form holds a complete one. */
export const useLeavePreview = (input: LeaveRequestInput | null) =>
  useQuery<LeavePreview>({
    queryKey: leaveRequestKeys.preview(input ?? ({} as LeaveRequestInput)),
    // The preview is answered as is (leavePreviewSchema), not in a { data } envelope.
    queryFn: ({ signal }) => api.post<LeavePreview>('/api/leave-requests/preview', input, { signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });

export function useInvalidateLeave() {
  const qc = useQueryClient();
  return () =>
    qc.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && /^(leave|planner)/.test(q.queryKey[0]),
    });
}

export function useRequestLeave() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: (input: LeaveRequestInput) => api.post<{ data: LeaveRequest }>('/api/leave-requests', input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export type LeaveDecision = { action: 'approve'; reason: string } | { action: 'deny'; reason: string } | { action: 'cancel' };

export function useDecideLeave() {
  const invalidate = useInvalidateLeave();
  return useMutation({
    mutationFn: ({ r, decision }: { r: Pick<LeaveRequest, 'id' | 'version'>; decision: LeaveDecision }) =>
      api
        .post<{ data: LeaveRequest }>(`/api/leave-requests/${r.id}/${decision.action}`, {
          version: r.version,
          ...(decision.action === 'cancel' ? {} : { reason: decision.reason }),
        })
        .then((r) => r.data),
    onSuccess: invalidate,
  });
}
