import type { PublicFilter, PublicSort } from '@app/shared/products/products';

/**
 * Small pure helpers of the public catalogue. Nothing here imports zod (or anything from the shared
 * package but types): the catalogue is on a visitor's first load and has a JS budget (G6).
 */

/** What a catalogue page asks for: the page, the search, the order and the selected ids per filter group. */
export interface CatalogueQuery {
  page: number;
  /** The search text, trimmed; '' for none. */
  q: string;
  sort: PublicSort;
  filters: Record<PublicFilter, number[]>;
}

/** The orders a visitor can choose, the first the default (the manual order); the API's sort values. */
export const CATALOGUE_SORTS = ['order', 'name', '-name', 'newest'] as const satisfies readonly PublicSort[];

/** The API takes a search of at most 200 characters. */
export const MAX_SEARCH = 200;

/** The filter groups, in the order the catalogue shows them; the query names of the API. */
export const FILTER_KINDS = [
  'areas',
  'categories',
  'features',
  'materials',
  'preferences',
] as const satisfies readonly PublicFilter[];

/** Cards per page: 24 fills whole rows at 2, 3 and 4 columns. */
export const PAGE_SIZE = 24;

/** The API takes at most 50 ids per filter (http.ts idListQuery). */
const MAX_IDS = 50;
const ID = /^[1-9][0-9]{0,9}$/;

/**
 * Reads a comma list from the URL ('3,1,3' -> [3, 1]). Anything the API would refuse (junk,
 * zero, a number beyond int4) is dropped, so a hand-edited link still shows a catalogue.
 */
export function parseIdList(raw: string | null): number[] {
  if (!raw) return [];
  const out: number[] = [];
  for (const part of raw.split(',')) {
    const s = part.trim();
    if (!ID.test(s)) continue;
    const n = Number(s);
    if (n > 2_147_483_647 || out.includes(n)) continue;
    out.push(n);
    if (out.length === MAX_IDS) break;
  }
  return out;
}

/** A list of ids as the URL and the API take it ('1,2'), or null for none. */
export function formatIdList(ids: readonly number[]): string | null {
  return ids.length ? ids.join(',') : null;
}

/** A whole page number from 1: junk reads as 1. */
export function parsePage(raw: string | null): number {
  if (!raw || !/^[0-9]{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** A sort from the URL; anything unknown reads as the manual order. */
export function parseSort(raw: string | null): PublicSort {
  return (CATALOGUE_SORTS as readonly string[]).includes(raw ?? '') ? (raw as PublicSort) : 'order';
}

/** A search from the URL as the API takes it: trimmed, at most 200 characters. */
export function parseSearch(raw: string | null): string {
  return (raw ?? '').trim().slice(0, MAX_SEARCH).trim();
}

/** The catalogue's selection as the URL holds it (?q=stoel&sort=name&areas=1,2&categories=3&page=2). */
export function catalogueQueryFrom(params: URLSearchParams): CatalogueQuery {
  const filters = Object.fromEntries(FILTER_KINDS.map((k) => [k, parseIdList(params.get(k))])) as Record<PublicFilter, number[]>;
  return { page: parsePage(params.get('page')), q: parseSearch(params.get('q')), sort: parseSort(params.get('sort')), filters };
}

/** Whether the answer depends on the language: a search reads, and a name sort follows, the visitor's texts. */
export function dependsOnLanguage(q: Pick<CatalogueQuery, 'q' | 'sort'>): boolean {
  return q.q !== '' || q.sort === 'name' || q.sort === '-name';
}

/** A product id from the path as the API takes it (plain digits within int4), else null: no such product can exist. */
export function productIdFrom(raw: string | undefined): number | null {
  if (!raw || !ID.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}

/** The name in the current language: English when asked and filled in, else Dutch. */
export function localName(x: { nameNl: string; nameEn: string }, language: string): string {
  return language === 'en' && x.nameEn.trim() ? x.nameEn : x.nameNl;
}

/** The description in the current language, with the same fallback to Dutch. */
export function localDescription(x: { descriptionNl: string; descriptionEn: string }, language: string): string {
  return language === 'en' && x.descriptionEn.trim() ? x.descriptionEn : x.descriptionNl;
}

/** Plain text as paragraphs: a blank line starts a new one; single line breaks stay inside it. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * An address that is safe to put in an href: http(s) or a path on this site. Anything else
 * (javascript:, data:, …) is refused, even though the server already validates links.
 */
export function safeHref(link: string | null | undefined): string | null {
  if (!link) return null;
  const v = link.trim();
  if (/^https?:\/\/[^\s]+$/i.test(v)) return v;
  if (v.startsWith('/') && !v.startsWith('//') && !/\s/.test(v)) return v;
  return null;
}
