import type { PublicFilter } from '@app/shared/products/products';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type CatalogueQuery, catalogueQueryFrom, FILTER_KINDS, formatIdList } from './public-catalogue';

/**
 * The catalogue's state in the URL (?areas=1,2&categories=3&page=2, the API's own query names),
 * so a link or a reload shows the same selection. Changing a filter goes back to page 1.
 */
export function useCatalogueParams() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the string form is the identity of the params
  const query = useMemo<CatalogueQuery>(() => catalogueQueryFrom(params), [key]);

  const update = (next: Record<string, string | null>, replace: boolean) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { replace, preventScrollReset: true },
    );

  const activeCount = FILTER_KINDS.reduce((n, k) => n + query.filters[k].length, 0);

  return {
    query,
    activeCount,
    // Ticking filters replaces the entry (the back button leaves the catalogue); a page is a step back can undo.
    setFilter: (kind: PublicFilter, ids: readonly number[]) =>
      update({ [kind]: formatIdList([...ids].sort((a, b) => a - b)), page: null }, true),
    clearFilters: () => update({ ...Object.fromEntries(FILTER_KINDS.map((k) => [k, null])), page: null }, true),
    setPage: (page: number, replace = false) => update({ page: page <= 1 ? null : String(page) }, replace),
  };
}
