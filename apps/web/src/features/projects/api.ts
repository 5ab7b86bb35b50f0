import type { CompanyOption } from '@app/shared/companies/companies';
import type { FileInfo } from '@app/shared/files/files';
import type { Page } from '@app/shared/platform/http';
import type { FeedEvent, FeedQuery } from '@app/shared/projects/feed';
import type { Project, ProjectInput, ProjectListItem, ProjectListQuery, ProjectUpdate } from '@app/shared/projects/projects';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the projects feature. Other features invalidate by these prefixes:
 *
 *   ['projects']                            everything about projects (lists, every project)
 *   ['projects', 'list', query]             the projects list (GET /api/projects)
 *   ['projects', projectId]                 everything of one project; the areas and tasks screens
 *                                           keep their keys under this prefix too
 *   ['projects', projectId, 'detail']       the project (GET /api/projects/:projectId)
 *   ['projects', projectId, 'feed', kind, page]  its feed, page by page (GET /api/projects/:projectId/feed)
 *   ['projects', 'company-options']         the companies to attach (GET /api/companies)
 *
 * A change to a project invalidates ['projects'] (lists, header, feed) and ['tickets'] (the
 * tickets show the project's name and may stop being editable when it is deleted).
 */
export const projectKeys = {
  all: ['projects'] as const,
  lists: ['projects', 'list'] as const,
  list: (q: ProjectListQuery) => [...projectKeys.lists, q] as const,
  project: (id: number) => ['projects', id] as const,
  detail: (id: number) => [...projectKeys.project(id), 'detail'] as const,
  feed: (id: number, kind: FeedQuery['kind']) => [...projectKeys.project(id), 'feed', kind ?? 'all'] as const,
  companyOptions: ['projects', 'company-options'] as const,
};

/** The page of projects the list shows: tab, sort, search and page from the URL. */
export const useProjects = (q: ProjectListQuery) =>
  useQuery({
    queryKey: projectKeys.list(q),
    queryFn: ({ signal }) => api.get<Page<ProjectListItem>>('/api/projects', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** One project with every field (header, editor); shared by every page of the project. */
export const useProject = (id: number) =>
  useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: Project }>(`/api/projects/${id}`, { signal }).then((r) => r.data),
  });

/** After any change to a project: the lists, the project's own screens, and the tickets that show it. */
function useInvalidateProjects() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: projectKeys.all }), qc.invalidateQueries({ queryKey: ['tickets'] })]);
}

export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (input: ProjectInput) => api.post<{ data: Project }>('/api/projects', input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useUpdateProject(id: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (input: ProjectUpdate) => api.patch<{ data: Project }>(`/api/projects/${id}`, input).then((r) => r.data),
    onSuccess: async (saved) => {
      qc.setQueryData(projectKeys.detail(id), saved);
      await invalidate();
    },
  });
}

type Versioned = Pick<ProjectListItem, 'id' | 'version'>;

/** Archive (status inactive), restore (from archived or deleted) and delete (soft): each with the version it is based on. */
export function useProjectTransitions() {
  const invalidate = useInvalidateProjects();
  const archive = useMutation({
    mutationFn: (p: Versioned) => api.post<unknown>(`/api/projects/${p.id}/archive`, { version: p.version }),
    onSuccess: invalidate,
  });
  const restore = useMutation({
    mutationFn: (p: Versioned) => api.post<unknown>(`/api/projects/${p.id}/restore`, { version: p.version }),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (p: Versioned) => api.delete<unknown>(`/api/projects/${p.id}`, { query: { version: p.version } }),
    onSuccess: invalidate,
  });
  /**
   * The toast's undo after a delete or an archive: the change gave the project a new version, so
   * the newest copy is read first and restored with its version.
   */
  const undo = useMutation({
    mutationFn: async (id: number) => {
      const fresh = await api.get<{ data: Project }>(`/api/projects/${id}`);
      return api.post<unknown>(`/api/projects/${id}/restore`, { version: fresh.data.version });
    },
    onSuccess: invalidate,
  });
  return { archive, restore, remove, undo };
}

/** How many events one page of the feed holds ('Meer laden' asks for the next page). */
export const FEED_PAGE_SIZE = 50;

/** One page of the project's feed, newest first; `kind` filters area/task/subtask/ticket. */
export const useProjectFeedPage = (projectId: number, kind: FeedQuery['kind'], page: number) =>
  useQuery({
    queryKey: [...projectKeys.feed(projectId, kind), page] as const,
    queryFn: ({ signal }) =>
      api.get<Page<FeedEvent>>(`/api/projects/${projectId}/feed`, {
        query: { kind, page, perPage: FEED_PAGE_SIZE },
        signal,
      }),
  });

/** Every client company a project can be attached to (GET /api/companies/options, also for project managers). */
export const useCompanyOptions = () =>
  useQuery({
    queryKey: projectKeys.companyOptions,
    queryFn: ({ signal }) =>
      api
        .get<{ data: CompanyOption[] }>('/api/companies/options', { signal })
        .then((r) => r.data.map((c) => ({ id: c.id, name: c.name }))),
    staleTime: 5 * 60_000,
  });

export type { FileInfo };
