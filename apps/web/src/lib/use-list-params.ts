import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type * as z from 'zod';

/** A list's query schema from packages/shared (`ticketListQuerySchema`, …): an object of fields. */
export type ListSchema = z.ZodObject;

type SortOf<Q extends ListSchema> = z.output<Q> extends { sort: infer S extends string } ? S : string;

/**
 * Every field of a list's query schema read from the URL by the schema's own field: a value it
 * refuses (or an empty one) reads as the field's default, or as undefined when it has none. The
 * screen then asks the server only what the server takes.
 */
export function readListQuery<Q extends ListSchema>(schema: Q, params: URLSearchParams): z.output<Q> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const read = field.safeParse(params.get(key) || undefined);
    out[key] = read.success ? read.data : field.safeParse(undefined).data;
  }
  return out as z.output<Q>;
}

/** The list state every list screen has: page, sort and search in the URL, and the setters. */
export interface ListParams<S extends string> {
  params: URLSearchParams;
  page: number;
  sort: S;
  q: string | undefined;
  search: string;
  setSearch: (search: string) => void;
  setFilters: (f: Record<string, string | null>) => void;
  setSort: (s: string) => void;
  setPage: (p: number) => void;
}

/**
 * A list screen's state in the URL (page, sort, search, filters), so a link or a reload shows the
 * same screen. Search is debounced; any filter or search change goes back to page 1.
 *
 * With the list's shared query schema (`useListParams(ticketListQuerySchema)`), the sorts are the
 * schema's and `query` holds every field read through it (tabs, filters, ids): no hand-written
 * guard per screen. With a list of sorts and the default one, for a list without a schema.
 */
export function useListParams<Q extends ListSchema>(schema: Q): ListParams<SortOf<Q>> & { query: z.output<Q> };
export function useListParams<S extends string>(sorts: readonly S[], defaultSort: S): ListParams<S>;
export function useListParams(
  from: ListSchema | readonly string[],
  fallbackSort?: string,
): ListParams<string> & { query?: Record<string, unknown> } {
  const [params, setParams] = useSearchParams();
  const schema = Array.isArray(from) ? undefined : (from as ListSchema);
  const sortField = schema?.shape.sort as z.ZodType | undefined;
  // The schema's own default sort (its `sort` field without a value), or the one given.
  const defaultSort = (sortField ? sortField.safeParse(undefined).data : fallbackSort) as string;
  // A whole page number from 1 (the server refuses anything else): '2.5' reads as 2, junk as 1.
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const raw = params.get('sort') || undefined;
  const known = raw !== undefined && (schema ? !!sortField?.safeParse(raw).success : (from as readonly string[]).includes(raw));
  const sort = (known ? raw : defaultSort) as string;
  const q = params.get('q') || undefined;
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query follows the URL's text, not the params object
  const query = useMemo(() => (schema ? { ...readListQuery(schema, params), page, sort, q } : undefined), [schema, key]);
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
    ...(query ? { query } : {}),
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
