import { describe, expect, it } from 'vitest';
import type { Viewer } from '../platform/abilities';
import { bookedHourAbilities } from './hours.rules';
import { TIMESHEET_NEXT, timesheetAbilities, timesheetVerdict, weekVerdict } from './timesheets.rules';

const employee = (employeeId: number, permissions: string[] = []): Viewer => ({
  kind: 'employee',
  permissions: new Set(permissions),
  roleId: 1,
  companyId: null,
  employeeId,
});
const approver = employee(1, ['hours.approve']);
const manager = employee(2, ['hours.manage']);

describe('the timesheet state machine', () => {
  it.each([
    ['open', 'approve', true],
    ['returned', 'approve', true],
    ['approved', 'approve', 'TIMESHEET_STATE'],
    ['open', 'return', true],
    ['approved', 'return', true],
    ['returned', 'return', 'TIMESHEET_STATE'],
    ['approved', 'reopen', true],
    ['returned', 'reopen', true],
    ['open', 'reopen', 'TIMESHEET_STATE'],
  ] as const)('%s week, %s: %s', (state, action, verdict) => {
    expect(timesheetVerdict(approver, 9, state, action)).toBe(verdict);
  });

  it('leads each decision to its state', () => {
    expect(TIMESHEET_NEXT).toEqual({ approve: 'approved', return: 'returned', reopen: 'open' });
  });

  it('needs hours.approve (hours.manage alone does not decide) and never decides on one own week', () => {
    expect(timesheetVerdict(manager, 9, 'open', 'approve')).toBe('FORBIDDEN');
    expect(timesheetVerdict(approver, 1, 'open', 'approve')).toBe('TIMESHEET_OWN_WEEK');
    expect(timesheetVerdict({ ...approver, kind: 'client' }, 9, 'open', 'approve')).toBe('FORBIDDEN');
    expect(timesheetAbilities(approver, 1, 'approved')).toEqual({
      canApprove: false,
      canReturn: false,
      canReopen: false,
      reasons: { canApprove: 'TIMESHEET_OWN_WEEK', canReturn: 'TIMESHEET_OWN_WEEK', canReopen: 'TIMESHEET_OWN_WEEK' },
    });
    expect(timesheetAbilities(approver, 9, 'returned')).toMatchObject({ canApprove: true, canReturn: false, canReopen: true });
  });

  it('makes an approved week read only, for the person and for hours.manage alike', () => {
    expect(weekVerdict('approved')).toBe('HOURS_WEEK_APPROVED');
    expect(weekVerdict('returned')).toBe(true);
    expect(weekVerdict('open')).toBe(true);
    const own = { employeeId: 9, deleted: false };
    const self = { bookHours: true, overnights: true, planner: false };
    expect(bookedHourAbilities({ date: '2026-11-16' }, own, employee(9), self, null, true).reasons.canEdit).toBe(
      'HOURS_WEEK_APPROVED',
    );
    expect(bookedHourAbilities({ date: '2026-11-16' }, own, manager, null, null, true).canDelete).toBe(false);
    expect(bookedHourAbilities({ date: '2026-11-16' }, own, employee(9), self, null, false).canEdit).toBe(true);
  });
});
