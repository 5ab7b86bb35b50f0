import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Viewer } from '../platform/abilities';

export const ROLE_ABILITIES = ['canEdit', 'canDelete'] as const;
export type RoleAbilities = Abilities<(typeof ROLE_ABILITIES)[number]>;

/**
 * A role is edited by whoever manages roles. It is deleted only when nobody holds it, and never
 * by someone holding it themselves (they would lock themselves out of this screen).
 */
export function roleAbilities(role: { id: number; users_count: number }, viewer: Viewer): RoleAbilities {
  const manage = permissionVerdict(viewer, 'users.manage-roles');
  return toAbilities({
    canEdit: manage,
    canDelete: firstDenied(
      manage,
      () => (role.id === viewer.roleId ? 'ROLE_SELF_LOCKOUT' : true),
      () => (role.users_count > 0 ? 'ROLE_IN_USE' : true),
    ),
  });
}
