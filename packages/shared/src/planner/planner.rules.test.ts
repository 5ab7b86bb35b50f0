import { describe, expect, it } from 'vitest';
import type { Viewer } from '../platform/abilities';
import { plannerInputSchema, plannerQuerySchema, plannerUpdateSchema } from './planner';
import {
  entryDays,
  isWallClock,
  PROJECT_PALETTE,
  plannerAbilities,
  projectColor,
  shiftDays,
  spanProblem,
  wallClockMinutes,
} from './planner.rules';

const viewer = (permissions: string[], kind: Viewer['kind'] = 'employee'): Viewer => ({
  kind,
  permissions: new Set(permissions),
  roleId: 1,
  companyId: kind === 'client' ? 1 : null,
});

describe('plannerAbilities', () => {
  it.each([
    [['planner.manage'], 'employee', true],
    [['planner.view'], 'employee', false],
    [[], 'employee', false],
    [['planner.manage'], 'client', false],
  ] as const)('%j as %s: may edit %s', (perms, kind, allowed) => {
    const a = plannerAbilities(viewer([...perms], kind));
    expect(a.canEdit).toBe(allowed);
    expect(a.canDelete).toBe(allowed);
    expect(a.reasons).toEqual(allowed ? {} : { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN' });
  });
});

describe('isWallClock', () => {
  it.each([
    ['2026-11-24T08:00', true],
    ['2026-11-24T23:59', true],
    ['2028-02-29T00:00', true],
    ['2027-02-29T00:00', false],
    ['2026-11-24T24:00', false],
    ['2026-11-24T08:60', false],
    ['2026-11-24 08:00', false],
    ['2026-11-24T08:00:00', false],
    ['2026-11-24T08:00Z', false],
    ['2026-11-24', false],
    ['1899-12-31T08:00', false],
    ['3000-01-01T08:00', false],
  ])('%s → %s', (value, ok) => expect(isWallClock(value)).toBe(ok));
});

describe('spanProblem', () => {
  it.each([
    ['2026-11-24T08:00', '2026-11-24T16:30', false, null],
    ['2026-11-24T08:00', '2026-11-24T08:00', false, 'end_before_start'],
    ['2026-11-24T08:00', '2026-11-23T09:00', false, 'end_before_start'],
    ['2026-11-24T00:00', '2027-11-25T00:00', true, null], // 366 days
    ['2026-11-24T00:00', '2027-11-26T00:00', true, 'span_too_long'],
    ['2026-11-24T00:00', '2026-11-25T00:00', true, null],
    ['2026-11-24T08:00', '2026-11-25T00:00', true, 'not_whole_days'],
    // The summer-time change is no concern of wall-clock times: 02:30 exists on 28 March 2027.
    ['2027-03-28T01:30', '2027-03-28T02:30', false, null],
    // Across New Year and week 53.
    ['2026-12-31T22:00', '2027-01-01T06:00', false, null],
  ] as const)('%s to %s (all day %s) → %s', (start, end, allDay, problem) => {
    expect(spanProblem(start, end, allDay)).toBe(problem);
  });

  it('measures minutes on the wall clock', () => {
    expect(wallClockMinutes('2027-03-28T03:00') - wallClockMinutes('2027-03-28T01:00')).toBe(120);
  });
});

describe('entryDays and shiftDays', () => {
  it.each([
    ['2026-11-24T08:00', '2026-11-24T16:30', '2026-11-24', '2026-11-24'],
    ['2026-11-23T00:00', '2026-11-28T00:00', '2026-11-23', '2026-11-27'],
    ['2026-12-28T00:00', '2027-01-05T00:00', '2026-12-28', '2027-01-04'],
    ['2026-11-24T22:00', '2026-11-25T06:00', '2026-11-24', '2026-11-25'],
    ['2026-11-24T22:00', '2026-11-25T00:00', '2026-11-24', '2026-11-24'],
  ])('%s to %s touches %s to %s', (start, end, first, last) => {
    expect(entryDays(start, end)).toEqual({ first, last });
  });

  it('moves by whole days over a year boundary and keeps the time', () => {
    expect(shiftDays('2026-12-28T08:30', 7)).toBe('2027-01-04T08:30');
    expect(shiftDays('2027-01-04T00:00', -7)).toBe('2026-12-28T00:00');
  });
});

describe('projectColor', () => {
  it('keeps a chosen colour and picks from the palette by id otherwise', () => {
    expect(projectColor({ id: 5, color: '#123456' })).toBe('#123456');
    expect(projectColor({ id: 0, color: '' })).toBe(PROJECT_PALETTE[0]);
    expect(projectColor({ id: 13, color: '' })).toBe(PROJECT_PALETTE[1]);
  });

  it('the palette reads with white text (contrast at least 4.5:1)', () => {
    const lum = (hex: string) => {
      const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
      const l = c.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * (l[0] ?? 0) + 0.7152 * (l[1] ?? 0) + 0.0722 * (l[2] ?? 0);
    };
    for (const c of PROJECT_PALETTE) expect(1.05 / (lum(c) + 0.05), c).toBeGreaterThanOrEqual(4.5);
  });
});

describe('planner schemas', () => {
  it('accepts an entry and refuses a span the rules refuse, on the right field', () => {
    const ok = plannerInputSchema.safeParse({ employeeId: 1, projectId: 2, start: '2026-11-24T08:00', end: '2026-11-24T12:00' });
    expect(ok.success && ok.data).toMatchObject({ allDay: false, notes: '' });
    const bad = plannerInputSchema.safeParse({
      employeeId: 1,
      projectId: 2,
      start: '2026-11-24T08:00',
      end: '2026-11-24T12:00',
      allDay: true,
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['allDay', 'not_whole_days']]);
  });

  it('checks an update only when both ends are sent (the server checks the merged span)', () => {
    expect(plannerUpdateSchema.safeParse({ end: '2026-11-24T12:00', version: 1 }).success).toBe(true);
    expect(plannerUpdateSchema.safeParse({ start: '2026-11-24T12:00', end: '2026-11-24T11:00', version: 1 }).success).toBe(false);
  });

  it.each([
    [{ from: '2026-11-23', to: '2026-11-30' }, true],
    [{ from: '2026-11-23', to: '2027-05-24' }, true], // 182 days
    [{ from: '2026-11-23', to: '2027-05-25' }, false],
    [{ from: '2026-11-30', to: '2026-11-23' }, false],
    [{ from: '2026-02-30', to: '2026-03-02' }, false],
    [{ from: '2026-11-23', to: '2026-11-30', employees: '1,2', projects: '3' }, true],
    [{ from: '2026-11-23', to: '2026-11-30', employees: '0' }, false],
  ])('window %j → %s', (q, ok) => expect(plannerQuerySchema.safeParse(q).success).toBe(ok));
});
