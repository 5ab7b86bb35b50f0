// The project's timeline (shared contract: @app/shared/timeline/timeline).
//
// Query keys live under ['projects', p, 'timeline', …], so a change anywhere in the project
// (an area renamed, a task deleted) that invalidates ['projects', p] refreshes the grid too:
//   ['projects', p, 'timeline', { from, weeks, rows }]   one window of the grid
// Moves and resizes are optimistic: every cached window of the project shows the change at once,
// and goes back when the server refuses it.
import type { Timeline, TimelineInput, TimelineItem, TimelineQuery, TimelineUpdate } from '@app/shared/timeline/timeline';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type TimelineParams = Pick<TimelineQuery, 'weeks' | 'rows'> & { from?: string | undefined };

export const timelineKeys = {
  all: (p: number) => ['projects', p, 'timeline'] as const,
  window: (p: number, q: TimelineParams) => ['projects', p, 'timeline', q] as const,
};

const base = (p: number) => `/api/projects/${p}/timeline`;

export const useTimeline = (projectId: number, q: TimelineParams) =>
  useQuery<Timeline, Error, Timeline, ReturnType<typeof timelineKeys.window>>({
    queryKey: timelineKeys.window(projectId, q),
    queryFn: ({ signal }) => api.get<{ data: Timeline }>(base(projectId), { query: { ...q }, signal }).then((r) => r.data),
    // The last window stays on screen while the next one loads.
    placeholderData: (previous: Timeline | undefined) => previous,
  });

type Snapshot = [readonly unknown[], Timeline | undefined][];

/** Puts the item as given into every cached window of the project (or takes it out); answers what was there before. */
function patchWindows(qc: QueryClient, projectId: number, fn: (items: TimelineItem[]) => TimelineItem[]): Snapshot {
  const before = qc.getQueriesData<Timeline>({ queryKey: timelineKeys.all(projectId) });
  for (const [key, data] of before) {
    if (data) qc.setQueryData<Timeline>(key, { ...data, items: fn(data.items) });
  }
  return before;
}

function restore(qc: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) qc.setQueryData(key, data);
}

export function useCreateTimelineItem(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TimelineInput) => api.post<{ data: TimelineItem }>(base(projectId), input).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: timelineKeys.all(projectId) }),
  });
}

export interface TimelineChange extends TimelineUpdate {
  id: number;
  /** How the item looks after the change, shown at once (a drag, a key press). */
  optimistic?: TimelineItem;
}

export function useUpdateTimelineItem(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, optimistic: _o, ...body }: TimelineChange) =>
      api.patch<{ data: TimelineItem }>(`${base(projectId)}/${id}`, body).then((r) => r.data),
    onMutate: async (change) => {
      if (!change.optimistic) return undefined;
      await qc.cancelQueries({ queryKey: timelineKeys.all(projectId) });
      const next = change.optimistic;
      return patchWindows(qc, projectId, (items) => items.map((i) => (i.id === next.id ? next : i)));
    },
    onError: (_err, _change, snapshot) => restore(qc, snapshot),
    onSuccess: (saved) => {
      patchWindows(qc, projectId, (items) => items.map((i) => (i.id === saved.id ? saved : i)));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: timelineKeys.all(projectId) }),
  });
}

export function useDeleteTimelineItem(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (item: Pick<TimelineItem, 'id' | 'version'>) =>
      api.delete<void>(`${base(projectId)}/${item.id}`, { query: { version: item.version } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: timelineKeys.all(projectId) }),
  });
}
