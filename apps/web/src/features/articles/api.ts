import type {
  ArticleDetail,
  ArticleFacets,
  ArticleListItem,
  ArticleListQuery,
  ArticleUpdate,
  SyncRun,
  SyncStatus,
} from '@app/shared/articles/articles';
import type { Page } from '@app/shared/platform/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const articleKeys = {
  all: ['articles'] as const,
  list: (q: ArticleListQuery) => [...articleKeys.all, 'list', q] as const,
  facets: ['articles', 'facets'] as const,
  detail: (id: number) => [...articleKeys.all, 'detail', id] as const,
  sync: ['articles', 'sync'] as const,
  runs: (page: number) => [...articleKeys.sync, 'runs', page] as const,
  run: (id: number) => [...articleKeys.sync, 'run', id] as const,
};

export const useArticles = (q: ArticleListQuery) =>
  useQuery({
    queryKey: articleKeys.list(q),
    queryFn: ({ signal }) => api.get<Page<ArticleListItem>>('/api/articles', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const useArticleFacets = () =>
  useQuery({
    queryKey: articleKeys.facets,
    queryFn: ({ signal }) => api.get<{ data: ArticleFacets }>('/api/articles/facets', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });

export const useArticle = (id: number) =>
  useQuery({
    queryKey: articleKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: ArticleDetail }>(`/api/articles/${id}`, { signal }).then((r) => r.data),
  });

/** Articles the person picks from (e.g. a Robox material's article): a short search. */
export const useArticleSearch = (q: string, enabled = true) =>
  useQuery({
    queryKey: [...articleKeys.all, 'search', q] as const,
    queryFn: ({ signal }) =>
      api.get<Page<ArticleListItem>>('/api/articles', { query: { q: q || undefined, perPage: 20, sort: 'name' }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });

export function useUpdateArticle(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleUpdate) => api.patch<{ data: ArticleDetail }>(`/api/articles/${id}`, input).then((r) => r.data),
    onSuccess: async (saved) => {
      qc.setQueryData(articleKeys.detail(id), saved);
      await qc.invalidateQueries({ queryKey: articleKeys.all, predicate: (q) => q.queryKey[1] === 'list' });
    },
  });
}

// ERP synchronisation

export const isRunActive = (status: SyncStatus): boolean => status === 'queued' || status === 'running';

export const useSyncRuns = (page: number, perPage = 10) =>
  useQuery({
    queryKey: articleKeys.runs(page),
    queryFn: ({ signal }) => api.get<Page<SyncRun>>('/api/articles/sync/runs', { query: { page, perPage }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** One run; polled every second while it is queued or running, then left alone. */
export const useSyncRun = (id: number | null) =>
  useQuery({
    queryKey: articleKeys.run(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: SyncRun }>(`/api/articles/sync/runs/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      return query.state.data && !isRunActive(query.state.data.status) ? false : 1000;
    },
    refetchIntervalInBackground: true,
  });

export function useStartSync() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ data: SyncRun }>('/api/articles/sync').then((r) => r.data),
    onSuccess: async (run) => {
      qc.setQueryData(articleKeys.run(run.id), run);
      await qc.invalidateQueries({ queryKey: articleKeys.sync, predicate: (q) => q.queryKey[2] === 'runs' });
    },
  });
}
