import { describe, expect, it } from 'vitest';
import { coveredIds } from './task-list.rules';

const tree = [
  { id: 1, parentId: null }, // deck
  { id: 2, parentId: 1 }, // area
  { id: 3, parentId: 2 }, // sub-area
  { id: 4, parentId: 1 }, // area
  { id: 5, parentId: null }, // area without a deck
  { id: 6, parentId: 5 }, // its sub-area
];
const ids = (chosen: number[] | null) => coveredIds(tree, chosen).map((n) => n.id);

describe('coveredIds', () => {
  it('covers the whole tree for null and nothing for none', () => {
    expect(ids(null)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids([])).toEqual([]);
  });
  it('a deck covers its areas and their sub-areas', () => {
    expect(ids([1])).toEqual([1, 2, 3, 4]);
  });
  it('an area covers its sub-areas, a sub-area only itself', () => {
    expect(ids([2])).toEqual([2, 3]);
    expect(ids([6])).toEqual([6]);
  });
  it('keeps the tree order whatever the order asked, and ignores unknown ids', () => {
    expect(ids([5, 3, 99])).toEqual([3, 5, 6]);
  });
});
