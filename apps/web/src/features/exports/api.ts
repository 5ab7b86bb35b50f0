import type { ExportInput, ExportKind, ExportRun, ExportStatus } from '@app/shared/exports/exports';
import type { HourLock } from '@app/shared/hours/hours';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the exports feature:
 *
 *   ['exports']                         everything about exports
 *   ['exports', 'list', kind]           the signed-in person's recent runs of a kind
 *   ['exports', 'run', id]              one run (polled every second while it is queued or running)
 *   ['hours', 'lock']                   the hour lock (GET/PUT /api/hours/lock; the hours feature reads it too)
 *
 * A new run and a run that finishes invalidate the list; a new lock invalidates ['hours'] (weeks show it).
 */
export const exportKeys = {
  all: ['exports'] as const,
  list: (kind: ExportKind) => ['exports', 'list', kind] as const,
  run: (id: number) => ['exports', 'run', id] as const,
};
export const hourLockKey = ['hours', 'lock'] as const;

/** How often the progress of a running export is asked for. */
export const POLL_MS = 1000;

export const isRunActive = (s: ExportStatus) => s === 'queued' || s === 'running';

/** The share written so far, 0 to 100 (0 until the job has counted the rows; 100 once done). */
export function runPercent(r: Pick<ExportRun, 'status' | 'done' | 'total'>): number {
  if (r.status === 'done') return 100;
  return r.total > 0 ? Math.min(100, Math.round((r.done / r.total) * 100)) : 0;
}

export const useExports = (kind: ExportKind) =>
  useQuery({
    queryKey: exportKeys.list(kind),
    queryFn: ({ signal }) => api.get<{ data: ExportRun[] }>('/api/exports', { query: { kind }, signal }).then((r) => r.data),
  });

/** One run, polled every second while it is queued or running; when it ends, the list is loaded again. */
export function useExportRun(id: number | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: exportKeys.run(id ?? 0),
    queryFn: async ({ signal }) => {
      const before = qc.getQueryData<ExportRun>(exportKeys.run(id ?? 0));
      const run = await api.get<{ data: ExportRun }>(`/api/exports/${id}`, { signal }).then((r) => r.data);
      if (before && isRunActive(before.status) && !isRunActive(run.status)) {
        void qc.invalidateQueries({ queryKey: exportKeys.list(run.kind) });
      }
      return run;
    },
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isRunActive(q.state.data.status) ? POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}

export function useStartExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ExportInput) => api.post<{ data: ExportRun }>('/api/exports', input).then((r) => r.data),
    onSuccess: async (run) => {
      qc.setQueryData(exportKeys.run(run.id), run);
      await qc.invalidateQueries({ queryKey: exportKeys.list(run.kind) });
    },
  });
}

export const useHourLock = (enabled = true) =>
  useQuery({
    queryKey: hourLockKey,
    queryFn: ({ signal }) => api.get<{ data: HourLock }>('/api/hours/lock', { signal }).then((r) => r.data),
    enabled,
  });

export function useSetHourLock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lockedThrough: string | null) =>
      api.put<{ data: HourLock }>('/api/hours/lock', { lockedThrough }).then((r) => r.data),
    onSuccess: async (lock) => {
      qc.setQueryData(hourLockKey, lock);
      await qc.invalidateQueries({ queryKey: ['hours'] });
    },
  });
}
