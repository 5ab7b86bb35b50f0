import type {
  Area,
  AreaInput,
  AreaList,
  AreaSummary,
  AreaUpdate,
  BulkAreasInput,
  BulkAreasResult,
  MarkerMove,
  PlanMarker,
} from '@app/shared/projects/areas';
import type { AreaStatus } from '@app/shared/projects/projects.rules';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface AreaListFilters {
  q?: string | undefined;
  status?: AreaStatus | undefined;
}

/**
 * Query keys of a project's areas, under the project's own prefix (['projects', p], see api.ts and
 * tasks-api.ts): a task change that invalidates the project also refreshes the area's completion
 * and its markers, and an area change refreshes the project's header, its feed and its task lists.
 */
export const areaKeys = {
  project: (projectId: number) => ['projects', projectId, 'areas'] as const,
  list: (projectId: number, f: AreaListFilters) => ['projects', projectId, 'areas', 'list', f] as const,
  detail: (projectId: number, areaId: number) => ['projects', projectId, 'areas', 'detail', areaId] as const,
  subareas: (projectId: number, areaId: number) => ['projects', projectId, 'areas', 'subareas', areaId] as const,
};

const base = (projectId: number) => `/api/projects/${projectId}/areas`;

/** The areas page: every deck and every area of the project (not sub-areas), filtered by search and status. */
export const useAreaList = (projectId: number, f: AreaListFilters = {}) =>
  useQuery({
    queryKey: areaKeys.list(projectId, f),
    queryFn: ({ signal }): Promise<AreaList> =>
      api.get<{ data: AreaList }>(base(projectId), { query: { q: f.q, status: f.status }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

/** One deck, area or sub-area with its plan and markers. */
export const useArea = (projectId: number, areaId: number, enabled = true) =>
  useQuery({
    queryKey: areaKeys.detail(projectId, areaId),
    queryFn: ({ signal }) => api.get<{ data: Area }>(`${base(projectId)}/${areaId}`, { signal }).then((r) => r.data),
    enabled,
  });

/** The sub-areas of an area. */
export const useSubareas = (projectId: number, areaId: number, enabled = true) =>
  useQuery({
    queryKey: areaKeys.subareas(projectId, areaId),
    queryFn: ({ signal }) =>
      api.get<{ data: AreaSummary[] }>(`${base(projectId)}/${areaId}/subareas`, { signal }).then((r) => r.data),
    enabled,
  });

/** Refreshes everything of the project (areas, tasks, header, feed) and the projects list (completion follows the areas). */
function useInvalidate(projectId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['projects', projectId] }),
      qc.invalidateQueries({ queryKey: ['projects', 'list'] }),
    ]);
}

export function useCreateArea(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (input: AreaInput) => api.post<{ data: Area }>(base(projectId), input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useUpdateArea(projectId: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, ...input }: AreaUpdate & { id: number }) =>
      api.patch<{ data: Area }>(`${base(projectId)}/${id}`, input).then((r) => r.data),
    onSuccess: async (saved) => {
      qc.setQueryData(areaKeys.detail(projectId, saved.id), saved);
      await invalidate();
    },
  });
}

export function useDeleteArea(projectId: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (a: Pick<AreaSummary, 'id' | 'version'>) =>
      api.delete(`${base(projectId)}/${a.id}`, { query: { version: a.version } }),
    onSuccess: async (_r, a) => {
      qc.removeQueries({ queryKey: areaKeys.detail(projectId, a.id) });
      await invalidate();
    },
  });
}

export function useBulkAreas(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: (input: BulkAreasInput) =>
      api.post<{ data: BulkAreasResult }>(`${base(projectId)}/bulk`, input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** Completes or reopens an area (with the version it is based on); the feed records it. */
export function useAreaStatus(projectId: number) {
  const invalidate = useInvalidate(projectId);
  return useMutation({
    mutationFn: ({ area, action }: { area: Pick<AreaSummary, 'id' | 'version'>; action: 'complete' | 'reopen' }) =>
      api.post<unknown>(`${base(projectId)}/${area.id}/${action}`, { version: area.version }),
    onSuccess: invalidate,
  });
}

const sameMarker = (a: PlanMarker, m: Pick<MarkerMove, 'type' | 'id'>) => a.type === m.type && a.id === m.id;

/**
 * Places a marker on an area's plan: where it was dropped in pixels of the plan as rendered and
 * that size; the server stores fractions and answers them. The area's cached markers move at once
 * (optimistic) and go back when the server refuses; the caller says so.
 */
export function useMoveMarker(projectId: number, areaId: number) {
  const qc = useQueryClient();
  const key = areaKeys.detail(projectId, areaId);
  const place = (m: Pick<MarkerMove, 'type' | 'id'>, x: number | null, y: number | null) =>
    qc.setQueryData<Area>(key, (old) =>
      old ? { ...old, markers: old.markers.map((a) => (sameMarker(a, m) ? { ...a, x, y } : a)) } : old,
    );
  return useMutation({
    mutationFn: (move: MarkerMove) =>
      api.patch<{ data: { x: number; y: number } }>(`${base(projectId)}/${areaId}/markers`, move).then((r) => r.data),
    onMutate: async (move) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Area>(key)?.markers.find((a) => sameMarker(a, move));
      place(move, move.left / move.width, move.top / move.height);
      return { before };
    },
    onError: (_err, move, context) => {
      if (context?.before) place(move, context.before.x, context.before.y);
    },
    onSuccess: (at, move) => {
      place(move, at.x, at.y);
    },
  });
}
