/** A row of the project's tree as the assembly list's rules need it. */
export interface TreeNode {
  id: number;
  parentId: number | null;
}

/**
 * The rows a choice covers, in the tree's order: each chosen row and everything under it (a deck
 * its areas and their sub-areas, an area its sub-areas). `chosen` null is the whole project.
 * Ids that are not in the tree are ignored (the server refuses them before).
 */
export function coveredIds<N extends TreeNode>(tree: readonly N[], chosen: readonly number[] | null): N[] {
  if (chosen === null) return [...tree];
  const picked = new Set(chosen);
  const parentOf = new Map(tree.map((n) => [n.id, n.parentId]));
  const covers = (id: number): boolean => {
    // Walk up at most the tree's depth (deck → area → sub-area); a cycle cannot loop forever.
    let at: number | null | undefined = id;
    for (let depth = 0; at != null && depth < 4; depth++) {
      if (picked.has(at)) return true;
      at = parentOf.get(at);
    }
    return false;
  };
  return tree.filter((n) => covers(n.id));
}
