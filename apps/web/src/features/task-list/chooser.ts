import { TASK_LIST_MAX_AREAS, type TaskListNode } from '@app/shared/task-list/task-list';

/**
 * The assembly list's choice of areas, as the URL keeps it (`?areas=`): absent is nothing chosen
 * yet, `all` the whole project, else the chosen ids ('12,15'). The chooser offers decks and
 * areas; an area brings its sub-areas, a deck its areas (the server reads the ids the same way).
 */
export type Choice = 'all' | number[];

const ID = /^[1-9][0-9]{0,9}$/;

/** The distinct readable ids in the URL's `areas` value, however many. */
function readIds(raw: string | null): number[] {
  if (!raw || raw === 'all') return [];
  const ids = raw
    .split(',')
    .filter((s) => ID.test(s))
    .map(Number)
    .filter((n) => n <= 2_147_483_647);
  return [...new Set(ids)];
}

/**
 * The choice in the URL's `areas` value; anything unreadable is dropped (never a broken page). At
 * most TASK_LIST_MAX_AREAS ids, the first ones: the page says so when there were more
 * (`choiceOverLimit`).
 */
export function parseChoice(raw: string | null): Choice {
  if (raw === 'all') return 'all';
  return readIds(raw).slice(0, TASK_LIST_MAX_AREAS);
}

/** How many ids the URL's choice has when it has more than the list takes (TASK_LIST_MAX_AREAS); else null. */
export function choiceOverLimit(raw: string | null): number | null {
  const count = readIds(raw).length;
  return count > TASK_LIST_MAX_AREAS ? count : null;
}

/** The URL's `areas` value for a choice; null (the parameter left out) for nothing chosen. */
export function formatChoice(choice: Choice): string | null {
  if (choice === 'all') return 'all';
  return choice.length ? choice.join(',') : null;
}

/** The API's `areaIds` for a choice: left out for the whole project, '' for none. */
export function areaIdsParam(choice: Choice): string | undefined {
  return choice === 'all' ? undefined : choice.join(',');
}

/** What the chooser shows: the decks with their areas, then the areas without a deck. */
export interface ChooserGroup {
  deck: TaskListNode | null;
  areas: TaskListNode[];
}

export function chooserGroups(tree: readonly TaskListNode[]): ChooserGroup[] {
  const decks = tree.filter((n) => n.kind === 'deck');
  const deckIds = new Set(decks.map((d) => d.id));
  const groups: ChooserGroup[] = decks.map((deck) => ({
    deck,
    areas: tree.filter((n) => n.kind === 'area' && n.parentId === deck.id),
  }));
  const loose = tree.filter((n) => n.kind === 'area' && (n.parentId === null || !deckIds.has(n.parentId)));
  if (loose.length) groups.push({ deck: null, areas: loose });
  return groups;
}

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

/** A deck's or an area's box: checked when it (or its deck) is chosen, a deck half when some of its areas are. */
export function checkState(tree: readonly TaskListNode[], choice: Choice, id: number): CheckState {
  if (choice === 'all') return 'checked';
  const chosen = new Set(choice);
  const node = tree.find((n) => n.id === id);
  if (!node) return 'unchecked';
  if (chosen.has(id) || (node.parentId !== null && chosen.has(node.parentId) && node.kind === 'area')) return 'checked';
  if (node.kind === 'deck') {
    const areas = tree.filter((n) => n.kind === 'area' && n.parentId === id);
    if (areas.length && areas.every((a) => chosen.has(a.id))) return 'checked';
    if (areas.some((a) => chosen.has(a.id))) return 'indeterminate';
  }
  return 'unchecked';
}

/**
 * The choice after ticking or unticking a deck or an area, kept short and in tree order: a deck
 * whose areas are all chosen becomes the deck, unticking one area of a chosen deck leaves its
 * other areas chosen.
 */
export function toggle(tree: readonly TaskListNode[], choice: Choice, id: number): number[] {
  const node = tree.find((n) => n.id === id);
  const top = chooserGroups(tree).map((g) => (g.deck ? g.deck.id : null));
  // 'all' is every deck and every area without one.
  let chosen = new Set<number>(
    choice === 'all'
      ? [
          ...top.filter((d): d is number => d !== null),
          ...chooserGroups(tree)
            .filter((g) => !g.deck)
            .flatMap((g) => g.areas.map((a) => a.id)),
        ]
      : choice,
  );
  if (!node) return inTreeOrder(tree, chosen);
  const areasOf = (deckId: number) => tree.filter((n) => n.kind === 'area' && n.parentId === deckId).map((n) => n.id);
  const state = checkState(tree, [...chosen], id);
  if (node.kind === 'deck') {
    for (const a of areasOf(id)) chosen.delete(a);
    if (state === 'checked') chosen.delete(id);
    else chosen.add(id);
  } else if (state === 'checked') {
    const deckId = node.parentId !== null && chosen.has(node.parentId) ? node.parentId : null;
    if (deckId !== null) {
      chosen.delete(deckId);
      for (const a of areasOf(deckId)) if (a !== id) chosen.add(a);
    }
    chosen.delete(id);
  } else {
    chosen.add(id);
    const deck = node.parentId !== null ? tree.find((n) => n.id === node.parentId && n.kind === 'deck') : undefined;
    if (deck) {
      const areas = areasOf(deck.id);
      if (areas.every((a) => chosen.has(a))) {
        chosen = new Set([...chosen].filter((c) => !areas.includes(c)));
        chosen.add(deck.id);
      }
    }
  }
  return inTreeOrder(tree, chosen);
}

function inTreeOrder(tree: readonly TaskListNode[], chosen: Set<number>): number[] {
  return tree.filter((n) => chosen.has(n.id)).map((n) => n.id);
}
