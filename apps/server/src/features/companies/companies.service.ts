import type { CompanyBrand } from '@app/shared/auth/auth';
import type {
  Company,
  CompanyInput,
  CompanyListQuery,
  CompanyOption,
  CompanySummary,
  CompanyUpdate,
} from '@app/shared/companies/companies';
import { companyAbilities } from '@app/shared/companies/companies.rules';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as mediaRepo from '../media/media.repository';
import * as repo from './companies.repository';

function toSummary(r: repo.CompanyRow, actor: Actor): CompanySummary {
  return {
    ...repo.toBrand(r),
    city: r.city,
    country: r.country,
    usersCount: r.usersCount,
    abilities: companyAbilities({ archived: r.archivedAt !== null }, viewerOf(actor)),
  };
}

/** The companies archive: the companies the actor may see, paged, searched and sorted. */
export async function listCompanies(ctx: Ctx, q: CompanyListQuery): Promise<Page<CompanySummary>> {
  const { rows, total } = await repo.list(ctx.db.orm, ctx.actor, q);
  return { data: rows.map((r) => toSummary(r, ctx.actor)), meta: pageMeta(q.page, q.perPage, total) };
}

/** Every live company in short (id, name, sector), for the pickers of staff. */
export async function companyOptions(ctx: Ctx): Promise<CompanyOption[]> {
  return repo.options(ctx.db.orm);
}

/**
 * One company: for staff with a company right any company (an archived one too), for a company
 * user (or an employee acting as a company) only its own. @throws COMPANY_NOT_FOUND
 */
export async function getCompany(ctx: Ctx, id: number): Promise<Company> {
  const r = await repo.find(ctx.db.orm, ctx.actor, id, { archived: true });
  if (!r) throw new AppError('COMPANY_NOT_FOUND');
  return toCompany(r, ctx);
}

function toCompany(r: repo.CompanyDetailRow, ctx: Ctx): Company {
  return {
    ...toSummary(r, ctx.actor),
    contactPerson: r.contactPerson,
    email: r.email,
    phone: r.phone,
    address: r.address,
    zipcode: r.zipcode,
    archivedAt: r.archivedAt ? r.archivedAt.toISOString() : null,
    version: r.version,
  };
}

/** The form's values as the columns store them: an empty optional text is null. */
function toFields(input: CompanyInput): repo.CompanyFields {
  const opt = (v: string | undefined) => (v ? v : null);
  return {
    name: input.name,
    sector: input.sector,
    primaryColor: input.primaryColor ?? '#1c3d5a',
    secondaryColor: input.secondaryColor ?? '#c8a45c',
    contactPerson: opt(input.contactPerson),
    email: opt(input.email),
    phone: opt(input.phone),
    country: opt(input.country),
    address: opt(input.address),
    zipcode: opt(input.zipcode),
    city: opt(input.city),
  };
}

/** Adds a client company. @throws FORBIDDEN */
export async function createCompany(ctx: Ctx, input: CompanyInput): Promise<Company> {
  assertAbility(companyAbilities({ archived: false }, viewerOf(ctx.actor)), 'canEdit');
  const now = ctx.clock();
  const fields = toFields(input);
  const id = await ctx.db.orm.transaction(async (tx) => {
    const id = await repo.insert(tx, fields, now);
    await audit(tx, ctx, 'company.created', { type: 'company', id }, { ...fields });
    return id;
  });
  return getCompany(ctx, id);
}

/** Locks the company for a change (an archived one too) and checks the version. */
async function lockForChange(ctx: Ctx, tx: DbOrTx, id: number, version: number) {
  const row = await repo.find(tx, ctx.actor, id, { archived: true, lock: true });
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  if (row.version !== version) throw new AppError('STALE_VERSION');
  return row;
}

/** Saves the company's fields with the version the change was based on. @throws COMPANY_NOT_FOUND, STALE_VERSION, FORBIDDEN */
export async function updateCompany(ctx: Ctx, id: number, input: CompanyUpdate): Promise<Company> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const row = await lockForChange(ctx, tx, id, input.version);
    assertAbility(companyAbilities({ archived: row.archivedAt !== null }, viewerOf(ctx.actor)), 'canEdit');
    const fields = toFields(input);
    if (!(await repo.update(tx, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'company.updated', { type: 'company', id }, { ...fields });
  });
  return getCompany(ctx, id);
}

/**
 * Archives the company: it leaves the list and the pickers, its users' sessions end at once and
 * they cannot sign in until it is restored (S5); its projects and data stay.
 * @throws COMPANY_NOT_FOUND, STALE_VERSION, FORBIDDEN, COMPANY_ARCHIVED
 */
export async function archiveCompany(ctx: Ctx, id: number, version: number): Promise<Company> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const row = await lockForChange(ctx, tx, id, version);
    assertAbility(companyAbilities({ archived: row.archivedAt !== null }, viewerOf(ctx.actor)), 'canArchive');
    if (!(await repo.setArchived(tx, id, version, now, now))) throw new AppError('STALE_VERSION');
    const accountIds = await repo.userAccountIds(tx, id);
    for (const accountId of accountIds) await ctx.sessions.destroyAllFor(tx, accountId);
    await audit(tx, ctx, 'company.archived', { type: 'company', id }, { name: row.name, sessionsEndedFor: accountIds.length });
  });
  return getCompany(ctx, id);
}

/** Restores an archived company; its users can sign in again. @throws COMPANY_NOT_FOUND, STALE_VERSION, FORBIDDEN, COMPANY_NOT_ARCHIVED */
export async function restoreCompany(ctx: Ctx, id: number, version: number): Promise<Company> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const row = await lockForChange(ctx, tx, id, version);
    assertAbility(companyAbilities({ archived: row.archivedAt !== null }, viewerOf(ctx.actor)), 'canRestore');
    if (!(await repo.setArchived(tx, id, version, null, now))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'company.restored', { type: 'company', id }, { name: row.name });
  });
  return getCompany(ctx, id);
}

/** The company's name for a breadcrumb, when the actor may see the company (staff: archived ones too); else null. */
export async function companyTitle(ctx: Ctx, id: number): Promise<string | null> {
  // Staff open archived companies too (to restore them): their page needs its name as well.
  return (await repo.find(ctx.db.orm, ctx.actor, id, { archived: true }))?.name ?? null;
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

/**
 * Sets or clears the company's logo: an image the caller may see (an upload of their own, as
 * staff). The portal shows it from the next request on (the session's brand).
 * @throws COMPANY_NOT_FOUND, FORBIDDEN, VALIDATION_FAILED (mediaId not_found)
 */
export async function setLogo(ctx: Ctx, id: number, mediaId: number | null): Promise<Company> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const row = await repo.find(tx, ctx.actor, id, { archived: true, lock: true });
    if (!row) throw new AppError('COMPANY_NOT_FOUND');
    assertAbility(companyAbilities({ archived: row.archivedAt !== null }, viewerOf(ctx.actor)), 'canEdit');
    if (mediaId !== null) {
      if (!(await mediaRepo.isVisible(tx, ctx.actor, mediaId)))
        throw new AppError('VALIDATION_FAILED', { fieldErrors: { mediaId: { code: 'not_found' } } });
    }
    await repo.setLogo(tx, id, mediaId, now);
    await audit(tx, ctx, 'company.logo.updated', { type: 'company', id }, { mediaId });
  });
  return getCompany(ctx, id);
}
