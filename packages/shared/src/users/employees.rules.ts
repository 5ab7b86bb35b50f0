// No zod here: rules only, shared by the server (which enforces them) and the web app (which explains them).
import { type Abilities, firstDenied, toAbilities, type Verdict, type Viewer } from '../platform/abilities';
import { isOwnRecord, partVerdict } from './people.rules';

export const INVITATION_STATES = ['none', 'pending', 'accepted'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const EMPLOYEE_TABS = ['active', 'deleted'] as const;
export type EmployeeTab = (typeof EMPLOYEE_TABS)[number];

/** The fields of an employee's profile a save may carry (the account's e-mail address and language included). */
export const EMPLOYEE_FIELDS = [
  'firstName',
  'insertion',
  'lastName',
  'email',
  'privateEmail',
  'phone',
  'function',
  'supplierNumber',
  'roleId',
  'exactId',
  'locale',
] as const;
export type EmployeeField = (typeof EMPLOYEE_FIELDS)[number];

/** What a person may change on their own profile without users.manage. */
export const OWN_FIELDS: readonly EmployeeField[] = ['email', 'privateEmail', 'phone'];

export const EMPLOYEE_ABILITIES = [
  'canEdit',
  'canEditExactId',
  'canChangeRole',
  'canDeactivate',
  'canRestore',
  'canEndSessions',
  'canResendInvitation',
  'canEditMobile',
] as const;
export type EmployeeAbilities = Abilities<(typeof EMPLOYEE_ABILITIES)[number]>;

export interface EmployeeState {
  id: number;
  deletedAt: string | null;
  invitation: InvitationState;
}

const active = (e: EmployeeState): Verdict => (e.deletedAt ? 'EMPLOYEE_DELETED' : true);

/**
 * The fields of this employee the viewer may change: with users.manage every field but their own
 * role (no lockout) and the exactId only with the exact right; one's own profile without it the
 * e-mail address, private e-mail and phone; the exact right alone the exactId. Nothing on a
 * deactivated employee.
 */
export function editableFields(e: EmployeeState, viewer: Viewer): ReadonlySet<EmployeeField> {
  if (e.deletedAt) return new Set();
  const own = isOwnRecord(viewer, e.id);
  const manage = partVerdict(viewer, 'manageEmployees') === true;
  const exact = partVerdict(viewer, 'exact') === true;
  const out = new Set<EmployeeField>();
  if (manage) for (const f of EMPLOYEE_FIELDS) if (f !== 'exactId' && !(own && f === 'roleId')) out.add(f);
  if (own) for (const f of OWN_FIELDS) out.add(f);
  if (exact) out.add('exactId');
  return out;
}

/**
 * What the viewer may do with an employee (PEOPLE_RIGHTS in people.rules.ts). Staff
 * actions need users.manage; one may not deactivate oneself nor change one's own role; a
 * deactivated employee is restored before anything else changes; the invitation is sent again
 * only while no password was set.
 */
export function employeeAbilities(e: EmployeeState, viewer: Viewer): EmployeeAbilities {
  const own = isOwnRecord(viewer, e.id);
  const manage = (): Verdict => partVerdict(viewer, 'manageEmployees');
  const editable = editableFields(e, viewer);
  return toAbilities({
    canEdit: editable.size > 0 ? true : firstDenied(own ? true : manage, active(e), 'FORBIDDEN'),
    canEditExactId: firstDenied(partVerdict(viewer, 'exact'), active(e)),
    canChangeRole: firstDenied(manage, own ? 'FORBIDDEN' : true, active(e)),
    canDeactivate: firstDenied(manage, own ? 'EMPLOYEE_SELF' : true, active(e)),
    canRestore: firstDenied(manage, e.deletedAt ? true : 'EMPLOYEE_NOT_DELETED'),
    canEndSessions: manage(),
    canResendInvitation: firstDenied(manage, active(e), e.invitation === 'accepted' ? 'INVITATION_ACCEPTED' : true),
    canEditMobile: firstDenied(manage, active(e)),
  });
}
