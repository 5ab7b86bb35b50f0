// No zod here: the rules of a person's week of hours (the timesheet), shared by the server (which
// enforces them) and the web app (which explains them).
import { type Abilities, firstDenied, toAbilities, type Verdict, type Viewer, viewerCan } from '../platform/abilities';
import { isOwnRecord, PEOPLE_RIGHTS } from '../users/people.rules';

/**
 * A week's state: open (no row in timesheet_weeks), approved, or returned (sent back with a
 * comment). approve: open or returned -> approved; send back: open or approved -> returned;
 * reopen: approved or returned -> open (the row goes).
 */
export const TIMESHEET_STATES = ['open', 'approved', 'returned'] as const;
export type TimesheetState = (typeof TIMESHEET_STATES)[number];

export const TIMESHEET_ACTIONS = ['approve', 'return', 'reopen'] as const;
export type TimesheetAction = (typeof TIMESHEET_ACTIONS)[number];

/** The states each decision may start from. */
const FROM: Record<TimesheetAction, readonly TimesheetState[]> = {
  approve: ['open', 'returned'],
  return: ['open', 'approved'],
  reopen: ['approved', 'returned'],
};

/** The state a decision leads to. */
export const TIMESHEET_NEXT: Record<TimesheetAction, TimesheetState> = {
  approve: 'approved',
  return: 'returned',
  reopen: 'open',
};

/** A comment sent with a week sent back: at most this many characters. */
export const MAX_TIMESHEET_COMMENT = 1000;

/**
 * May the viewer take this decision on that person's week: hours.approve (FORBIDDEN), never on
 * one's own week (TIMESHEET_OWN_WEEK), and only from a state the decision starts from
 * (TIMESHEET_STATE).
 */
export function timesheetVerdict(viewer: Viewer, employeeId: number, state: TimesheetState, action: TimesheetAction): Verdict {
  return firstDenied(
    () => (viewerCan(viewer, PEOPLE_RIGHTS.approveHours) ? true : 'FORBIDDEN'),
    () => (isOwnRecord(viewer, employeeId) ? 'TIMESHEET_OWN_WEEK' : true),
    () => (FROM[action].includes(state) ? true : 'TIMESHEET_STATE'),
  );
}

export const TIMESHEET_ABILITIES = ['canApprove', 'canReturn', 'canReopen'] as const;

/** What the viewer may do with one person's week. */
export function timesheetAbilities(
  viewer: Viewer,
  employeeId: number,
  state: TimesheetState,
): Abilities<(typeof TIMESHEET_ABILITIES)[number]> {
  return toAbilities({
    canApprove: timesheetVerdict(viewer, employeeId, state, 'approve'),
    canReturn: timesheetVerdict(viewer, employeeId, state, 'return'),
    canReopen: timesheetVerdict(viewer, employeeId, state, 'reopen'),
  });
}

/** An approved week is read only: nobody books, changes or removes hours in it (reopen it first). */
export function weekVerdict(state: TimesheetState): Verdict {
  return state === 'approved' ? 'HOURS_WEEK_APPROVED' : true;
}
