import { describe, expect, it } from 'vitest';
import { checkPeriod, periodLength, periodParams, presetPeriod, readPeriod } from './period';

const today = '2026-11-24';

describe('presetPeriod', () => {
  it.each([
    [7, '2026-11-18'],
    [30, '2026-10-26'],
    [90, '2026-08-27'],
  ] as const)('the last %i days end today and count today', (days, from) => {
    const p = presetPeriod(days, today);
    expect(p).toEqual({ preset: days, from, to: today });
    expect(periodLength(p.from, p.to)).toBe(days);
  });

  it('crosses a year and a leap day', () => {
    expect(presetPeriod(7, '2028-03-02').from).toBe('2028-02-25');
    expect(presetPeriod(30, '2027-01-10').from).toBe('2026-12-12');
  });
});

describe('checkPeriod', () => {
  it.each([
    ['', '2026-11-01', { field: 'from', code: 'required' }],
    ['2026-11-01', '', { field: 'to', code: 'required' }],
    ['2026-02-30', '2026-03-01', { field: 'from', code: 'date_invalid' }],
    ['2026-11-01', '1-1-2026', { field: 'to', code: 'date_invalid' }],
    ['2026-11-10', '2026-11-09', { field: 'to', code: 'end_before_start' }],
    ['2025-01-01', '2026-02-05', { field: 'to', code: 'span_too_long' }],
  ] as const)('refuses %s – %s', (from, to, problem) => {
    expect(checkPeriod(from, to)).toEqual(problem);
  });

  it.each([
    ['2026-11-10', '2026-11-10'],
    ['2025-10-21', '2026-11-24'],
  ])('takes %s – %s (one day, and the longest period the server allows)', (from, to) => {
    expect(checkPeriod(from, to)).toBeNull();
  });
});

describe('readPeriod', () => {
  const read = (qs: string) => readPeriod(new URLSearchParams(qs), today);

  it('is the last 30 days without anything in the address, or with junk', () => {
    for (const qs of ['', 'period=12', 'period=abc', 'from=2026-11-10', 'from=2026-11-10&to=2026-11-01']) {
      expect(read(qs)).toEqual({ preset: 30, from: '2026-10-26', to: today });
    }
  });

  it('reads a preset and a typed period', () => {
    expect(read('period=7')).toEqual({ preset: 7, from: '2026-11-18', to: today });
    expect(read('from=2026-09-01&to=2026-09-30&period=7')).toEqual({ preset: 'custom', from: '2026-09-01', to: '2026-09-30' });
  });

  it('round-trips through periodParams', () => {
    for (const p of [
      presetPeriod(7, today),
      presetPeriod(30, today),
      { preset: 'custom' as const, from: '2026-09-01', to: '2026-09-30' },
    ]) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(periodParams(p))) if (v) params.set(k, v);
      expect(readPeriod(params, today)).toEqual(p);
    }
    expect(periodParams(presetPeriod(30, today))).toEqual({ period: null, from: null, to: null });
  });
});
