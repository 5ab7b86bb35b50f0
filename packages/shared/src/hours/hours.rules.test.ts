import { describe, expect, it } from 'vitest';
import type { Viewer } from '../platform/abilities';
import type { SelfService } from '../users/people.rules';
import {
  bookedHourAbilities,
  bookingVerdict,
  dayFits,
  isLocked,
  lockVerdict,
  MAX_DAY_MINUTES,
  scheduleVerdict,
} from './hours.rules';

const employee = (employeeId: number, permissions: string[] = []): Viewer => ({
  kind: 'employee',
  permissions: new Set(permissions),
  roleId: 1,
  companyId: null,
  employeeId,
});
const client: Viewer = { kind: 'client', permissions: new Set(), roleId: null, companyId: 3 };
const on: SelfService = { bookHours: true, overnights: true, planner: false };
const off: SelfService = { bookHours: false, overnights: true, planner: false };
const me = { employeeId: 7, deleted: false };
const other = { employeeId: 8, deleted: false };
const gone = { employeeId: 8, deleted: true };

describe('the hour lock', () => {
  it.each([
    ['2026-11-01', null, false],
    ['2026-10-31', '2026-10-31', true],
    ['2026-10-30', '2026-10-31', true],
    ['2026-11-01', '2026-10-31', false],
    ['2025-12-31', '2026-01-01', true],
  ])('%s with the lock at %s is locked: %s', (date, lock, locked) => {
    expect(isLocked(date, lock)).toBe(locked);
    expect(lockVerdict(date, lock)).toBe(locked ? 'HOURS_PERIOD_LOCKED' : true);
  });
});

describe('a day holds at most 24 hours', () => {
  it.each([
    [0, 1440, true],
    [0, 1441, false],
    [1000, 440, true],
    [1000, 441, false],
    [1440, 1, false],
  ])('%i booked + %i more fits: %s', (total, more, fits) => {
    expect(dayFits(total, more)).toBe(fits);
  });
  it('the limit is a day', () => expect(MAX_DAY_MINUTES).toBe(24 * 60));
});

describe('who may book', () => {
  it.each([
    ['own, self-service on', employee(7), me, on, true],
    ['own, self-service off', employee(7), me, off, 'SELF_SERVICE_OFF'],
    ['own, self-service off but hours rights', employee(7, ['hours.manage']), me, off, true],
    ["another's without rights", employee(7, ['users.manage', 'hours.export']), other, on, 'FORBIDDEN'],
    ["another's with hours rights", employee(7, ['hours.manage']), other, off, true],
    ["a deactivated person's, with rights", employee(7, ['hours.manage']), gone, on, 'EMPLOYEE_DELETED'],
    ['a company (or an employee acting as one)', client, me, null, 'FORBIDDEN'],
  ] as const)('%s', (_name, viewer, owner, self, verdict) => {
    expect(bookingVerdict(viewer, owner, self)).toBe(verdict);
  });

  it("a booking's abilities: the booking verdict first, then the lock on its date", () => {
    expect(bookedHourAbilities({ date: '2026-11-20' }, me, employee(7), on, '2026-10-31')).toEqual({
      canEdit: true,
      canDelete: true,
      reasons: {},
    });
    expect(bookedHourAbilities({ date: '2026-10-20' }, me, employee(7), on, '2026-10-31')).toEqual({
      canEdit: false,
      canDelete: false,
      reasons: { canEdit: 'HOURS_PERIOD_LOCKED', canDelete: 'HOURS_PERIOD_LOCKED' },
    });
    expect(bookedHourAbilities({ date: '2026-10-20' }, me, employee(7), off, '2026-10-31').reasons.canEdit).toBe(
      'SELF_SERVICE_OFF',
    );
  });
});

describe('schedule changes', () => {
  const staff = employee(1, ['users.manage']);
  it.each([
    ['staff, after the lock', staff, other, '2026-10-31', '2026-11-01', undefined, true],
    ['staff, on the lock day', staff, other, '2026-10-31', '2026-10-31', undefined, 'HOURS_PERIOD_LOCKED'],
    ['staff, no lock', staff, other, null, '2020-01-01', undefined, true],
    [
      'staff, moving a locked version out of the lock',
      staff,
      other,
      '2026-10-31',
      '2026-11-02',
      '2026-10-01',
      'HOURS_PERIOD_LOCKED',
    ],
    ['staff, moving a version into the lock', staff, other, '2026-10-31', '2026-10-02', '2026-11-05', 'HOURS_PERIOD_LOCKED'],
    ['hours staff', employee(1, ['hours.manage']), other, null, '2026-11-01', undefined, true],
    ['own schedule without rights', employee(7), me, null, '2026-11-01', undefined, 'FORBIDDEN'],
    ['a deactivated person', staff, gone, null, '2026-11-01', undefined, 'EMPLOYEE_DELETED'],
  ] as const)('%s', (_name, viewer, owner, lock, from, previous, verdict) => {
    expect(scheduleVerdict(viewer, owner, lock, from, previous)).toBe(verdict);
  });
});
