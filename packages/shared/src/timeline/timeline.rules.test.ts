import { describe, expect, it } from 'vitest';
import type { Viewer } from '../platform/abilities';
import { timelineInputSchema, timelineQuerySchema, timelineUpdateSchema, weekKeySchema } from './timeline';
import { assignLanes, barPlacement, endWeekOf, spanFits, timelineAbilities, weekColumns } from './timeline.rules';

const viewer = (permissions: string[], kind: Viewer['kind'] = 'employee'): Viewer => ({
  kind,
  permissions: new Set(permissions),
  roleId: 1,
  companyId: kind === 'client' ? 1 : null,
});

describe('timelineAbilities', () => {
  it.each([
    [['projects.manage'], false, { canEdit: true, canDelete: true, reasons: {} }],
    [['projects.view'], false, { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN' } }],
    [
      ['projects.manage'],
      true,
      { canEdit: false, canDelete: false, reasons: { canEdit: 'PROJECT_DELETED', canDelete: 'PROJECT_DELETED' } },
    ],
  ])('%j, project deleted %s', (perms, deleted, expected) => {
    expect(timelineAbilities({ projectDeleted: deleted }, viewer(perms))).toEqual(expected);
  });

  it('an employee acting as a company holds no staff rights', () => {
    expect(timelineAbilities({ projectDeleted: false }, viewer(['projects.manage'], 'client')).canEdit).toBe(false);
  });
});

describe('weeks', () => {
  it('ends a bar in the right week across New Year (2026 has 53 weeks)', () => {
    expect(endWeekOf({ year: 2026, week: 52 }, 2)).toEqual({ year: 2026, week: 53 });
    expect(endWeekOf({ year: 2026, week: 53 }, 2)).toEqual({ year: 2027, week: 1 });
    expect(endWeekOf({ year: 2027, week: 52 }, 2)).toEqual({ year: 2028, week: 1 });
  });

  it('makes the columns with their Mondays, and where the year and the month change', () => {
    const cols = weekColumns({ year: 2026, week: 52 }, 3);
    expect(cols).toEqual([
      { key: '2026-W52', year: 2026, week: 52, monday: '2026-12-21', yearStarts: true, monthStarts: true },
      { key: '2026-W53', year: 2026, week: 53, monday: '2026-12-28', yearStarts: false, monthStarts: false },
      { key: '2027-W01', year: 2027, week: 1, monday: '2027-01-04', yearStarts: true, monthStarts: true },
    ]);
  });

  it('places a bar in the window, clipped at either edge; null outside it', () => {
    const from = { year: 2026, week: 52 };
    expect(barPlacement({ year: 2026, week: 53 }, 2, from, 4)).toEqual({
      column: 1,
      span: 2,
      clippedStart: false,
      clippedEnd: false,
    });
    expect(barPlacement({ year: 2026, week: 50 }, 4, from, 4)).toEqual({
      column: 0,
      span: 2,
      clippedStart: true,
      clippedEnd: false,
    });
    expect(barPlacement({ year: 2027, week: 2 }, 3, from, 4)).toEqual({
      column: 3,
      span: 1,
      clippedStart: false,
      clippedEnd: true,
    });
    expect(barPlacement({ year: 2026, week: 40 }, 2, from, 4)).toBeNull();
    expect(barPlacement({ year: 2027, week: 3 }, 1, from, 4)).toBeNull();
  });

  it('stacks overlapping bars in lanes and reuses a lane once it is free', () => {
    const lanes = assignLanes([
      { id: 1, start: { year: 2026, week: 52 }, weeks: 2 },
      { id: 2, start: { year: 2026, week: 53 }, weeks: 1 },
      { id: 3, start: { year: 2027, week: 1 }, weeks: 1 },
    ]);
    expect([...lanes.entries()]).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
  });
});

describe('schemas', () => {
  it('takes a week that exists and refuses one that does not (2027-W53, W00, W54) with week_invalid', () => {
    expect(weekKeySchema.safeParse('2026-W53').success).toBe(true);
    for (const bad of ['2027-W53', '2026-W00', '2026-W54']) {
      const r = weekKeySchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('week_invalid');
    }
    expect(weekKeySchema.safeParse('2026-48').success).toBe(false);
  });

  it('an item needs a title, a target, a start week; weeks 1 to 104', () => {
    const ok = { title: 'Plafonds', target: { kind: 'area', id: 3 }, startWeek: '2026-W48' };
    expect(timelineInputSchema.parse(ok)).toEqual({ ...ok, notes: '', weeks: 1 });
    expect(timelineInputSchema.safeParse({ ...ok, weeks: 105 }).success).toBe(false);
    expect(timelineInputSchema.safeParse({ ...ok, target: { kind: 'deck', id: 3 } }).success).toBe(false);
    expect(timelineUpdateSchema.safeParse({ startWeek: '2027-W01' }).success).toBe(false);
    expect(timelineUpdateSchema.parse({ startWeek: '2027-W01', version: 2 })).toEqual({ startWeek: '2027-W01', version: 2 });
  });

  it('the query defaults to 12 weeks of areas', () => {
    expect(timelineQuerySchema.parse({})).toEqual({ weeks: 12, rows: 'areas' });
    expect(timelineQuerySchema.safeParse({ weeks: '53' }).success).toBe(false);
  });

  it('refuses a year outside 1900 to 2999 without throwing, and a span that would end past 2999', () => {
    for (const bad of ['0050-W10', '0001-W01', '1899-W52', '3000-W01', '9999-W40', '9999-W52']) {
      const r = weekKeySchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message, bad).toBe('week_invalid');
    }
    const ok = { title: 'Plafonds', target: { kind: 'area', id: 3 } };
    const past = timelineInputSchema.safeParse({ ...ok, startWeek: '2999-W52', weeks: 2 });
    expect(past.error?.issues.map((i) => [i.path, i.message])).toEqual([[['weeks'], 'week_invalid']]);
    expect(timelineInputSchema.safeParse({ ...ok, startWeek: '2999-W51', weeks: 2 }).success).toBe(true);
    expect(timelineInputSchema.safeParse({ ...ok, startWeek: '9999-W52', weeks: 2 }).error?.issues[0]?.path).toEqual([
      'startWeek',
    ]);
    const window = timelineQuerySchema.safeParse({ from: '2999-W50', weeks: '12' });
    expect(window.error?.issues.map((i) => [i.path, i.message])).toEqual([[['weeks'], 'week_invalid']]);
    expect(timelineQuerySchema.safeParse({ from: '2999-W41', weeks: '12' }).success).toBe(true);
  });
});

describe('spanFits', () => {
  it.each([
    [{ year: 2026, week: 48 }, 104, true],
    [{ year: 1900, week: 1 }, 1, true],
    [{ year: 2999, week: 52 }, 1, true],
    [{ year: 2999, week: 51 }, 2, true],
    [{ year: 2999, week: 52 }, 2, false],
    [{ year: 2998, week: 1 }, 104, true],
    [{ year: 2998, week: 2 }, 104, false],
    [{ year: 1899, week: 52 }, 1, false],
    [{ year: 9999, week: 52 }, 1, false],
    [{ year: 50, week: 10 }, 1, false],
    [{ year: 2026, week: 1 }, 0, false],
    [{ year: 2026, week: 1 }, 105, false],
    [{ year: 2026, week: 1 }, 1.5, false],
  ])('%o for %d weeks: %s', (start, weeks, fits) => {
    expect(spanFits(start, weeks)).toBe(fits);
  });
});
