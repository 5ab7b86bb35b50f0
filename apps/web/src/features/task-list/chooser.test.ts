import type { TaskListNode } from '@app/shared/task-list/task-list';
import { describe, expect, it } from 'vitest';
import { areaIdsParam, checkState, choiceOverLimit, chooserGroups, formatChoice, parseChoice, toggle } from './chooser';

const node = (id: number, kind: TaskListNode['kind'], parentId: number | null): TaskListNode => ({
  id,
  kind,
  parentId,
  number: String(id),
  name: `N${id}`,
});
// Deck 1 with areas 2 (sub-area 3) and 4; deck 5 with area 6; area 7 without a deck.
const tree = [
  node(1, 'deck', null),
  node(2, 'area', 1),
  node(3, 'subarea', 2),
  node(4, 'area', 1),
  node(5, 'deck', null),
  node(6, 'area', 5),
  node(7, 'area', null),
];

describe('the choice in the URL', () => {
  it('reads nothing, all and ids, dropping what is not an id', () => {
    expect(parseChoice(null)).toEqual([]);
    expect(parseChoice('')).toEqual([]);
    expect(parseChoice('all')).toBe('all');
    expect(parseChoice('4,2,x,0,-1,2,99999999999')).toEqual([4, 2]);
  });
  it('takes the first 500 ids and says how many there were when there are more', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(parseChoice(ids(500).join(','))).toEqual(ids(500));
    expect(choiceOverLimit(ids(500).join(','))).toBeNull();
    // Doubles and unreadable ids do not count.
    expect(choiceOverLimit(`${ids(500).join(',')},1,x,0`)).toBeNull();
    expect(parseChoice(ids(501).join(','))).toEqual(ids(500));
    expect(choiceOverLimit(ids(501).join(','))).toBe(501);
    expect(choiceOverLimit(ids(750).join(','))).toBe(750);
    expect(choiceOverLimit('all')).toBeNull();
    expect(choiceOverLimit(null)).toBeNull();
    expect(choiceOverLimit('')).toBeNull();
  });
  it('writes it back, and as the API asks it', () => {
    expect(formatChoice([])).toBeNull();
    expect(formatChoice('all')).toBe('all');
    expect(formatChoice([2, 4])).toBe('2,4');
    expect(areaIdsParam('all')).toBeUndefined();
    expect(areaIdsParam([])).toBe('');
    expect(areaIdsParam([2, 4])).toBe('2,4');
  });
});

describe('the chooser', () => {
  it('groups areas under their decks, the areas without one last; sub-areas are not offered', () => {
    expect(chooserGroups(tree).map((g) => [g.deck?.id ?? null, g.areas.map((a) => a.id)])).toEqual([
      [1, [2, 4]],
      [5, [6]],
      [null, [7]],
    ]);
  });

  it('shows a deck checked when it or all its areas are chosen, half when some are', () => {
    expect(checkState(tree, [1], 1)).toBe('checked');
    expect(checkState(tree, [1], 2)).toBe('checked');
    expect(checkState(tree, [2], 1)).toBe('indeterminate');
    expect(checkState(tree, [2, 4], 1)).toBe('checked');
    expect(checkState(tree, [], 1)).toBe('unchecked');
    expect(checkState(tree, 'all', 7)).toBe('checked');
  });

  it('ticks a deck for all its areas and unticks it again', () => {
    expect(toggle(tree, [], 1)).toEqual([1]);
    expect(toggle(tree, [2, 7], 1)).toEqual([1, 7]);
    expect(toggle(tree, [1, 7], 1)).toEqual([7]);
    // Half-ticked: ticking chooses the whole deck.
    expect(toggle(tree, [2], 1)).toEqual([1]);
  });

  it('ticks areas, and the last area of a deck makes it the deck', () => {
    expect(toggle(tree, [], 2)).toEqual([2]);
    expect(toggle(tree, [2], 4)).toEqual([1]);
    expect(toggle(tree, [2], 7)).toEqual([2, 7]);
  });

  it('unticking an area of a chosen deck keeps its other areas', () => {
    expect(toggle(tree, [1], 2)).toEqual([4]);
    expect(toggle(tree, [2, 7], 7)).toEqual([2]);
  });

  it('from all, unticking one area keeps everything else', () => {
    expect(toggle(tree, 'all', 2)).toEqual([4, 5, 7]);
    expect(toggle(tree, 'all', 5)).toEqual([1, 7]);
  });
});
