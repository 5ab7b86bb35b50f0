import type { PortalPost } from '@app/shared/companies/company-posts';
import type { Page } from '@app/shared/platform/http';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the portal's company news (GET /api/client/posts), read only:
 *
 *   ['portal', 'news']                     everything about the news
 *   ['portal', 'news', 'list', page]       one page of published posts, newest first
 *   ['portal', 'news', 'detail', postId]   one post
 */
export const NEWS_PER_PAGE = 12;

export const newsKeys = {
  all: ['portal', 'news'] as const,
  list: (page: number) => [...newsKeys.all, 'list', page] as const,
  detail: (id: number) => [...newsKeys.all, 'detail', id] as const,
};

export const useNews = (page: number) =>
  useQuery({
    queryKey: newsKeys.list(page),
    queryFn: ({ signal }) => api.get<Page<PortalPost>>('/api/client/posts', { query: { page, perPage: NEWS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });

export const useNewsPost = (id: number) =>
  useQuery({
    queryKey: newsKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: PortalPost }>(`/api/client/posts/${id}`, { signal }).then((r) => r.data),
  });
