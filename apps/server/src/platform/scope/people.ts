import { PEOPLE_RIGHTS, type PeoplePart } from '@app/shared/users/people.rules';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Actor } from '../actor';
import { can } from '../can';
import { PLANNER_STAFF } from './rights';

/** What belongs to one employee: the parts of their HR record and their planner entries. */
export const peopleScopes = {
  /**
   * An employee's HR records (schedules, booked hours, declarations, overnight stays, documents,
   * contracts): one's own, or everyone's with the rights of that part (PEOPLE_RIGHTS in
   * packages/shared/src/users/people.rules.ts); the portal view (acting as a company too) none.
   * Pass the row's employee id.
   *
   * ```ts
   * sql`SELECT ... FROM declarations d WHERE d.id = ${id} AND ${scope.employeeRecord(actor, sql.raw('d.employee_id'), 'hours')}`
   * ```
   */
  employeeRecord(actor: Actor, employeeId: SQLWrapper, part: PeoplePart): SQL {
    if (actor.kind !== 'employee') return sql`false`;
    return can(actor, PEOPLE_RIGHTS[part]) ? sql`true` : sql`${employeeId} = ${actor.employeeId}`;
  },

  /**
   * Planner entries: every entry for staff with a planner right and for an employee whose mobile
   * settings let them see the planner (read only: editing still needs planner.manage); any other
   * employee only their own (the home screen's "my planning"); the portal view none. Pass the
   * entry's employee id.
   */
  plannerEntry(actor: Actor, employeeId: SQLWrapper): SQL {
    if (actor.kind !== 'employee') return sql`false`;
    return can(actor, PLANNER_STAFF) || actor.selfService.planner ? sql`true` : sql`${employeeId} = ${actor.employeeId}`;
  },
} as const;
