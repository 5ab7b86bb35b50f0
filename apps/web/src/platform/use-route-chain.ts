import { useMatches } from 'react-router';
import type { RouteEntry, RouteMeta } from './route-meta';
import { useRouteRegistry } from './route-registry';

/** The current route's declared parent chain, leaf last. */
export function useRouteChain(): RouteEntry[] {
  const matches = useMatches();
  const registry = useRouteRegistry();
  const leaf = [...matches].reverse().find((m) => (m.handle as RouteMeta | undefined)?.name);
  const chain: RouteEntry[] = [];
  let name = (leaf?.handle as RouteMeta | undefined)?.name;
  const seen = new Set<string>();
  while (name && !seen.has(name)) {
    seen.add(name);
    const entry = registry.get(name);
    if (!entry) break;
    chain.unshift(entry);
    name = entry.meta.parent;
  }
  return chain;
}
