import { describe, expect, it } from 'vitest';
import { exportInputSchema } from './exports';
import {
  csvSeparator,
  daysBetween,
  decimalText,
  type ExportLine,
  type ExportPerson,
  ExportTotals,
  exportDate,
  exportFileName,
  hoursOf,
  lastMonth,
  periodProblem,
  thisMonth,
} from './exports.rules';

describe('the export period', () => {
  it.each([
    ['2026-10-01', '2026-10-31', null],
    ['2026-10-01', '2026-10-01', null],
    ['2026-10-02', '2026-10-01', 'end_before_start'],
    ['2024-01-01', '2024-12-31', null],
    ['2024-01-01', '2025-01-01', null],
    ['2024-01-01', '2025-01-02', 'span_too_long'],
    ['2026-01-01', '2028-01-01', 'span_too_long'],
  ])('%s to %s: %s', (from, to, problem) => {
    expect(periodProblem(from, to)).toBe(problem);
  });

  it('counts days across a leap day and a DST change', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-31', '2026-10-01')).toBe(-30);
  });

  it.each([
    ['2026-11-21', { from: '2026-10-01', to: '2026-10-31' }, { from: '2026-11-01', to: '2026-11-30' }],
    ['2026-01-05', { from: '2025-12-01', to: '2025-12-31' }, { from: '2026-01-01', to: '2026-01-31' }],
    ['2024-03-31', { from: '2024-02-01', to: '2024-02-29' }, { from: '2024-03-01', to: '2024-03-31' }],
  ])('on %s last month is %o and this month %o', (today, last, current) => {
    expect(lastMonth(today)).toEqual(last);
    expect(thisMonth(today)).toEqual(current);
  });

  it('the input schema puts a bad period under `to`', () => {
    const base = { kind: 'hours', format: 'xlsx' };
    const r = exportInputSchema.safeParse({ ...base, from: '2026-10-31', to: '2026-10-01' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['to'], message: 'end_before_start' });
    expect(exportInputSchema.safeParse({ ...base, from: '2020-01-01', to: '2025-01-01' }).error?.issues[0]?.message).toBe(
      'span_too_long',
    );
    expect(exportInputSchema.safeParse({ ...base, from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(exportInputSchema.safeParse({ ...base, from: '2026-10-01', to: '2026-10-31', extra: 1 }).success).toBe(false);
    expect(exportInputSchema.safeParse({ ...base, from: '2026-10-01', to: '2026-10-31', employeeIds: [3, 4] }).success).toBe(
      true,
    );
  });
});

describe('the formats', () => {
  it('names the file in the language of the person who asked', () => {
    expect(exportFileName('hours', 'xlsx', '2026-10-01', '2026-10-31', 'nl')).toBe('uren-2026-10-01-2026-10-31.xlsx');
    expect(exportFileName('hours', 'csv', '2026-10-01', '2026-10-31', 'en')).toBe('hours-2026-10-01-2026-10-31.csv');
    expect(exportFileName('overnights', 'csv', '2026-10-01', '2026-10-31', 'nl')).toBe(
      'overnachtingen-2026-10-01-2026-10-31.csv',
    );
    expect(exportFileName('overnights', 'xlsx', '2026-10-01', '2026-10-31', 'en')).toBe(
      'overnight-stays-2026-10-01-2026-10-31.xlsx',
    );
  });

  it('writes dates day-month-year and numbers with two decimals', () => {
    expect(exportDate('2026-10-05')).toBe('05-10-2026');
    expect(hoursOf(450)).toBe(7.5);
    expect(hoursOf(20)).toBe(0.33);
    expect(hoursOf(40)).toBe(0.67);
    expect(decimalText(7.5, 'nl')).toBe('7,50');
    expect(decimalText(7.5, 'en')).toBe('7.50');
    expect(decimalText(1234.567, 'nl')).toBe('1234,57');
    expect(decimalText(3, 'nl', 0)).toBe('3');
    expect(csvSeparator('nl')).toBe(';');
    expect(csvSeparator('en')).toBe(',');
  });
});

describe('ExportTotals', () => {
  const ann: ExportPerson = { employeeId: 1, name: 'Ann', exactId: 'E1' };
  const bob: ExportPerson = { employeeId: 2, name: 'Bob', exactId: '' };
  type Row = { who: ExportPerson; minutes: number };
  const build = (rows: Row[]) => {
    const totals = new ExportTotals<Row>(
      (r) => r.who,
      (r) => r.minutes,
    );
    const lines: ExportLine<Row>[] = [];
    for (const r of rows) lines.push(...totals.push(r));
    lines.push(...totals.end());
    return lines;
  };

  it('adds a total after each person and a grand total at the end', () => {
    const lines = build([
      { who: ann, minutes: 20 },
      { who: ann, minutes: 20 },
      { who: ann, minutes: 20 },
      { who: bob, minutes: 480 },
    ]);
    expect(lines.map((l) => l.type)).toEqual(['row', 'row', 'row', 'personTotal', 'row', 'personTotal', 'grandTotal']);
    expect(lines[3]).toEqual({ type: 'personTotal', person: ann, amount: 60, count: 3 });
    expect(lines[5]).toEqual({ type: 'personTotal', person: bob, amount: 480, count: 1 });
    expect(lines[6]).toEqual({ type: 'grandTotal', amount: 540, count: 4 });
    // Exact: three times 20 minutes is one hour, not 3 x 0.33.
    expect(hoursOf(60)).toBe(1);
  });

  it('answers only a zero grand total without records', () => {
    expect(build([])).toEqual([{ type: 'grandTotal', amount: 0, count: 0 }]);
  });
});
