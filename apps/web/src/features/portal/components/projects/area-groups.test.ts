import { describe, expect, it } from 'vitest';
import { areaMatches, filterGroups, groupAreas } from './area-groups';
import { companyProductPath, latestOrders } from './dashboard-data';
import { companyProduct, portalArea, portalDeck } from './fixtures';

describe('groupAreas', () => {
  it('puts each deck first with its areas, and the areas under no deck last', () => {
    const deck5 = portalDeck();
    const deck6 = portalDeck({ id: 20, number: '6', name: 'Dek 6' });
    const rows = [
      deck5,
      portalArea({ id: 11 }),
      portalArea({ id: 12, number: '5002', name: 'Hut 5002' }),
      deck6,
      portalArea({ id: 21, number: '6001', name: 'Hut 6001', parent: { id: 20, name: 'Dek 6', kind: 'deck' } }),
      portalArea({ id: 30, number: '', name: 'Lobby', parent: null }),
    ];
    const groups = groupAreas(rows);
    expect(groups.map((g) => [g.id, g.deck?.id ?? null, g.areas.map((a) => a.id)])).toEqual([
      [10, 10, [11, 12]],
      [20, 20, [21]],
      [null, null, [30]],
    ]);
  });

  it('names the group of an area whose deck the company does not see after that deck', () => {
    // Selected areas: only cabin 6001 was chosen, not its deck.
    const groups = groupAreas([
      portalArea({ id: 21, number: '6001', name: 'Hut 6001', parent: { id: 20, name: 'Dek 6', kind: 'deck' } }),
    ]);
    expect(groups).toEqual([{ id: 20, deck: null, name: 'Dek 6', areas: [expect.objectContaining({ id: 21 })] }]);
  });

  it('keeps a deck without areas, and adds no empty group for loose areas', () => {
    expect(groupAreas([portalDeck()])).toEqual([{ id: 10, deck: expect.objectContaining({ id: 10 }), name: 'Dek 5', areas: [] }]);
    expect(groupAreas([])).toEqual([]);
  });
});

describe('filterGroups', () => {
  const groups = groupAreas([
    portalDeck(),
    portalArea({ id: 11 }),
    portalArea({ id: 12, number: '5002', name: 'Hut 5002', areaType: 'Suite' }),
    portalDeck({ id: 20, number: '6', name: 'Dek 6' }),
    portalArea({ id: 21, number: '6001', name: 'Hut 6001', parent: { id: 20, name: 'Dek 6', kind: 'deck' } }),
  ]);

  it.each([
    ['', [10, 20], [2, 1]],
    ['5002', [10], [1]],
    ['suite', [10], [1]],
    ['  HUT 600 ', [20], [1]],
    ['dek 6', [20], [1]],
    ['nothing', [], []],
  ])('searching %j keeps the decks %j with %j areas', (q, ids, counts) => {
    const out = filterGroups(groups, q);
    expect(out.map((g) => g.id)).toEqual(ids);
    expect(out.map((g) => g.areas.length)).toEqual(counts);
  });

  it('matches on number, name and type', () => {
    const a = { number: 'A12', name: 'Spa', areaType: 'Wellness' };
    expect(areaMatches(a, 'a1')).toBe(true);
    expect(areaMatches(a, 'sp')).toBe(true);
    expect(areaMatches(a, 'well')).toBe(true);
    expect(areaMatches(a, 'bar')).toBe(false);
  });
});

describe('latestOrders', () => {
  it('lists the products on an order line, the newest line first, at most as many as asked', () => {
    const rows = [
      companyProduct({ id: 1, orderLineId: 501 }),
      companyProduct({ id: 2, orderLineId: null, project: null }),
      companyProduct({ id: 3, orderLineId: 900 }),
      companyProduct({ id: 4, orderLineId: 700 }),
      // An order line whose project the company no longer sees (no project): not an order to open.
      companyProduct({ id: 5, orderLineId: 999, project: null }),
    ];
    expect(latestOrders(rows, 2).map((p) => p.id)).toEqual([3, 4]);
    expect(latestOrders(rows, 10).map((p) => p.id)).toEqual([3, 4, 1]);
    expect(latestOrders([], 5)).toEqual([]);
  });

  it('opens an ordered product at its order line, any other at its product page', () => {
    expect(companyProductPath(companyProduct({ id: 1, orderLineId: 501 }))).toBe('/company-products/3/501');
    expect(companyProductPath(companyProduct({ id: 2, orderLineId: null, project: null }))).toBe('/product-files/2');
  });
});
