import type { CollectiveLeave, HourRuleView, LeavePolicyView, LeaveType } from '@app/shared/leave/leave';

export const leaveType = (over: Partial<LeaveType> = {}): LeaveType => ({
  id: 1,
  name: 'Vakantie',
  nameEn: 'Holiday',
  code: 'VAK',
  color: '#228be6',
  countsAgainstBalance: true,
  needsApproval: true,
  active: true,
  inUse: false,
  version: 1,
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

export const leavePolicy = (over: Partial<LeavePolicyView> = {}): LeavePolicyView => ({
  fullTimeWeekMinutes: 2400,
  yearlyMinutes: 12000,
  version: 1,
  canEdit: true,
  ...over,
});

export const hourRule = (over: Partial<HourRuleView> = {}): HourRuleView => ({
  id: 11,
  name: 'Avond',
  weekdays: [1, 2, 3, 4, 5],
  start: '18:00',
  end: '06:00',
  effectiveFrom: '2026-01-01',
  kind: 'multiplier',
  percent: 150,
  allowanceMinutes: null,
  feedsOvertime: true,
  active: true,
  version: 1,
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

export const collectiveLeave = (over: Partial<CollectiveLeave> = {}): CollectiveLeave => ({
  id: 21,
  name: 'Bouwvak',
  leaveType: { id: 1, name: 'Vakantie', code: 'VAK', color: '#228be6' },
  startsOn: '2026-07-20',
  endsOn: '2026-07-24',
  minutesPerDay: null,
  appliesTo: 'all',
  employees: [],
  exceptions: [{ id: 7, name: 'Piet Bakker' }],
  booked: { people: 12, minutes: 4560 },
  version: 1,
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});
