import { SEARCH_KINDS, type SearchGroup, type SearchHit, type SearchQuery } from '@app/shared/search/search';
import type { Ctx } from '../../platform/context';
import * as repo from './search.repository';

/** The web route that opens a hit: the back office's for staff, the portal's for the portal view. */
function urlOf(r: repo.SearchRow, portal: boolean): string {
  switch (r.kind) {
    case 'project':
      return portal ? `/project/${r.id}` : `/projects/${r.id}`;
    case 'area':
      return portal ? `/project/${r.projectId}/areas/${r.id}` : `/projects/${r.projectId}/areas/${r.id}`;
    case 'task':
      return portal ? `/task/${r.id}` : `/projects/${r.projectId}/areas/${r.areaId}/task/${r.id}`;
    case 'ticket':
      return `/tickets/${r.id}`;
    case 'drawing':
      return portal ? `/drawings/${r.id}` : `/projects/${r.projectId}/drawings/${r.id}`;
    case 'product':
      return portal ? `/product-files/${r.id}` : `/products/${r.id}`;
    case 'article':
      return `/articles/${r.id}`;
    case 'company':
      return `/companies/${r.id}`;
    case 'person':
      if (portal) return '/users';
      return r.companyId === null ? `/users/${r.id}` : `/companies/${r.companyId}/users/${r.id}`;
  }
}

/**
 * Searches every kind the caller may see (or the asked ones) for the text: at most `limit` hits
 * per kind, grouped in SEARCH_KINDS order, only the kinds with hits. One statement.
 */
export async function search(ctx: Ctx, q: SearchQuery): Promise<{ groups: SearchGroup[] }> {
  const actor = ctx.actor;
  if (actor.kind === 'anonymous') return { groups: [] };
  const kinds = q.kinds ? SEARCH_KINDS.filter((k) => q.kinds?.includes(k)) : SEARCH_KINDS;
  const rows = await repo.search(ctx.db, actor, { term: q.q, kinds, limit: q.limit, locale: actor.locale });
  const portal = actor.kind === 'client';
  const byKind = new Map<string, SearchHit[]>();
  for (const r of rows) {
    const hit: SearchHit = { kind: r.kind, id: r.id, title: r.title, subtitle: r.subtitle, url: urlOf(r, portal) };
    const list = byKind.get(r.kind);
    if (list) list.push(hit);
    else byKind.set(r.kind, [hit]);
  }
  return { groups: kinds.flatMap((kind) => (byKind.has(kind) ? [{ kind, items: byKind.get(kind) ?? [] }] : [])) };
}
