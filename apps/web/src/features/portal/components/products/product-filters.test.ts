import type { PortalCompanyProduct } from '@app/shared/companies/company-products';
import { describe, expect, it } from 'vitest';
import { groupByType, parseFilters, productPath, serializeFilters, toApiQuery, withFilters } from './product-filters';

const parse = (qs: string) => parseFilters(new URLSearchParams(qs));

describe('parseFilters', () => {
  it.each([
    ['', { projects: [], types: [] }],
    ['projects=[1,2]&types=["Chair"]', { projects: [1, 2], types: ['Chair'] }],
    ['projects=%5B3%5D&types=%5B%22Bed%22%2C%22%22%5D', { projects: [3], types: ['Bed', ''] }],
    ['projects=[2,2,1]&types=["A","A"]', { projects: [2, 1], types: ['A'] }],
    ['projects=1,2&types=Chair', { projects: [], types: [] }],
    ['projects={"a":1}&types=null', { projects: [], types: [] }],
    ['projects=[0,-1,1.5,"4",5,99999999999]', { projects: [5], types: [] }],
    ['types=[1,"Kast",null,{"x":1}]', { projects: [], types: ['Kast'] }],
    ['projects=[1', { projects: [], types: [] }],
  ])('reads %s', (qs, expected) => {
    expect(parse(qs)).toEqual(expected);
  });

  it('keeps at most 50 values per filter', () => {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    expect(parse(`projects=${JSON.stringify(ids)}`).projects).toHaveLength(50);
  });
});

describe('serializeFilters and withFilters', () => {
  it('writes JSON arrays, and nothing for an empty filter', () => {
    expect(serializeFilters({ projects: [1, 2], types: ['Chair', ''] })).toEqual({
      projects: '[1,2]',
      types: '["Chair",""]',
    });
    expect(serializeFilters({ projects: [], types: [] })).toEqual({ projects: null, types: null });
  });

  it('round-trips through the URL and keeps other parameters', () => {
    const f = { projects: [7], types: ['Bed & bad', 'Stoel "Oslo"'] };
    const next = withFilters(new URLSearchParams('tab=x&projects=[1]'), f);
    expect(next.get('tab')).toBe('x');
    expect(parseFilters(new URLSearchParams(next.toString()))).toEqual(f);
    const cleared = withFilters(next, { projects: [], types: [] });
    expect(cleared.toString()).toBe('tab=x');
  });
});

describe('toApiQuery', () => {
  it('sends projects as comma-separated ids and types as JSON, leaving empty filters out', () => {
    expect(toApiQuery({ projects: [1, 2], types: ['Chair'] }, 3)).toEqual({ page: 3, projects: '1,2', types: '["Chair"]' });
    expect(toApiQuery({ projects: [], types: [] }, 1)).toEqual({ page: 1, projects: undefined, types: undefined });
  });
});

const item = (id: number, type: string | null, o: Partial<PortalCompanyProduct> = {}): PortalCompanyProduct => ({
  id,
  product: { id: id * 10, name: `P${id}`, code: null, thumbUrl: null },
  article: { article_type: type === null ? null : { name: type } },
  project: null,
  orderLineId: null,
  reference: '',
  ...o,
});

describe('groupByType', () => {
  it('groups by type in the order the types come, with Unknown last', () => {
    const groups = groupByType([item(1, 'Bed'), item(2, 'Bed'), item(3, null), item(4, 'Kast'), item(5, null)]);
    expect(groups.map((g) => [g.type, g.items.map((i) => i.id)])).toEqual([
      ['Bed', [1, 2]],
      ['Kast', [4]],
      [null, [3, 5]],
    ]);
  });

  it('keeps a group that spans two pages whole, and treats an empty type name as Unknown', () => {
    const page1 = [item(1, 'Bed'), item(2, 'Kast')];
    const page2 = [item(3, 'Kast'), item(4, ''), item(5, 'Stoel')];
    expect(groupByType([...page1, ...page2]).map((g) => [g.type, g.items.length])).toEqual([
      ['Bed', 1],
      ['Kast', 2],
      ['Stoel', 1],
      [null, 1],
    ]);
  });

  it('answers no groups for no products', () => {
    expect(groupByType([])).toEqual([]);
  });
});

describe('productPath', () => {
  it('leads to the order line when there is one, else to the product page', () => {
    expect(productPath(item(1, null, { orderLineId: 9, project: { id: 4, name: 'Ship' } }))).toBe('/company-products/4/9');
    expect(productPath(item(2, null))).toBe('/product-files/2');
    expect(productPath(item(3, null, { orderLineId: 9, project: null }))).toBe('/product-files/3');
  });
});
