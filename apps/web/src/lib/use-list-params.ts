import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list screen's state in the URL (page, sort, search, filters), so a link or a reload shows the
 * same screen. Search is debounced; any filter or search change goes back to page 1.
 */
export function useListParams<S extends string>(sorts: readonly S[], defaultSort: S) {
  const [params, setParams] = useSearchParams();
  // A whole page number from 1 (the server refuses anything else): '2.5' reads as 2, junk as 1.
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const raw = params.get('sort');
  const sort: S = raw && (sorts as readonly string[]).includes(raw) ? (raw as S) : defaultSort;
  const q = params.get('q') || undefined;
  const [search, setSearch] = useState(q ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);

  const update = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null || v === '') p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { replace: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search term resets the page
  useEffect(() => {
    if (debounced !== (q ?? '')) update({ q: debounced || null, page: null });
  }, [debounced]);

  return {
    params,
    page,
    sort,
    q,
    search,
    setSearch,
    /**
     * Sets filters and returns to page 1. The search typed so far goes along, so the debounced
     * search that follows has nothing left to write and cannot undo the filter from a stale URL.
     */
    setFilters: (f: Record<string, string | null>) => update({ q: search.trim() || null, ...f, page: null }),
    setSort: (s: string) => update({ q: search.trim() || null, sort: s === defaultSort ? null : s, page: null }),
    setPage: (p: number) => update({ page: p === 1 ? null : String(p) }),
  };
}
