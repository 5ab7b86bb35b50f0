import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Verdict, type Viewer } from '../platform/abilities';

export const INVITATION_STATES = ['none', 'pending', 'accepted'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const COMPANY_USER_ABILITIES = ['canEdit', 'canDelete', 'canInvite'] as const;
export type CompanyUserAbilities = Abilities<(typeof COMPANY_USER_ABILITIES)[number]>;

/**
 * Account managers (companies.manage) keep a company's users. An invitation is sent (again) only
 * while no password was set: after that the user signs in or uses "forgot password".
 */
export function companyUserAbilities(user: { invitation: InvitationState }, viewer: Viewer): CompanyUserAbilities {
  const manage = (): Verdict => permissionVerdict(viewer, 'companies.manage');
  return toAbilities({
    canEdit: manage(),
    canDelete: manage(),
    canInvite: firstDenied(manage, user.invitation === 'accepted' ? 'INVITATION_ACCEPTED' : true),
  });
}
