import type { SearchResponse } from '@app/shared/search/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the search feature:
 *
 *   ['search', q]   the one search's answer for the (trimmed) text q (GET /api/search)
 */
export const searchKeys = { query: (q: string) => ['search', q] as const };

/** What the one search finds for q; asks only from 2 characters on, and keeps the last answer while the next loads. */
export const useSearch = (q: string) =>
  useQuery({
    queryKey: searchKeys.query(q),
    queryFn: ({ signal }) => api.get<SearchResponse>('/api/search', { query: { q }, signal }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
