// No zod here: who may change the leave settings: leave types, the leave policy and the
// hour rules. The server sends these abilities with each record and enforces the same rule.
import { type Abilities, firstDenied, toAbilities, type Viewer } from '../platform/abilities';
import { leaveVerdict } from './leave.rules';

export const LEAVE_SETTING_ABILITIES = ['canEdit', 'canDelete'] as const;
export type LeaveSettingAbilities = Abilities<(typeof LEAVE_SETTING_ABILITIES)[number]>;

/**
 * A leave type: leave-categories.manage changes it; it is deleted only while nothing uses it
 * (requests, ledger lines or collective leave): a used one is deactivated instead.
 */
export function leaveTypeAbilities(type: { inUse: boolean }, viewer: Viewer): LeaveSettingAbilities {
  const manage = leaveVerdict(viewer, 'typesManage');
  return toAbilities({
    canEdit: manage,
    canDelete: firstDenied(manage, () => (type.inUse ? 'LEAVE_TYPE_IN_USE' : true)),
  });
}

/** The leave policy: leave-categories.manage changes it. */
export function canEditLeavePolicy(viewer: Viewer): boolean {
  return leaveVerdict(viewer, 'typesManage') === true;
}

/**
 * An hour rule: hour-rules.manage changes and deletes it. Deleting rewrites the overtime it made
 * after the payroll lock; the lines on locked days stay (they were paid), named after the rule.
 */
export function hourRuleAbilities(viewer: Viewer): LeaveSettingAbilities {
  const manage = leaveVerdict(viewer, 'hourRules');
  return toAbilities({ canEdit: manage, canDelete: manage });
}
