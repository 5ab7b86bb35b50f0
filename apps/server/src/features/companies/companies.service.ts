import type { CompanyBrand } from '@app/shared/auth/auth';
import type { Company, CompanyListQuery, CompanyOption, CompanySummary } from '@app/shared/companies/companies';
import { companyAbilities } from '@app/shared/companies/companies.rules';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './companies.repository';

function toSummary(r: repo.CompanyRow, actor: Actor): CompanySummary {
  return {
    ...repo.toBrand(r),
    city: r.city,
    country: r.country,
    usersCount: r.usersCount,
    abilities: companyAbilities(viewerOf(actor)),
  };
}

/** The companies archive: the companies the actor may see, paged, searched and sorted. */
export async function listCompanies(ctx: Ctx, q: CompanyListQuery): Promise<Page<CompanySummary>> {
  const { rows, total } = await repo.list(ctx.db.orm, ctx.actor, q);
  return { data: rows.map((r) => toSummary(r, ctx.actor)), meta: pageMeta(q.page, q.perPage, total) };
}

/**
 * One company: for staff with a company right any company, for a company user (or an employee
 * acting as a company) only its own. @throws COMPANY_NOT_FOUND
 */
/** Every live company in short (id, name, sector), for the pickers of staff. */
export async function companyOptions(ctx: Ctx): Promise<CompanyOption[]> {
  return repo.options(ctx.db.orm);
}

export async function getCompany(ctx: Ctx, id: number): Promise<Company> {
  const r = await repo.find(ctx.db.orm, ctx.actor, id);
  if (!r) throw new AppError('COMPANY_NOT_FOUND');
  return {
    ...toSummary(r, ctx.actor),
    contactPerson: r.contactPerson,
    email: r.email,
    phone: r.phone,
    address: r.address,
    zipcode: r.zipcode,
    version: r.version,
  };
}

/** The company's name for a breadcrumb, when the actor may see the company; else null. */
export async function companyTitle(ctx: Ctx, id: number): Promise<string | null> {
  return (await repo.findBrand(ctx.db.orm, ctx.actor, id))?.name ?? null;
}

/**
 * Records that an employee starts acting as a company and returns what the portal needs (Z7).
 * The acting itself is the Acting-As header on later requests. @throws COMPANY_NOT_FOUND
 */
export async function startActingAs(ctx: Ctx, companyId: number): Promise<CompanyBrand> {
  return ctx.db.orm.transaction(async (tx) => {
    const company = await repo.findBrand(tx, ctx.actor, companyId);
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    await audit(tx, ctx, 'acting-as.started', { type: 'company', id: companyId }, {}, { actingAs: { companyId } });
    ctx.log.info({ event: 'acting-as.started', companyId }, 'acting as company started');
    return company;
  });
}

/** Records the end of acting as a company; only meaningful while acting. @throws FORBIDDEN */
export async function stopActingAs(ctx: Ctx): Promise<void> {
  const a = ctx.actor;
  if (a.kind !== 'client' || !a.actingEmployee) throw new AppError('FORBIDDEN', { message: 'Not acting as a company' });
  await audit(ctx.db.orm, ctx, 'acting-as.stopped', { type: 'company', id: a.companyId });
  ctx.log.info({ event: 'acting-as.stopped', companyId: a.companyId }, 'acting as company stopped');
}
