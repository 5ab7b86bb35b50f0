import type { PortalCompanyProduct } from '@app/shared/companies/company-products';

/** The company products page's filters: project ids and article type names ('' is "Unknown"). */
export interface ProductFilters {
  projects: number[];
  types: string[];
}

/** At most this many values per filter (the server refuses more). */
const MAX_VALUES = 50;

function parseJsonArray(raw: string | null): unknown[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/**
 * Reads the filters from the URL, where they are kept as JSON (?projects=[1,2]&types=["Chair"]),
 * so a reload or a shared link shows the same list. Anything that is not a list of positive ids or
 * of names is dropped rather than sent to the server; duplicates go, the order stays.
 */
export function parseFilters(params: URLSearchParams): ProductFilters {
  const projects = parseJsonArray(params.get('projects')).filter(
    (v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647,
  );
  const types = parseJsonArray(params.get('types')).filter((v): v is string => typeof v === 'string' && v.length <= 200);
  return { projects: [...new Set(projects)].slice(0, MAX_VALUES), types: [...new Set(types)].slice(0, MAX_VALUES) };
}

/** The filters as URL values: JSON arrays, or null (no parameter) when a filter is empty. */
export function serializeFilters(f: ProductFilters): { projects: string | null; types: string | null } {
  return {
    projects: f.projects.length ? JSON.stringify(f.projects) : null,
    types: f.types.length ? JSON.stringify(f.types) : null,
  };
}

/** Writes the filters into a copy of the URL's parameters (other parameters stay). */
export function withFilters(params: URLSearchParams, f: ProductFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(serializeFilters(f))) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export const hasFilters = (f: ProductFilters) => f.projects.length > 0 || f.types.length > 0;

/** The API's query for one page: projects as comma-separated ids, types as a JSON array (spec section 7). */
export function toApiQuery(f: ProductFilters, page: number): Record<string, string | number | undefined> {
  return {
    page,
    projects: f.projects.length ? f.projects.join(',') : undefined,
    types: f.types.length ? JSON.stringify(f.types) : undefined,
  };
}

export interface ProductGroup {
  /** The article type's name; null is the "Unknown" group. */
  type: string | null;
  items: PortalCompanyProduct[];
}

/**
 * The products grouped by their article type's name, 'Unknown' (no type) last (spec section 3).
 * The server sends them in that order, page after page; grouping over all loaded pages keeps a
 * group that spans two pages whole, in the order its types first appear.
 */
export function groupByType(items: readonly PortalCompanyProduct[]): ProductGroup[] {
  const groups = new Map<string | null, PortalCompanyProduct[]>();
  for (const item of items) {
    const type = item.article.article_type?.name || null;
    const list = groups.get(type);
    if (list) list.push(item);
    else groups.set(type, [item]);
  }
  const named = [...groups.entries()].filter(([type]) => type !== null);
  const unknown = groups.get(null);
  return [...named.map(([type, list]) => ({ type, items: list })), ...(unknown ? [{ type: null, items: unknown }] : [])];
}

/** Where a product card leads: its order line when it has one, else its page among the product files. */
export function productPath(p: Pick<PortalCompanyProduct, 'id' | 'orderLineId' | 'project'>): string {
  return p.orderLineId !== null && p.project ? `/company-products/${p.project.id}/${p.orderLineId}` : `/product-files/${p.id}`;
}
