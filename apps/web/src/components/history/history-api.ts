import type { HistoryEntry, HistorySubject } from '@app/shared/history/history';
import type { Page } from '@app/shared/platform/http';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Entries per page: the first screenful and then a page per "load more". */
export const HISTORY_PAGE_SIZE = 20;

export const historyKeys = {
  all: ['history'] as const,
  of: (subject: HistorySubject, id: number) => ['history', subject, id] as const,
};

/**
 * A record's history, newest first, page by page (GET /api/history/:subject/:id). Asked for only
 * while the panel is open, and asked again each time it opens: a change just saved is in it.
 */
export const useHistory = (subject: HistorySubject, id: number) =>
  useInfiniteQuery({
    queryKey: historyKeys.of(subject, id),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<HistoryEntry>>(`/api/history/${subject}/${id}`, {
        query: { page: pageParam, perPage: HISTORY_PAGE_SIZE },
        signal,
      }),
    // An empty page ends it too, so a history that shrank meanwhile never asks on and on.
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page && last.data.length > 0 ? last.meta.current_page + 1 : undefined,
    staleTime: 0,
    gcTime: 60_000,
  });
