import type {
  LeaveCard,
  LeaveCorrectionInput,
  LeaveLine,
  LeaveRequestPage,
  SickPeriod,
  SickPeriodInput,
  SickPeriodUpdate,
} from '@app/shared/leave/leave';
import type { LeaveBucket } from '@app/shared/leave/leave.rules';
import type { PageMeta } from '@app/shared/platform/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/*
 * Query keys of the leave card, all under ['leave'] so whatever changes a card (a
 * decision on a request, collective leave, an hour rule, the policy) reloads it by that one key:
 *
 *   ['leave', 'card', userId, year]                      the card's totals
 *   ['leave', 'lines', userId, { year, bucket, page }]   the lines behind one total
 *   ['leave', 'pending', userId, year, page]             the requests waiting for a decision (concept)
 *   ['leave', 'sick', userId, year]                      the sick periods
 *
 * A correction reloads the person's card and lines; a sick period also the planner (it shows there).
 */
export const leaveCardKeys = {
  all: ['leave'] as const,
  person: (userId: number) => ['leave', 'card', userId] as const,
  card: (userId: number, year: number) => ['leave', 'card', userId, year] as const,
  lines: (userId: number, q: LineParams) => ['leave', 'lines', userId, q] as const,
  pending: (userId: number, year: number, page: number) => ['leave', 'pending', userId, year, page] as const,
  sick: (userId: number, year: number) => ['leave', 'sick', userId, year] as const,
};

export interface LinePage {
  data: LeaveLine[];
  meta: PageMeta;
  /** The signed sum of the matching counting lines (for taken and planned: negative). */
  totalMinutes: number;
}

export interface LineParams {
  year: number;
  bucket: LeaveBucket;
  page: number;
  perPage: number;
}

export interface SickList {
  data: SickPeriod[];
  canCreate: boolean;
}

/** GET /api/users/:userId/leave-card?year: the card's totals, the entitlement lines and the years chain. */
export const useLeaveCard = (userId: number, year: number) =>
  useQuery({
    queryKey: leaveCardKeys.card(userId, year),
    queryFn: ({ signal }) => api.get<LeaveCard>(`/api/users/${userId}/leave-card`, { query: { year }, signal }),
    placeholderData: keepPreviousData,
  });

/** The lines behind one of the card's totals, paged, with their sum. */
export const useLeaveLines = (userId: number, q: LineParams) =>
  useQuery({
    queryKey: leaveCardKeys.lines(userId, q),
    queryFn: ({ signal }) => api.get<LinePage>(`/api/users/${userId}/leave-card/lines`, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** The person's requests of the year that wait for a decision (the concept page). */
export const usePendingRequests = (userId: number, year: number, page: number, perPage: number) =>
  useQuery({
    queryKey: leaveCardKeys.pending(userId, year, page),
    queryFn: ({ signal }) =>
      api.get<LeaveRequestPage>('/api/leave-requests', {
        query: { employeeId: userId, status: 'pending', year, page, perPage, sort: 'startsOn' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useSickPeriods = (userId: number, year: number) =>
  useQuery({
    queryKey: leaveCardKeys.sick(userId, year),
    queryFn: ({ signal }) => api.get<SickList>(`/api/users/${userId}/sick-periods`, { query: { year }, signal }),
    placeholderData: keepPreviousData,
  });

function useInvalidate(userId: number, alsoPlanner = false) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: leaveCardKeys.person(userId) }),
      qc.invalidateQueries({ queryKey: ['leave', 'lines', userId] }),
      qc.invalidateQueries({ queryKey: ['leave', 'sick', userId] }),
      ...(alsoPlanner ? [qc.invalidateQueries({ queryKey: ['planner'] })] : []),
    ]);
}

/** POST /api/users/:userId/leave-corrections (leave.manage): a correction line in minutes or days. */
export function useAddCorrection(userId: number) {
  const invalidate = useInvalidate(userId);
  return useMutation({
    mutationFn: (input: LeaveCorrectionInput) =>
      api.post<{ data: LeaveLine }>(`/api/users/${userId}/leave-corrections`, input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** Registers a sick period (POST) or changes one, ending it included (PATCH with its version). */
export function useSaveSickPeriod(userId: number) {
  const invalidate = useInvalidate(userId, true);
  return useMutation({
    mutationFn: (v: { id: null; input: SickPeriodInput } | { id: number; input: SickPeriodUpdate }) =>
      (v.id === null
        ? api.post<{ data: SickPeriod }>(`/api/users/${userId}/sick-periods`, v.input)
        : api.patch<{ data: SickPeriod }>(`/api/sick-periods/${v.id}`, v.input)
      ).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteSickPeriod(userId: number) {
  const invalidate = useInvalidate(userId, true);
  return useMutation({
    mutationFn: (s: Pick<SickPeriod, 'id' | 'version'>) =>
      api.delete(`/api/sick-periods/${s.id}`, { query: { version: s.version } }),
    onSuccess: invalidate,
  });
}
