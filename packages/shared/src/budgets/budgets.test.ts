import { describe, expect, it } from 'vitest';
import { budgetInputSchema, budgetShare, budgetState } from './budgets';

describe('budgetState', () => {
  it.each([
    [0, null, 'none'],
    [500, null, 'none'],
    [0, 0, 'ok'],
    [1, 0, 'over'],
    [89.99, 100, 'ok'],
    [90, 100, 'warning'],
    [100, 100, 'warning'],
    [100.01, 100, 'over'],
    [450, 500, 'warning'],
  ] as const)('%s spent of %s is %s', (actual, budget, state) => {
    expect(budgetState(actual, budget)).toBe(state);
  });

  it('gives the share spent, none without a budget or with a budget of 0', () => {
    expect(budgetShare(45, 50)).toBe(0.9);
    expect(budgetShare(1, null)).toBeNull();
    expect(budgetShare(1, 0)).toBeNull();
  });
});

describe('budgetInputSchema', () => {
  const base = { stamp: 's', hours: [], articles: null, areas: [] };
  it('takes euros with at most two decimals and one row per activity and area', () => {
    expect(budgetInputSchema.safeParse({ ...base, articles: 1234.56 }).success).toBe(true);
    expect(budgetInputSchema.safeParse({ ...base, articles: 0.1 + 0.2 }).success).toBe(true);
    expect(budgetInputSchema.safeParse({ ...base, articles: 1.005 }).success).toBe(false);
    expect(budgetInputSchema.safeParse({ ...base, articles: -1 }).success).toBe(false);
    const twice = [
      { activity: 'travel', minutes: 60 },
      { activity: 'travel', minutes: 30 },
    ];
    expect(budgetInputSchema.safeParse({ ...base, hours: twice }).success).toBe(false);
    const areas = [
      { areaId: 4, amount: 1 },
      { areaId: 4, amount: 2 },
    ];
    expect(budgetInputSchema.safeParse({ ...base, areas }).success).toBe(false);
  });
});
