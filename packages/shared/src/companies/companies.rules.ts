import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Verdict, type Viewer } from '../platform/abilities';

export const COMPANY_ABILITIES = ['canEdit', 'canActAs', 'canArchive', 'canRestore'] as const;
export type CompanyAbilities = Abilities<(typeof COMPANY_ABILITIES)[number]>;

/**
 * Account managers edit, archive and restore a company; employees with the act-as right open its
 * portal as the company (not while it is archived: its portal is closed).
 */
export function companyAbilities(company: { archived: boolean }, viewer: Viewer): CompanyAbilities {
  const manage = (): Verdict => permissionVerdict(viewer, 'companies.manage');
  return toAbilities({
    canEdit: manage(),
    canActAs: firstDenied(permissionVerdict(viewer, 'companies.act-as-client'), company.archived ? 'COMPANY_ARCHIVED' : true),
    canArchive: firstDenied(manage, company.archived ? 'COMPANY_ARCHIVED' : true),
    canRestore: firstDenied(manage, company.archived ? true : 'COMPANY_NOT_ARCHIVED'),
  });
}
