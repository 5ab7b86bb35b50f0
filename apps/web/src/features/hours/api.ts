import type {
  BookedHour,
  BookedHourInput,
  BookedHourUpdate,
  HourProjectOption,
  HoursListQuery,
  HoursWeek,
  HourTargets,
  ProjectHours,
} from '@app/shared/hours/hours';
import type { Schedule, ScheduleInput, ScheduleUpdate } from '@app/shared/hours/schedules';
import type { Timesheet, TimesheetList } from '@app/shared/hours/timesheets';
import type { PageMeta } from '@app/shared/platform/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the hours feature:
 *
 *   ['hours']                                        everything below
 *   ['hours', 'week', employeeId | 'me', week]       one person's ISO week (the booking screen)
 *   ['hours', 'list', query]                         projects/hours (every booking, filtered)
 *   ['hours', 'project', projectId, from, to]        a project's person x week matrix
 *   ['hours', 'projects', q]                         the project picker
 *   ['hours', 'targets', projectId]                  a project's areas and tasks (the optional target)
 *   ['hours', 'timesheets', week]                    every person's week for the approvers
 *   ['schedules', userId]                            a person's schedule versions
 *
 * A booking, a change or a removal invalidates ['hours'] but the pickers: the week, the list and the
 * matrices all show the same rows. A schedule change invalidates ['schedules', userId] and the weeks
 * (their scheduled minutes come from it).
 */
export const hoursKeys = {
  all: ['hours'] as const,
  week: (employeeId: number | undefined, week: string) => ['hours', 'week', employeeId ?? 'me', week] as const,
  list: (q: HoursListParams) => ['hours', 'list', q] as const,
  project: (projectId: number, from: string, to: string) => ['hours', 'project', projectId, from, to] as const,
  projects: (q: string) => ['hours', 'projects', q] as const,
  targets: (projectId: number) => ['hours', 'targets', projectId] as const,
  schedules: (userId: number) => ['schedules', userId] as const,
};

export interface ScheduleList {
  data: Schedule[];
  today: string;
  parity: 'even' | 'odd';
  week: number;
}

export interface HoursList {
  data: BookedHour[];
  meta: PageMeta;
  totalMinutes: number;
}

export type HoursListParams = Partial<HoursListQuery> & Pick<HoursListQuery, 'page' | 'perPage' | 'sort'>;

export type ProjectOption = HourProjectOption;

/** One person's ISO week: their own (employeeId left out) or another person's (hours.manage). */
export const useHoursWeek = (employeeId: number | undefined, week: string) =>
  useQuery<HoursWeek>({
    queryKey: hoursKeys.week(employeeId, week),
    queryFn: ({ signal }) =>
      api.get<{ data: HoursWeek }>('/api/hours/week', { query: { employeeId, week }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const useHoursList = (q: HoursListParams) =>
  useQuery({
    queryKey: hoursKeys.list(q),
    queryFn: ({ signal }) => api.get<HoursList>('/api/hours', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const useProjectHours = (projectId: number, from: string, to: string) =>
  useQuery<ProjectHours>({
    queryKey: hoursKeys.project(projectId, from, to),
    queryFn: ({ signal }) =>
      api.get<{ data: ProjectHours }>(`/api/projects/${projectId}/hours`, { query: { from, to }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

/** Active projects to book on, searched by name (at most 50). */
export const useHourProjects = (q: string, enabled = true) =>
  useQuery<ProjectOption[]>({
    queryKey: hoursKeys.projects(q),
    queryFn: ({ signal }) =>
      api.get<{ data: ProjectOption[] }>('/api/hours/projects', { query: { q }, signal }).then((r): ProjectOption[] => r.data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });

/** A project's areas and open tasks, for the optional target of a booking. */
export const useProjectTargets = (projectId: number | null) =>
  useQuery<HourTargets>({
    queryKey: hoursKeys.targets(projectId ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ data: HourTargets }>(`/api/hours/projects/${projectId}/targets`, { signal }).then((r) => r.data),
    enabled: projectId !== null,
    staleTime: 60_000,
  });

function useInvalidateHours() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: hoursKeys.all });
}

export function useBookHours() {
  const invalidate = useInvalidateHours();
  return useMutation({
    mutationFn: (input: BookedHourInput) => api.post<{ data: BookedHour }>('/api/hours', input).then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateBookedHours() {
  const invalidate = useInvalidateHours();
  return useMutation({
    mutationFn: ({ id, ...input }: BookedHourUpdate & { id: number }) =>
      api.put<{ data: BookedHour }>(`/api/hours/${id}`, input).then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteBookedHours() {
  const invalidate = useInvalidateHours();
  return useMutation({
    mutationFn: (x: Pick<BookedHour, 'id' | 'version'>) =>
      api.delete<void>(`/api/hours/${x.id}`, { query: { version: x.version } }),
    onSuccess: () => invalidate(),
  });
}

export const useSchedules = (userId: number) =>
  useQuery({
    queryKey: hoursKeys.schedules(userId),
    queryFn: ({ signal }) => api.get<ScheduleList>(`/api/users/${userId}/schedules`, { signal }),
  });

function useInvalidateSchedules(userId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: hoursKeys.schedules(userId) }),
      qc.invalidateQueries({ queryKey: ['hours', 'week'] }),
    ]);
}

export function useCreateSchedule(userId: number) {
  const invalidate = useInvalidateSchedules(userId);
  return useMutation({
    mutationFn: (input: ScheduleInput) =>
      api.post<{ data: Schedule }>(`/api/users/${userId}/schedules`, input).then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateSchedule(userId: number) {
  const invalidate = useInvalidateSchedules(userId);
  return useMutation({
    mutationFn: ({ id, ...input }: ScheduleUpdate & { id: number }) =>
      api.put<{ data: Schedule }>(`/api/users/${userId}/schedules/${id}`, input).then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteSchedule(userId: number) {
  const invalidate = useInvalidateSchedules(userId);
  return useMutation({
    mutationFn: (x: Pick<Schedule, 'id' | 'version'>) =>
      api.delete<void>(`/api/users/${userId}/schedules/${x.id}`, { query: { version: x.version } }),
    onSuccess: () => invalidate(),
  });
}

/** ['hours', 'timesheets', week]: every person's week for the approvers (hours.approve). */
export const useTimesheets = (week: string) =>
  useQuery<TimesheetList>({
    queryKey: ['hours', 'timesheets', week],
    queryFn: ({ signal }) =>
      api.get<{ data: TimesheetList }>('/api/hours/timesheets', { query: { week }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export type TimesheetDecisionInput =
  | { action: 'approve' | 'reopen'; employeeId: number; week: string; version: number | null }
  | { action: 'return'; employeeId: number; week: string; version: number | null; comment: string };

/** Approve, send back or reopen a person's week; the weeks, lists and the approvers' list follow. */
export function useDecideTimesheet() {
  const invalidate = useInvalidateHours();
  return useMutation({
    mutationFn: ({ action, employeeId, ...body }: TimesheetDecisionInput) =>
      api.post<{ data: Timesheet }>(`/api/hours/timesheets/${employeeId}/${action}`, body).then((r) => r.data),
    onSettled: () => invalidate(),
  });
}
