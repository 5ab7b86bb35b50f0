import type { CompanyBrand } from '@app/shared/auth/auth';
import type { CompanySummary } from '@app/shared/companies/companies';
import { type Page, pageMeta } from '@app/shared/platform/http';
import { audit } from '../../platform/audit';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './companies.repository';

/** The companies archive (read-only for now). */
export async function listCompanies(ctx: Ctx, q: Parameters<typeof repo.list>[1]): Promise<Page<CompanySummary>> {
  const { rows, total } = await repo.list(ctx.db.orm, q);
  return {
    data: rows.map((r) => ({ ...repo.toBrand(r), city: r.city, country: r.country, usersCount: r.usersCount })),
    meta: pageMeta(q.page, q.perPage, total),
  };
}

/** The company's name for a breadcrumb, when the actor may see it: employees with a company right, or its own users. */
export async function companyTitle(ctx: Ctx, id: number): Promise<string | null> {
  const a = ctx.actor;
  const allowed =
    (a.kind === 'employee' && (a.permissions.has('companies.manage') || a.permissions.has('companies.act-as-client'))) ||
    (a.kind === 'client' && a.companyId === id);
  if (!allowed) return null;
  return (await repo.findBrand(ctx.db.orm, id))?.name ?? null;
}

/**
 * Records that an employee starts acting as a company and returns what the portal needs (Z7).
 * The acting itself is the Acting-As header on later requests. @throws COMPANY_NOT_FOUND
 */
export async function startActingAs(ctx: Ctx, companyId: number): Promise<CompanyBrand> {
  return ctx.db.orm.transaction(async (tx) => {
    const company = await repo.findBrand(tx, companyId);
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
