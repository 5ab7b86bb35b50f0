import type { PortalArea } from '@app/shared/portal/portal';

/** A deck with its areas on the areas page; a deck the company does not see itself is a heading only. */
export interface AreaGroup {
  /** The deck's id, or null for the areas that hang under no deck. */
  id: number | null;
  /** The deck when the company sees it (a link, a status, a completion); null when only its name is known. */
  deck: PortalArea | null;
  /** The deck's name as its areas know it (a deck outside the company's selection). */
  name: string | null;
  areas: PortalArea[];
}

/**
 * Groups the areas list (tree order: each deck followed by its areas) into decks and their areas.
 * A company with selected areas may see an area without its deck: the area's parent names the
 * group. Areas without a deck come last, in one group of their own.
 */
export function groupAreas(rows: readonly PortalArea[]): AreaGroup[] {
  const groups = new Map<number, AreaGroup>();
  const loose: AreaGroup = { id: null, deck: null, name: null, areas: [] };
  for (const row of rows) {
    if (row.kind === 'deck') {
      const known = groups.get(row.id);
      if (known) known.deck = row;
      else groups.set(row.id, { id: row.id, deck: row, name: row.name, areas: [] });
      continue;
    }
    const parent = row.parent;
    if (parent && parent.kind === 'deck') {
      const group = groups.get(parent.id) ?? { id: parent.id, deck: null, name: parent.name, areas: [] };
      group.areas.push(row);
      groups.set(parent.id, group);
    } else {
      loose.areas.push(row);
    }
  }
  const out = [...groups.values()];
  if (loose.areas.length > 0) out.push(loose);
  return out;
}

/** An area matches a search on its number, name or type (any case, any part). */
export function areaMatches(area: Pick<PortalArea, 'number' | 'name' | 'areaType'>, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [area.number, area.name, area.areaType].some((s) => s.toLocaleLowerCase().includes(needle));
}

/**
 * The groups with only the areas that match; a deck that matches itself keeps all its areas, a
 * group with nothing that matches goes.
 */
export function filterGroups(groups: readonly AreaGroup[], q: string): AreaGroup[] {
  if (!q.trim()) return [...groups];
  return groups.flatMap((g) => {
    if (g.deck && areaMatches(g.deck, q)) return [g];
    const areas = g.areas.filter((a) => areaMatches(a, q));
    return areas.length > 0 ? [{ ...g, areas }] : [];
  });
}
