import type {
  ClientDrawingInput,
  ClientDrawingUpdate,
  Drawing,
  DrawingAreaOption,
  DrawingComment,
  DrawingCommentInput,
  DrawingInput,
  DrawingListItem,
  DrawingListQuery,
  DrawingUpdate,
  DrawingVersion,
  MarkupThread,
  NewDrawingVersionInput,
} from '@app/shared/drawings/drawings';
import type { MarkupCommentInput, MarkupReplyInput } from '@app/shared/drawings/markup';
import type { Page } from '@app/shared/platform/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * Which API a screen speaks to: staff under one project (/api/projects/:projectId/drawings), the
 * portal to its own company's drawings (/api/client/drawings). The screens are the same on both
 * sides; only the addresses differ.
 */
export type DrawingSide = { kind: 'staff'; projectId: number } | { kind: 'client' };

const sideKey = (s: DrawingSide) => (s.kind === 'staff' ? `staff:${s.projectId}` : 'client');

/** The API's address of a side's drawings. */
export const drawingsApi = (s: DrawingSide) =>
  s.kind === 'staff' ? `/api/projects/${s.projectId}/drawings` : '/api/client/drawings';

/** The web app's addresses of a side's drawing screens. */
export const drawingPaths = (s: DrawingSide) => {
  const list = s.kind === 'staff' ? `/projects/${s.projectId}/drawings` : '/drawings';
  return {
    list,
    create: `${list}/new`,
    drawing: (drawingId: number, tab?: string) => `${list}/${drawingId}${tab ? `?tab=${tab}` : ''}`,
    version: (drawingId: number, versionId: number) => `${list}/${drawingId}/versions/${versionId}`,
  };
};

/*
 * Query keys of the drawings feature:
 *
 *   ['drawings']                                          every drawing list, drawing and version
 *   ['drawings', 'list', side, query]                     a page of the list (side: 'staff:<projectId>' or 'client')
 *   ['drawings', 'detail', side, drawingId]               one drawing with its versions
 *   ['drawings', 'version', side, drawingId, versionId]   one version with its comments
 *
 * Any change (create, save, delete, a new version, a comment, a decision) invalidates ['drawings']:
 * a decision changes the drawing's status, its list tab and its versions at once.
 */
export const drawingKeys = {
  all: ['drawings'] as const,
  list: (s: DrawingSide, q: DrawingListParams) => ['drawings', 'list', sideKey(s), q] as const,
  detail: (s: DrawingSide, id: number) => ['drawings', 'detail', sideKey(s), id] as const,
  version: (s: DrawingSide, drawingId: number, versionId: number) =>
    ['drawings', 'version', sideKey(s), drawingId, versionId] as const,
};

export type DrawingListParams = Partial<DrawingListQuery> &
  Pick<DrawingListQuery, 'page' | 'perPage' | 'tab'> & { projectId?: number; waiting?: 'me' };

export const useDrawings = (s: DrawingSide, q: DrawingListParams) =>
  useQuery({
    queryKey: drawingKeys.list(s, q),
    queryFn: ({ signal }) => api.get<Page<DrawingListItem>>(drawingsApi(s), { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const useDrawing = (s: DrawingSide, id: number) =>
  useQuery({
    queryKey: drawingKeys.detail(s, id),
    queryFn: ({ signal }) => api.get<{ data: Drawing }>(`${drawingsApi(s)}/${id}`, { signal }).then((r) => r.data),
  });

export const useDrawingVersion = (s: DrawingSide, drawingId: number, versionId: number, enabled = true) =>
  useQuery({
    queryKey: drawingKeys.version(s, drawingId, versionId),
    queryFn: ({ signal }) =>
      api.get<{ data: DrawingVersion }>(`${drawingsApi(s)}/${drawingId}/versions/${versionId}`, { signal }).then((r) => r.data),
    enabled,
  });

function useInvalidateDrawings() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: drawingKeys.all });
}

export function useCreateDrawing(projectId: number) {
  const invalidate = useInvalidateDrawings();
  return useMutation({
    mutationFn: (input: DrawingInput) =>
      api.post<{ data: Drawing }>(drawingsApi({ kind: 'staff', projectId }), input).then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

/** The decks, areas and sub-areas a drawing of the project may belong to (the portal: those the company sees). */
export const useDrawingAreas = (s: DrawingSide['kind'], projectId: number | null) =>
  useQuery({
    queryKey: ['drawings', 'areas', s, projectId] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ data: DrawingAreaOption[] }>(
          s === 'staff' ? `/api/projects/${projectId}/drawing-areas` : `/api/client/projects/${projectId}/drawing-areas`,
          { signal },
        )
        .then((r) => r.data),
    enabled: projectId !== null && projectId > 0,
  });

/** The portal's own drawing, with its first version (which waits for staff). */
export function useCreateClientDrawing() {
  const invalidate = useInvalidateDrawings();
  return useMutation({
    mutationFn: (input: ClientDrawingInput) => api.post<{ data: Drawing }>('/api/client/drawings', input).then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

/** The details of a drawing the company made. */
export function useUpdateClientDrawing(id: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidateDrawings();
  const side: DrawingSide = { kind: 'client' };
  return useMutation({
    mutationFn: (input: ClientDrawingUpdate) =>
      api.put<{ data: Drawing }>(`${drawingsApi(side)}/${id}`, input).then((r) => r.data),
    onSuccess: async (saved) => {
      qc.setQueryData(drawingKeys.detail(side, saved.id), saved);
      await invalidate();
    },
  });
}

export function useUpdateDrawing(projectId: number, id: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidateDrawings();
  const side: DrawingSide = { kind: 'staff', projectId };
  return useMutation({
    mutationFn: (input: DrawingUpdate) => api.put<{ data: Drawing }>(`${drawingsApi(side)}/${id}`, input).then((r) => r.data),
    onSuccess: async (saved) => {
      qc.setQueryData(drawingKeys.detail(side, saved.id), saved);
      await invalidate();
    },
  });
}

export function useDeleteDrawing(side: DrawingSide) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (x: Pick<Drawing, 'id' | 'version'>) =>
      api.delete<void>(`${drawingsApi(side)}/${x.id}`, { query: { version: x.version } }),
    onSuccess: async (_r, x) => {
      qc.removeQueries({ queryKey: drawingKeys.detail(side, x.id) });
      await qc.invalidateQueries({ queryKey: ['drawings', 'list'] });
    },
  });
}

export function useNewDrawingVersion(side: DrawingSide, drawingId: number) {
  const invalidate = useInvalidateDrawings();
  return useMutation({
    mutationFn: (input: NewDrawingVersionInput) =>
      api.post<{ data: DrawingVersion }>(`${drawingsApi(side)}/${drawingId}/versions`, input).then((r) => r.data),
    // A refusal (DRAWING_PENDING, DRAWING_APPROVED) means the page showed an old state: load the new one too.
    onSettled: () => invalidate(),
  });
}

/** A comment on a version, optionally placed on a page (markup); both sides. */
export function useAddDrawingComment(s: DrawingSide, drawingId: number, versionId: number) {
  const invalidate = useInvalidateDrawings();
  return useMutation({
    mutationFn: (input: DrawingCommentInput | MarkupCommentInput) =>
      api
        .post<{ data: DrawingComment }>(`${drawingsApi(s)}/${drawingId}/versions/${versionId}/comments`, input)
        .then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

export type DrawingDecision = { kind: 'approve'; body: string } | { kind: 'request-changes'; body: string; fileIds: number[] };

/** Approve the version, or send it back with changes; both answer the version as it is now. */
export function useDecideDrawingVersion(s: DrawingSide, drawingId: number, versionId: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidateDrawings();
  return useMutation({
    mutationFn: ({ kind, ...body }: DrawingDecision) =>
      api
        .post<{ data: DrawingVersion }>(`${drawingsApi(s)}/${drawingId}/versions/${versionId}/${kind}`, body)
        .then((r) => r.data),
    onSuccess: (saved) => qc.setQueryData(drawingKeys.version(s, drawingId, versionId), saved),
    // Lost a race (DRAWING_VERSION_DECIDED, …): the page shows what was decided.
    onSettled: () => invalidate(),
  });
}

/** A reply to a markup thread; answers the thread. */
export function useReplyToThread(s: DrawingSide, drawingId: number, versionId: number) {
  const invalidate = useInvalidateDrawings();
  return useMutation({
    mutationFn: ({ threadId, ...input }: MarkupReplyInput & { threadId: number }) =>
      api
        .post<{ data: MarkupThread }>(`${drawingsApi(s)}/${drawingId}/versions/${versionId}/comments/${threadId}/replies`, input)
        .then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

/** Resolve or reopen a markup thread (here, or carried over from an earlier version). */
export function useSetThreadResolved(s: DrawingSide, drawingId: number, versionId: number) {
  const invalidate = useInvalidateDrawings();
  return useMutation({
    mutationFn: ({ threadId, resolve }: { threadId: number; resolve: boolean }) =>
      api
        .post<{ data: MarkupThread }>(
          `${drawingsApi(s)}/${drawingId}/versions/${versionId}/comments/${threadId}/${resolve ? 'resolve' : 'reopen'}`,
          {},
        )
        .then((r) => r.data),
    // Lost a race (DRAWING_THREAD_RESOLVED, …): the list shows the thread as it is now.
    onSettled: () => invalidate(),
  });
}
