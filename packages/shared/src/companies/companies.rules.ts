import { type Abilities, permissionVerdict, toAbilities, type Viewer } from '../platform/abilities';

export const COMPANY_ABILITIES = ['canEdit', 'canActAs'] as const;
export type CompanyAbilities = Abilities<(typeof COMPANY_ABILITIES)[number]>;

/** Account managers edit a company; employees with the act-as right open its portal as the company. */
export function companyAbilities(viewer: Viewer): CompanyAbilities {
  return toAbilities({
    canEdit: permissionVerdict(viewer, 'companies.manage'),
    canActAs: permissionVerdict(viewer, 'companies.act-as-client'),
  });
}
