import type {
  CompanyUser,
  CompanyUserInput,
  CompanyUserListQuery,
  CompanyUserUpdate,
  OwnProfile,
  OwnProfileUpdate,
} from '@app/shared/companies/company-users';
import { companyUserAbilities } from '@app/shared/companies/company-users.rules';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import { assertAbility, can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, pgCode, pgConstraint } from '../../platform/errors';
import { sendInvitation } from '../auth/auth.service';
import * as companiesRepo from './companies.repository';
import * as repo from './company-users.repository';

function toUser(r: repo.CompanyUserRow, ctx: Ctx): CompanyUser {
  return {
    id: r.id,
    companyId: r.companyId,
    firstName: r.firstName,
    insertion: r.insertion,
    lastName: r.lastName,
    name: [r.firstName, r.insertion, r.lastName].filter(Boolean).join(' '),
    email: r.email,
    jobTitle: r.jobTitle,
    phone: r.phone,
    locale: r.locale === 'en' ? 'en' : 'nl',
    invitedAt: r.invitedAt,
    invitation: r.invitation,
    lastLoginAt: r.lastLoginAt,
    version: r.version,
    abilities: companyUserAbilities(r, viewerOf(ctx.actor)),
  };
}

/** The company must be one the actor may see (an archived one too, for staff). @throws COMPANY_NOT_FOUND */
async function assertCompany(ctx: Ctx, db: DbOrTx, companyId: number) {
  const company = await companiesRepo.find(db, ctx.actor, companyId, { archived: true });
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  return company;
}

/** The error for a scoped miss: the company when it is not there (or not visible), else the user. */
async function notFound(ctx: Ctx, db: DbOrTx, companyId: number): Promise<AppError> {
  return (await companiesRepo.find(db, ctx.actor, companyId, { archived: true }))
    ? new AppError('COMPANY_USER_NOT_FOUND')
    : new AppError('COMPANY_NOT_FOUND');
}

/** The company's users, paged. An empty page asks whether the company exists (404 rather than an empty list). */
export async function listUsers(ctx: Ctx, companyId: number, q: CompanyUserListQuery): Promise<Page<CompanyUser>> {
  const { rows, total } = await repo.list(ctx.db.orm, ctx.actor, companyId, q);
  if (rows.length === 0) await assertCompany(ctx, ctx.db.orm, companyId);
  return { data: rows.map((r) => toUser(r, ctx)), meta: pageMeta(q.page, q.perPage, total) };
}

/** A user's name for the breadcrumbs: only to whoever keeps the company's users (companies.manage), else null. */
export async function companyUserTitle(ctx: Ctx, id: number): Promise<string | null> {
  if (!can(ctx.actor, 'companies.manage')) return null;
  return repo.findName(ctx.db.orm, ctx.actor, id);
}

/** @throws COMPANY_NOT_FOUND, COMPANY_USER_NOT_FOUND */
export async function getUser(ctx: Ctx, companyId: number, id: number): Promise<CompanyUser> {
  const row = await repo.find(ctx.db.orm, ctx.actor, companyId, id);
  if (!row) throw await notFound(ctx, ctx.db.orm, companyId);
  return toUser(row, ctx);
}

function toFields(input: CompanyUserInput | CompanyUserUpdate): repo.CompanyUserFields {
  return {
    firstName: input.firstName,
    insertion: input.insertion || null,
    lastName: input.lastName,
    email: input.email,
    jobTitle: input.jobTitle || null,
    phone: input.phone || null,
    locale: input.locale ?? 'nl',
  };
}

/** An address another account (employee or client) uses: a field error, never a 500. */
function emailTaken(err: unknown): unknown {
  return pgCode(err) === '23505' && pgConstraint(err) === 'accounts_email_key'
    ? new AppError('VALIDATION_FAILED', { fieldErrors: { email: { code: 'email_taken' } } })
    : err;
}

/**
 * Adds a person to the company with an account without a password, and (by default) mails the
 * invitation to set one, in the person's language.
 * @throws COMPANY_NOT_FOUND, FORBIDDEN, VALIDATION_FAILED (email_taken)
 */
export async function createUser(ctx: Ctx, companyId: number, input: CompanyUserInput): Promise<CompanyUser> {
  const now = ctx.clock();
  const invite = input.sendInvitation ?? true;
  const created = await ctx.db.orm
    .transaction(async (tx) => {
      await assertCompany(ctx, tx, companyId);
      assertAbility(companyUserAbilities({ invitation: 'none' }, viewerOf(ctx.actor)), 'canEdit');
      const fields = toFields(input);
      const ids = await repo.insert(tx, companyId, fields, invite ? now : null, now);
      await audit(
        tx,
        ctx,
        'company_user.created',
        { type: 'company_user', id: ids.id },
        {
          companyId,
          ...fields,
          invited: invite,
        },
      );
      return ids;
    })
    .catch((err) => {
      throw emailTaken(err);
    });
  // After the commit: the mail job finds the account (a rolled-back insert mails nobody).
  if (invite) await sendInvitation(ctx, created.accountId);
  return getUser(ctx, companyId, created.id);
}

async function lockForChange(ctx: Ctx, tx: DbOrTx, companyId: number, id: number, version: number) {
  const row = await repo.find(tx, ctx.actor, companyId, id, true);
  if (!row) throw await notFound(ctx, tx, companyId);
  if (row.version !== version) throw new AppError('STALE_VERSION');
  return row;
}

/**
 * Saves the person's fields, e-mail address and language with the version. A new address is
 * where the next mails go; the person signs in with it.
 * @throws COMPANY_NOT_FOUND, COMPANY_USER_NOT_FOUND, STALE_VERSION, FORBIDDEN, VALIDATION_FAILED
 */
export async function updateUser(ctx: Ctx, companyId: number, id: number, input: CompanyUserUpdate): Promise<CompanyUser> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const row = await lockForChange(ctx, tx, companyId, id, input.version);
      assertAbility(companyUserAbilities(row, viewerOf(ctx.actor)), 'canEdit');
      const fields = toFields(input);
      if (!(await repo.update(tx, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await audit(tx, ctx, 'company_user.updated', { type: 'company_user', id }, { companyId, ...fields });
    })
    .catch((err) => {
      throw emailTaken(err);
    });
  return getUser(ctx, companyId, id);
}

/**
 * Sends the invitation again (a new link; earlier links stay valid until they expire). Not once a
 * password was set. @throws COMPANY_NOT_FOUND, COMPANY_USER_NOT_FOUND, FORBIDDEN, INVITATION_ACCEPTED
 */
export async function resendInvitation(ctx: Ctx, companyId: number, id: number): Promise<CompanyUser> {
  const now = ctx.clock();
  const accountId = await ctx.db.orm.transaction(async (tx) => {
    const row = await repo.find(tx, ctx.actor, companyId, id, true);
    if (!row) throw await notFound(ctx, tx, companyId);
    assertAbility(companyUserAbilities(row, viewerOf(ctx.actor)), 'canInvite');
    await repo.markInvited(tx, id, now);
    await audit(tx, ctx, 'company_user.invited', { type: 'company_user', id }, { companyId });
    return row.accountId;
  });
  await sendInvitation(ctx, accountId);
  return getUser(ctx, companyId, id);
}

/**
 * Removes the person from the company: their account goes, and with it their sessions (at once,
 * S5). @throws COMPANY_NOT_FOUND, COMPANY_USER_NOT_FOUND, STALE_VERSION, FORBIDDEN
 */
export async function deleteUser(ctx: Ctx, companyId: number, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const row = await lockForChange(ctx, tx, companyId, id, version);
    assertAbility(companyUserAbilities(row, viewerOf(ctx.actor)), 'canDelete');
    await ctx.sessions.destroyAllFor(tx, row.accountId);
    if (!(await repo.remove(tx, id, version))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'company_user.deleted', { type: 'company_user', id }, { companyId, email: row.email });
  });
}

/** The signed-in company user behind the portal (never an employee acting as the company). @throws FORBIDDEN */
function ownAccount(ctx: Ctx): { accountId: number; companyId: number } {
  const a = ctx.actor;
  if (a.kind !== 'client' || a.actingEmployee || a.accountId === null) throw new AppError('FORBIDDEN');
  return { accountId: a.accountId, companyId: a.companyId };
}

function toOwnProfile(r: repo.OwnProfileRow): OwnProfile {
  return {
    firstName: r.firstName,
    insertion: r.insertion,
    lastName: r.lastName,
    jobTitle: r.jobTitle,
    phone: r.phone,
    email: r.email,
    version: r.version,
  };
}

/** A company user's own profile (the portal's settings). @throws FORBIDDEN, COMPANY_USER_NOT_FOUND */
export async function getOwnProfile(ctx: Ctx): Promise<OwnProfile> {
  const own = ownAccount(ctx);
  const row = await repo.findOwn(ctx.db.orm, own.accountId, own.companyId);
  if (!row) throw new AppError('COMPANY_USER_NOT_FOUND');
  return toOwnProfile(row);
}

/** Saves a company user's own name, job title and phone. @throws FORBIDDEN, COMPANY_USER_NOT_FOUND, STALE_VERSION */
export async function updateOwnProfile(ctx: Ctx, input: OwnProfileUpdate): Promise<OwnProfile> {
  const own = ownAccount(ctx);
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const row = await repo.findOwn(tx, own.accountId, own.companyId, true);
    if (!row) throw new AppError('COMPANY_USER_NOT_FOUND');
    const fields = {
      firstName: input.firstName,
      insertion: input.insertion || null,
      lastName: input.lastName,
      jobTitle: input.jobTitle || null,
      phone: input.phone || null,
    };
    if (!(await repo.updatePerson(tx, row.id, input.version, fields, now))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'company_user.profile_updated',
      { type: 'company_user', id: row.id },
      { companyId: own.companyId, ...fields },
    );
  });
  return getOwnProfile(ctx);
}
