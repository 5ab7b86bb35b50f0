import type {
  CompanyProjectAccess,
  CompanyProjectAccessDetail,
  CompanyProjectAccessUpdate,
} from '@app/shared/companies/company-permissions';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as companiesRepo from './companies.repository';
import * as repo from './company-permissions.repository';

const toAccess = (r: repo.AccessRow): CompanyProjectAccess => ({
  projectId: r.projectId,
  projectName: r.projectName,
  projectStatus: r.projectStatus === 'inactive' ? 'inactive' : 'active',
  allAreas: r.allAreas,
  areaIds: r.allAreas ? [] : r.areaIds,
  version: r.version,
});

/** The error for a scoped miss: the company when it is not there (or not visible), else the link. */
async function notFound(ctx: Ctx, db: DbOrTx, companyId: number): Promise<AppError> {
  return (await companiesRepo.find(db, ctx.actor, companyId, { archived: true }))
    ? new AppError('PROJECT_NOT_FOUND')
    : new AppError('COMPANY_NOT_FOUND');
}

/** The projects the company is attached to, each with all areas or its selection. @throws COMPANY_NOT_FOUND */
export async function listAccess(ctx: Ctx, companyId: number): Promise<CompanyProjectAccess[]> {
  const rows = await repo.list(ctx.db.orm, ctx.actor, companyId);
  if (rows.length === 0 && !(await companiesRepo.find(ctx.db.orm, ctx.actor, companyId, { archived: true }))) {
    throw new AppError('COMPANY_NOT_FOUND');
  }
  return rows.map(toAccess);
}

/** One project's access with the project's tree to pick from. @throws COMPANY_NOT_FOUND, PROJECT_NOT_FOUND */
export async function getAccess(ctx: Ctx, companyId: number, projectId: number): Promise<CompanyProjectAccessDetail> {
  const row = await repo.find(ctx.db.orm, ctx.actor, companyId, projectId);
  if (!row) throw await notFound(ctx, ctx.db.orm, companyId);
  const areas = await repo.areas(ctx.db.orm, projectId);
  return { ...toAccess(row), areas };
}

/**
 * Sets what the company sees of the project: all areas, or the selected decks, areas and
 * sub-areas (each must be one of the project's; at least one). Takes effect on the company's next
 * request, in every portal query.
 * @throws COMPANY_NOT_FOUND, PROJECT_NOT_FOUND, STALE_VERSION, VALIDATION_FAILED (areaIds not_found)
 */
export async function updateAccess(
  ctx: Ctx,
  companyId: number,
  projectId: number,
  input: CompanyProjectAccessUpdate,
): Promise<CompanyProjectAccessDetail> {
  const areaIds = input.allAreas ? [] : [...new Set(input.areaIds ?? [])];
  await ctx.db.orm.transaction(async (tx) => {
    const row = await repo.find(tx, ctx.actor, companyId, projectId, true);
    if (!row) throw await notFound(ctx, tx, companyId);
    if (row.version !== input.version) throw new AppError('STALE_VERSION');
    const known = await repo.areasOfProject(tx, projectId, areaIds);
    if (known.size !== areaIds.length) {
      throw new AppError('VALIDATION_FAILED', { fieldErrors: { areaIds: { code: 'not_found' } } });
    }
    if (!(await repo.save(tx, companyId, projectId, input.version, input.allAreas, areaIds))) {
      throw new AppError('STALE_VERSION');
    }
    await audit(
      tx,
      ctx,
      'company.permissions.updated',
      { type: 'company', id: companyId },
      {
        projectId,
        allAreas: input.allAreas,
        areaIds,
      },
    );
  });
  return getAccess(ctx, companyId, projectId);
}
