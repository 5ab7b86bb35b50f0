import type { LeaveCard, LeaveLine, LeaveRequest, SickPeriod } from '@app/shared/leave/leave';
import type { LinePage, SickList } from './api';

/**
 * Jan de Vries (employee 5), 2026, today 24-11-2026: 16:00 carried over, a full-time contract all
 * year (200:00), +8:00 corrections, +4:30 overtime, 40:00 taken and 16:00 planned: balance 172:30.
 */
export function leaveCard(over: Partial<LeaveCard> = {}): LeaveCard {
  return {
    employee: { id: 5, name: 'Jan de Vries' },
    year: 2026,
    today: '2026-11-24',
    previousYear: 960,
    years: [
      { year: 2025, previousYear: 0, entitlement: 6000, corrections: 0, overtime: 0, taken: 5040, planned: 0, balance: 960 },
      {
        year: 2026,
        previousYear: 960,
        entitlement: 12000,
        corrections: 480,
        overtime: 270,
        taken: 2400,
        planned: 960,
        balance: 10350,
      },
    ],
    entitlement: 12000,
    entitlementLines: [
      { contractId: 3, from: '2026-01-01', till: '2026-12-31', days: 365, daysInYear: 365, minutesPerWeek: 2400, minutes: 12000 },
    ],
    corrections: 480,
    overtime: 270,
    taken: 2400,
    planned: 960,
    balance: 10350,
    notCounted: -480,
    pending: { count: 2, minutes: 960 },
    sick: { count: 1, open: true },
    policy: { fullTimeWeekMinutes: 2400, yearlyMinutes: 12000 },
    abilities: { canCorrect: true, canManageSick: true, canRequest: true },
    ...over,
  };
}

export function leaveLine(over: Partial<LeaveLine> = {}): LeaveLine {
  return {
    id: 1,
    kind: 'leave',
    bucket: 'taken',
    date: '2026-08-03',
    minutes: -480,
    counts: true,
    days: null,
    description: 'Zomervakantie',
    leaveType: { id: 1, name: 'Vakantieverlof', code: 'VAK', color: '#2f9e44' },
    requestId: 11,
    collectiveLeave: null,
    bookedHour: null,
    hourRule: null,
    createdBy: 'Petra Manders',
    createdAt: '2026-06-01T09:00:00.000Z',
    ...over,
  };
}

export const linePage = (
  rows: LeaveLine[],
  totalMinutes = rows.filter((l) => l.counts).reduce((s, l) => s + l.minutes, 0),
): LinePage => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length },
  totalMinutes,
});

export function leaveRequest(over: Partial<LeaveRequest> = {}): LeaveRequest {
  return {
    id: 21,
    employee: { id: 5, name: 'Jan de Vries' },
    leaveType: { id: 1, name: 'Vakantieverlof', code: 'VAK', color: '#2f9e44', countsAgainstBalance: true },
    startsOn: '2026-12-28',
    endsOn: '2026-12-29',
    part: null,
    minutes: 960,
    note: 'Tussen kerst en oud en nieuw',
    status: 'pending',
    decisionReason: null,
    decidedBy: null,
    decidedAt: null,
    cancelledAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    abilities: { canApprove: true, canDeny: true, canCancel: true, reasons: {} },
    ...over,
  };
}

export function sickPeriod(over: Partial<SickPeriod> = {}): SickPeriod {
  return {
    id: 31,
    employee: { id: 5, name: 'Jan de Vries' },
    startsOn: '2026-11-20',
    endsOn: null,
    notes: 'Griep',
    scheduledMinutes: 1440,
    version: 1,
    abilities: { canEdit: true, canDelete: true, reasons: {} },
    ...over,
  };
}

export const sickList = (rows: SickPeriod[], canCreate = true): SickList => ({ data: rows, canCreate });
