// No zod here: rules only, shared by the server (which enforces them) and the web app (which explains them).
import { type Abilities, firstDenied, toAbilities, type Verdict, type Viewer, viewerCan } from '../platform/abilities';
import { isOwnRecord, PEOPLE_RIGHTS, type SelfService } from '../users/people.rules';
import { decideVerdict } from './declarations.rules';

/** An overnight stay for a project: submitted -> approved | rejected (with a reason), decided once. */
export const OVERNIGHT_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type OvernightStatus = (typeof OVERNIGHT_STATUSES)[number];

export const OVERNIGHT_ABILITIES = ['canEdit', 'canDelete', 'canApprove', 'canReject'] as const;
export type OvernightAbilities = Abilities<(typeof OVERNIGHT_ABILITIES)[number]>;

export const MAX_OVERNIGHT_NIGHTS = 60;

/**
 * May the viewer register (change, remove) an overnight stay of this employee: someone with the
 * hours rights for anyone; the person themselves when their mobile settings allow it
 * (selfService.overnights, else SELF_SERVICE_OFF); nobody else.
 */
export function overnightRegisterVerdict(viewer: Viewer, employeeId: number, selfService: SelfService | null): Verdict {
  if (viewerCan(viewer, PEOPLE_RIGHTS.hours)) return true;
  if (!isOwnRecord(viewer, employeeId)) return 'FORBIDDEN';
  return selfService?.overnights ? true : 'SELF_SERVICE_OFF';
}

/** Changes and removal only while submitted. */
export function overnightEditableVerdict(status: OvernightStatus): Verdict {
  return status === 'submitted' ? true : 'OVERNIGHT_NOT_EDITABLE';
}

/** Approve or reject only while submitted. */
export function overnightDecisionVerdict(status: OvernightStatus): Verdict {
  return status === 'submitted' ? true : 'OVERNIGHT_ALREADY_DECIDED';
}

/**
 * What the viewer may do with one stay. `selfService` is the viewer's own mobile settings (null
 * when unknown: then only the hours rights change it).
 */
export function overnightAbilities(
  o: { employeeId: number; status: OvernightStatus },
  viewer: Viewer,
  selfService: SelfService | null,
): OvernightAbilities {
  const register = overnightRegisterVerdict(viewer, o.employeeId, selfService);
  const decide = decideVerdict(viewer, o.employeeId);
  return toAbilities({
    canEdit: firstDenied(register, () => overnightEditableVerdict(o.status)),
    canDelete: firstDenied(register, () => overnightEditableVerdict(o.status)),
    canApprove: firstDenied(decide, () => overnightDecisionVerdict(o.status)),
    canReject: firstDenied(decide, () => overnightDecisionVerdict(o.status)),
  });
}
