// The planner (shared contract: @app/shared/planner/planner).
//
// Query keys live under ['planner', …], so every change refreshes all of it:
//   ['planner', 'list', { from, to, employees, projects }]   one window of the calendar
//   ['planner', 'options']                                    people and projects for pickers and filters
//   ['planner', 'mine']                                       the home screen's own entries
//   ['planner', 'availability', { from, to, employees, function, role }]   who is away, who is scheduled
// A move in the people view is optimistic: every cached window shows it at once and goes back when
// the server refuses it. FullCalendar shows its own drags at once and is told to revert instead.
import type {
  Availability,
  PlannerEntry,
  PlannerInput,
  PlannerList,
  PlannerOptions,
  PlannerUpdate,
} from '@app/shared/planner/planner';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { askToPlanAnyway, conflictReasons } from './components/conflicts';
import { moveBody, movedEntry, type Span } from './planner-time';

export interface PlannerWindow {
  from: string;
  to: string;
  employees?: readonly number[];
  projects?: readonly number[];
}

export const plannerKeys = {
  all: ['planner'] as const,
  lists: ['planner', 'list'] as const,
  list: (q: PlannerWindow) =>
    ['planner', 'list', { from: q.from, to: q.to, employees: q.employees ?? [], projects: q.projects ?? [] }] as const,
  options: ['planner', 'options'] as const,
  mine: ['planner', 'mine'] as const,
  availability: (q: AvailabilityWindow) =>
    [
      'planner',
      'availability',
      { from: q.from, to: q.to, employees: q.employees ?? [], function: q.function ?? '', role: q.role ?? null },
    ] as const,
};

export interface AvailabilityWindow {
  from: string;
  to: string;
  employees?: readonly number[];
  function?: string | undefined;
  role?: number | undefined;
}

const BASE = '/api/planner';
const ids = (list: readonly number[] | undefined) => (list && list.length > 0 ? list.join(',') : undefined);

export const usePlanner = (q: PlannerWindow, o: { enabled?: boolean } = {}) =>
  useQuery<PlannerList, Error, PlannerList, ReturnType<typeof plannerKeys.list>>({
    enabled: o.enabled ?? true,
    queryKey: plannerKeys.list(q),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PlannerList }>(BASE, {
          query: { from: q.from, to: q.to, employees: ids(q.employees), projects: ids(q.projects) },
          signal,
        })
        .then((r) => r.data),
    // The last window stays on screen while the next one loads.
    placeholderData: (previous: PlannerList | undefined) => previous,
  });

/** Who is away and who is scheduled in a window (every view's strips, the week totals, "Wie is vrij"). */
export const useAvailability = (q: AvailabilityWindow, o: { enabled?: boolean } = {}) =>
  useQuery<Availability, Error, Availability, ReturnType<typeof plannerKeys.availability>>({
    queryKey: plannerKeys.availability(q),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Availability }>(`${BASE}/availability`, {
          query: { from: q.from, to: q.to, employees: ids(q.employees), function: q.function || undefined, role: q.role },
          signal,
        })
        .then((r) => r.data),
    placeholderData: (previous: Availability | undefined) => previous,
    enabled: o.enabled ?? true,
  });

export const usePlannerOptions = () =>
  useQuery({
    queryKey: plannerKeys.options,
    queryFn: ({ signal }) => api.get<{ data: PlannerOptions }>(`${BASE}/options`, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

/** The signed-in employee's own entries, this week and the next (the server's default window). */
export const useMyPlanner = () =>
  useQuery({
    queryKey: plannerKeys.mine,
    queryFn: ({ signal }) => api.get<{ data: PlannerList }>(`${BASE}/mine`, { signal }).then((r) => r.data),
  });

type Snapshot = [readonly unknown[], PlannerList | undefined][];

/** Applies fn to the entries of every cached list (the windows and the home screen's); answers what was there before. */
function patchLists(qc: QueryClient, fn: (entries: PlannerEntry[]) => PlannerEntry[]): Snapshot {
  const before = [
    ...qc.getQueriesData<PlannerList>({ queryKey: plannerKeys.lists }),
    ...qc.getQueriesData<PlannerList>({ queryKey: plannerKeys.mine }),
  ];
  for (const [key, data] of before) {
    if (data) qc.setQueryData<PlannerList>(key, { ...data, entries: fn(data.entries) });
  }
  return before;
}

function restore(qc: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) qc.setQueryData(key, data);
}

export function useCreatePlannerEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PlannerInput) => api.post<{ data: PlannerEntry }>(BASE, input).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: plannerKeys.all }),
  });
}

export interface PlannerChange extends PlannerUpdate {
  id: number;
  /** How the entry looks after the change, shown at once (a drag in the people view). */
  optimistic?: PlannerEntry;
}

export function useUpdatePlannerEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, optimistic: _o, ...body }: PlannerChange) =>
      api.patch<{ data: PlannerEntry }>(`${BASE}/${id}`, body).then((r) => r.data),
    onMutate: async (change) => {
      await qc.cancelQueries({ queryKey: plannerKeys.lists });
      if (!change.optimistic) return undefined;
      const next = change.optimistic;
      return patchLists(qc, (entries) => entries.map((e) => (e.id === next.id ? next : e)));
    },
    onError: (_err, _change, snapshot) => restore(qc, snapshot),
    onSuccess: (saved) => {
      patchLists(qc, (entries) => entries.map((e) => (e.id === saved.id ? saved : e)));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: plannerKeys.all }),
  });
}

export function useDeletePlannerEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (entry: Pick<PlannerEntry, 'id' | 'version'>) =>
      api.delete<void>(`${BASE}/${entry.id}`, { query: { version: entry.version } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: plannerKeys.all }),
  });
}

export type EntryMove = Partial<Span> & { employeeId?: number };

/** The planner chose not to plan despite the conflicts: the view puts the entry back, nothing else is said. */
export class MoveCancelled extends Error {}

/**
 * A drag or a resize: sends what changed with the version, and says so in a toast when the server
 * refuses (someone else changed it first, or the change is not allowed); the promise rejects then,
 * so the view puts the entry back. `optimistic`: show the change in every cached window at once.
 */
export function useMoveEntry() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const update = useUpdatePlannerEntry();
  return async (entry: PlannerEntry, change: EntryMove, o: { optimistic?: boolean } = {}): Promise<PlannerEntry> => {
    const body = moveBody(entry, change);
    if (!body) return entry;
    const people = qc.getQueryData<PlannerOptions>(plannerKeys.options)?.employees ?? [];
    const send = (confirm: boolean) =>
      update.mutateAsync({
        id: entry.id,
        ...body,
        ...(confirm ? { confirm: true } : {}),
        ...(o.optimistic ? { optimistic: movedEntry(entry, body, people) } : {}),
      });
    try {
      try {
        return await send(false);
      } catch (err) {
        // Leave, sick, a holiday, the schedule or another entry: the planner decides; cancelled, the entry goes back.
        const reasons = conflictReasons(err);
        if (!reasons) throw err;
        const person = people.find((p) => p.id === body.employeeId)?.name ?? entry.employee.name;
        if (!(await askToPlanAnyway(t, person, reasons))) {
          notify.info(t('planner.conflict.cancelled'), { id: `planner-move-${entry.id}` });
          throw new MoveCancelled();
        }
        return await send(true);
      }
    } catch (err) {
      if (err instanceof MoveCancelled) throw err;
      notify.error(
        isApiError(err) && err.code === 'STALE_VERSION'
          ? t('planner.stale', { project: entry.project.name, person: entry.employee.name })
          : t('planner.moveFailed', { project: entry.project.name, person: entry.employee.name, reason: errorMessage(t, err) }),
        { id: `planner-move-${entry.id}` },
      );
      throw err;
    }
  };
}

/** One entry, fresh from the server (the stale banner's "load the newest version"); undefined when it is gone. */
export async function fetchPlannerEntry(id: number): Promise<PlannerEntry | undefined> {
  try {
    return (await api.get<{ data: PlannerEntry }>(`${BASE}/${id}`)).data;
  } catch (err) {
    if (isApiError(err) && err.status === 404) return undefined;
    throw err;
  }
}
