// No zod here: rules only, shared by the server (which enforces them) and the web app (which explains them).
import { type Verdict, type Viewer, viewerCan } from '../platform/abilities';
import type { Permission } from '../platform/permissions';

/**
 * Which permission group gates which part of an employee's record (docs/decisions.md
 * "People and hours"). One table, read by the server's scope (`scope.employeeRecord`), the route
 * access and the web app's menus, so the three never disagree.
 *
 * Everyone reads their own record: profile, schedule, booked hours, declarations, overnight
 * stays, documents and contracts. Another person's record needs the group of that part.
 */
export const PEOPLE_RIGHTS = {
  /** See the employees list and another person's profile (anyone who keeps any part of a record). */
  viewEmployees: [
    'users.manage',
    'hours.manage',
    'hours.export',
    'hours.approve',
    'documents.manage',
    'contracts.manage',
    'exact.manage',
    'leave.manage',
    'leave.approve',
  ],
  /** Create, edit, deactivate and restore employees; their mobile settings; end their sessions. */
  manageEmployees: ['users.manage'],
  /** Edit the exactId (the payroll system's key). */
  exact: ['exact.manage', 'users.manage'],
  /** Read and change another person's schedule. */
  schedules: ['users.manage', 'hours.manage'],
  /** Book and read another person's hours, projects/hours, the lock, approve declarations and overnight stays. */
  hours: ['hours.manage'],
  /** Read another person's week of hours (the timesheet an approver decides on), not book on it. */
  readHours: ['hours.manage', 'hours.approve'],
  /** Approve a person's week of hours or send it back (timesheets), never one's own. */
  approveHours: ['hours.approve'],
  /** The payroll exports (hours, overnight stays). */
  export: ['hours.export'],
  /** Another person's documents; upload and remove documents. */
  documents: ['documents.manage'],
  /** Another person's contracts; add, change and remove contracts. */
  contracts: ['contracts.manage'],
  /** Another person's leave card, requests and sick periods (LEAVE_RIGHTS in leave.rules.ts for the rest). */
  leave: ['leave.manage', 'leave.approve'],
} as const satisfies Record<string, readonly Permission[]>;

export type PeoplePart = keyof typeof PEOPLE_RIGHTS;

/** True when the viewer is the employee themselves (an employee not acting as a company). */
export function isOwnRecord(viewer: Viewer, employeeId: number): boolean {
  return viewer.kind === 'employee' && viewer.employeeId === employeeId;
}

/** May the viewer read this part of that employee's record: their own, or with the part's rights. */
export function canReadPart(viewer: Viewer, employeeId: number, part: PeoplePart): boolean {
  return isOwnRecord(viewer, employeeId) || viewerCan(viewer, PEOPLE_RIGHTS[part]);
}

/** The verdict of a staff action on a part of someone's record: the part's rights, else FORBIDDEN. */
export function partVerdict(viewer: Viewer, part: PeoplePart): Verdict {
  return viewerCan(viewer, PEOPLE_RIGHTS[part]) ? true : 'FORBIDDEN';
}

/** Mobile settings: what a person may do themselves (the API enforces them; staff with the rights are not limited). */
export interface SelfService {
  bookHours: boolean;
  overnights: boolean;
  planner: boolean;
}

export const DEFAULT_SELF_SERVICE: SelfService = { bookHours: true, overnights: true, planner: false };

/** A document that expires, or a contract that ends, within this many days is flagged on the employee and in HR's list. */
export const EXPIRY_WARNING_DAYS = 30;
