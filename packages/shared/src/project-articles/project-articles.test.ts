import { describe, expect, it } from 'vitest';
import { areaLabel, projectArticlesExportQuerySchema, projectArticlesQuerySchema } from './project-articles';

describe('project articles contract', () => {
  it('labels an area "number · name", unless the name holds the number', () => {
    expect(areaLabel({ number: 'A12', name: 'Spa' })).toBe('A12 · Spa');
    expect(areaLabel({ number: '5001', name: 'Hut 5001' })).toBe('Hut 5001');
    expect(areaLabel({ number: '', name: 'Lobby' })).toBe('Lobby');
  });

  it('sorts by name by default, trims the search, and refuses what it does not know', () => {
    expect(projectArticlesQuerySchema.parse({})).toEqual({ sort: 'name', q: '' });
    expect(projectArticlesQuerySchema.parse({ sort: '-total', q: '  lamp ' })).toEqual({ sort: '-total', q: 'lamp' });
    expect(projectArticlesQuerySchema.safeParse({ sort: 'price' }).success).toBe(false);
    expect(projectArticlesQuerySchema.safeParse({ page: '2' }).success).toBe(false);
    expect(projectArticlesExportQuerySchema.safeParse({}).success).toBe(false);
    expect(projectArticlesExportQuerySchema.parse({ format: 'xlsx' })).toEqual({ format: 'xlsx', sort: 'name', q: '' });
  });
});
