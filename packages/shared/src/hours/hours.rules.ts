// No zod here: the rules of booked hours and schedules, shared by the server (which enforces them) and the web app (which explains them).
import { type Abilities, firstDenied, toAbilities, type Verdict, type Viewer, viewerCan } from '../platform/abilities';
import { isOwnRecord, PEOPLE_RIGHTS, type SelfService } from '../users/people.rules';

/** A person's bookings of one day add up to at most 24 hours. */
export const MAX_DAY_MINUTES = 1440;

/** True when payroll has run over the date: on or before the lock, nothing may change. */
export function isLocked(date: string, lockedThrough: string | null): boolean {
  return lockedThrough !== null && date <= lockedThrough;
}

/** The lock's verdict on a date: HOURS_PERIOD_LOCKED on or before the lock. */
export function lockVerdict(date: string, lockedThrough: string | null): Verdict {
  return isLocked(date, lockedThrough) ? 'HOURS_PERIOD_LOCKED' : true;
}

/** Would `minutes` more fit in a day that already holds `dayTotal` minutes (the entry being changed left out)? */
export function dayFits(dayTotal: number, minutes: number): boolean {
  return dayTotal + minutes <= MAX_DAY_MINUTES;
}

/** What the rules need to know about the person whose hours they are. */
export interface HoursOwner {
  employeeId: number;
  /** The employee was deactivated: nobody books on them any more. */
  deleted: boolean;
}

/**
 * May the viewer book (add, change, remove) hours of this person at all: with the hours rights
 * anyone's; their own only with the self-service flag (SELF_SERVICE_OFF); never a deactivated
 * person's (EMPLOYEE_DELETED). Another person's without the rights: FORBIDDEN (the API answers 404
 * before it gets here, as the scope hides the person).
 */
export function bookingVerdict(viewer: Viewer, owner: HoursOwner, selfService: SelfService | null): Verdict {
  return firstDenied(
    () => {
      if (viewerCan(viewer, PEOPLE_RIGHTS.hours)) return true;
      if (!isOwnRecord(viewer, owner.employeeId)) return 'FORBIDDEN';
      return selfService?.bookHours ? true : 'SELF_SERVICE_OFF';
    },
    () => (owner.deleted ? 'EMPLOYEE_DELETED' : true),
  );
}

export const BOOKED_HOUR_ABILITIES = ['canEdit', 'canDelete'] as const;

/**
 * What the viewer may do with one booking: the booking verdict, then the lock on its date, then
 * its week's approval (an approved week is read only: HOURS_WEEK_APPROVED).
 */
export function bookedHourAbilities(
  entry: { date: string },
  owner: HoursOwner,
  viewer: Viewer,
  selfService: SelfService | null,
  lockedThrough: string | null,
  weekApproved = false,
): Abilities<(typeof BOOKED_HOUR_ABILITIES)[number]> {
  const v = firstDenied(
    bookingVerdict(viewer, owner, selfService),
    () => lockVerdict(entry.date, lockedThrough),
    () => (weekApproved ? 'HOURS_WEEK_APPROVED' : true),
  );
  return toAbilities({ canEdit: v, canDelete: v });
}

/**
 * May the viewer add, change or remove a schedule version that starts on `effectiveFrom` (and,
 * for a change, one that starts on `previousFrom`): the schedules rights, a person not
 * deactivated, and no version starting on or before the lock (past figures never move).
 */
export function scheduleVerdict(
  viewer: Viewer,
  owner: HoursOwner,
  lockedThrough: string | null,
  effectiveFrom: string,
  previousFrom?: string,
): Verdict {
  return firstDenied(
    viewerCan(viewer, PEOPLE_RIGHTS.schedules) ? true : 'FORBIDDEN',
    () => (owner.deleted ? 'EMPLOYEE_DELETED' : true),
    () => (previousFrom === undefined ? true : lockVerdict(previousFrom, lockedThrough)),
    () => lockVerdict(effectiveFrom, lockedThrough),
  );
}
