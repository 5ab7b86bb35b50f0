import type { PublicFilter, PublicSort } from '@app/shared/products/products';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type CatalogueQuery, catalogueQueryFrom, FILTER_KINDS, formatIdList, MAX_SEARCH } from './public-catalogue';

/** How long typing must pause before the search is applied (and written to the URL). */
export const SEARCH_DELAY_MS = 300;

/**
 * The catalogue's state in the URL (?q=stoel&sort=name&areas=1,2&categories=3&page=2, the API's
 * own query names), so a link or a reload shows the same selection. Changing the search, the
 * order or a filter goes back to page 1.
 */
export function useCatalogueParams() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the string form is the identity of the params
  const query = useMemo<CatalogueQuery>(() => catalogueQueryFrom(params), [key]);
  // What is typed in the search box; it reaches the URL (and the API) once typing pauses.
  const [search, setSearchText] = useState(query.q);
  const [debounced, setDebounced] = useState(query.q);
  // A timer of its own rather than a debounce hook: this page is on a visitor's first load (G6).
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(search.trim().slice(0, MAX_SEARCH).trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [search]);

  // Back and forward (or a link) change the URL's search: the box follows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new URL search is copied into the box
  useEffect(() => {
    if (query.q !== search.trim()) setSearchText(query.q);
  }, [query.q]);

  const update = (next: Record<string, string | null>, replace: boolean) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null || v === '') p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { replace, preventScrollReset: true },
    );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search term is written
  useEffect(() => {
    if (debounced !== query.q) update({ q: debounced || null, page: null }, true);
  }, [debounced]);

  // Whatever is typed so far goes along with a filter or sort change, so the debounced search
  // that follows has nothing left to write and cannot put an older URL back.
  const typed = () => search.trim().slice(0, MAX_SEARCH).trim() || null;
  const activeCount = FILTER_KINDS.reduce((n, k) => n + query.filters[k].length, 0);

  return {
    query,
    activeCount,
    search,
    setSearch: setSearchText,
    // Ticking filters replaces the entry (the back button leaves the catalogue); a page is a step back can undo.
    setFilter: (kind: PublicFilter, ids: readonly number[]) =>
      update({ q: typed(), [kind]: formatIdList([...ids].sort((a, b) => a - b)), page: null }, true),
    clearFilters: () => update({ q: typed(), ...Object.fromEntries(FILTER_KINDS.map((k) => [k, null])), page: null }, true),
    /** The search and every filter off: the whole catalogue again (in the chosen order). */
    clearAll: () => {
      setSearchText('');
      update({ q: null, ...Object.fromEntries(FILTER_KINDS.map((k) => [k, null])), page: null }, true);
    },
    setSort: (sort: PublicSort) => update({ q: typed(), sort: sort === 'order' ? null : sort, page: null }, true),
    setPage: (page: number, replace = false) => update({ page: page <= 1 ? null : String(page) }, replace),
  };
}
