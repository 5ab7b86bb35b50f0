import type { SlugName } from '@app/shared/breadcrumbs/breadcrumbs';
import type { Permission } from '@app/shared/platform/permissions';
import type { RouteName } from '@app/shared/platform/routes';
import type { RouteObject } from 'react-router';

/**
 * What every screen route declares: its name (spec), its title (an i18n key, or a slug param the
 * server resolves), its parent for breadcrumbs, and the permissions it needs (a UI hint).
 */
export interface RouteMeta {
  name: RouteName;
  title?: string;
  slug?: SlugName;
  /** With title: the title key is `${title}.${params[titleParam]}` (e.g. one label per attribute kind). */
  titleParam?: string;
  parent?: RouteName;
  permission?: readonly Permission[];
  /** The page shows its own not-found screen for an id param that cannot exist (see id-routes.tsx). */
  ownNotFound?: boolean;
}

/** A route's `handle`, checked as route metadata: `handle: meta({ name: 'projects.index', … })`. */
export const meta = (m: RouteMeta): RouteMeta => m;

export interface RouteEntry {
  name: RouteName;
  path: string;
  meta: RouteMeta;
}

/** Flattens a route tree into name -> full path pattern, for breadcrumbs and links. */
export function collectRoutes(routes: RouteObject[], base = ''): Map<RouteName, RouteEntry> {
  const out = new Map<RouteName, RouteEntry>();
  for (const r of routes) {
    const path = r.index ? base || '/' : r.path ? joinPath(base, r.path) : base;
    const meta = r.handle as RouteMeta | undefined;
    if (meta?.name) out.set(meta.name, { name: meta.name, path, meta });
    if (r.children) for (const [k, v] of collectRoutes(r.children, path)) out.set(k, v);
  }
  return out;
}

function joinPath(base: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${base.replace(/\/$/, '')}/${path}`;
}
