import { type Page, pageMeta } from '@app/shared/platform/http';
import { addDays, localDateString } from '@app/shared/platform/iso-week';
import type {
  Employee,
  EmployeeInput,
  EmployeeListQuery,
  EmployeeRow,
  EmployeeUpdate,
  MobileSettings,
  MobileSettingsUpdate,
  RoleRef,
} from '@app/shared/users/employees';
import { EMPLOYEE_FIELDS, type EmployeeField, editableFields, employeeAbilities } from '@app/shared/users/employees.rules';
import { EXPIRY_WARNING_DAYS, isOwnRecord, PEOPLE_RIGHTS, partVerdict } from '@app/shared/users/people.rules';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import { assertAbility, requirePermission, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, fieldError, pgCode, pgConstraint } from '../../platform/errors';
import { verifyPassword } from '../../platform/password';
import { sendInvitation } from '../auth/auth.service';
import * as repo from './users.repository';

type ListQuery = EmployeeListQuery;

/** The last day a document or contract may run out and still count as expiring: today + EXPIRY_WARNING_DAYS. */
const expiryLimit = (ctx: Ctx) => addDays(localDateString(ctx.clock()), EXPIRY_WARNING_DAYS);

const roleOf = (r: repo.EmployeeRow): RoleRef | null => (r.roleId === null ? null : { id: r.roleId, name: r.roleName ?? '' });

function toRow(r: repo.EmployeeRow): EmployeeRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    function: r.function,
    role: roleOf(r),
    phone: r.phone,
    exactId: r.exactId,
    deletedAt: r.deletedAt,
    lastLoginAt: r.lastLoginAt,
    expiring: r.expiring === true,
  };
}

function toEmployee(r: repo.EmployeeRow, ctx: Ctx): Employee {
  const viewer = viewerOf(ctx.actor);
  return {
    id: r.id,
    firstName: r.firstName,
    insertion: r.insertion,
    lastName: r.lastName,
    name: r.name,
    email: r.email,
    privateEmail: r.privateEmail,
    phone: r.phone,
    function: r.function,
    supplierNumber: r.supplierNumber,
    exactId: r.exactId,
    role: roleOf(r),
    locale: r.locale === 'en' ? 'en' : 'nl',
    invitation: r.invitation,
    lastLoginAt: r.lastLoginAt,
    deletedAt: r.deletedAt,
    expiring: r.expiring === true,
    isSelf: isOwnRecord(viewer, r.id),
    selfService: { bookHours: r.mobileBookHours, overnights: r.mobileOvernights, planner: r.mobilePlanner },
    version: r.version,
    abilities: employeeAbilities(r, viewer),
    editable: EMPLOYEE_FIELDS.filter((f) => editableFields(r, viewer).has(f)),
  };
}

/** The employees of a tab, searched, sorted and paged (viewEmployees: the route says so). */
export async function listEmployees(ctx: Ctx, q: ListQuery): Promise<Page<EmployeeRow>> {
  const { rows, total } = await repo.list(ctx.db.orm, ctx.actor, q, expiryLimit(ctx));
  return { data: rows.map(toRow), meta: pageMeta(q.page, q.perPage, total) };
}

/** The roles to pick for an employee. */
export async function roleOptions(ctx: Ctx): Promise<RoleRef[]> {
  return repo.roleOptions(ctx.db.orm);
}

async function findOrThrow(ctx: Ctx, db: DbOrTx, id: number, lock = false): Promise<repo.EmployeeRow> {
  const row = await repo.find(db, ctx.actor, id, expiryLimit(ctx), lock);
  if (!row) throw new AppError('EMPLOYEE_NOT_FOUND');
  return row;
}

/** One's own profile, or anyone's with viewEmployees. @throws EMPLOYEE_NOT_FOUND */
export async function getEmployee(ctx: Ctx, id: number): Promise<Employee> {
  return toEmployee(await findOrThrow(ctx, ctx.db.orm, id), ctx);
}

const blank = (s: string | undefined | null) => (s ? s : null);

/** An address another account (employee or client) uses: a field error, never a 500. */
function emailTaken(err: unknown): unknown {
  return pgCode(err) === '23505' && pgConstraint(err) === 'accounts_email_key'
    ? new AppError('VALIDATION_FAILED', { fieldErrors: { email: { code: 'email_taken' } } })
    : err;
}

async function checkRole(db: DbOrTx, roleId: number | null): Promise<void> {
  if (roleId !== null && !(await repo.roleExists(db, roleId))) throw fieldError('roleId', 'not_found');
}

/**
 * Adds an employee with an account without a password, and mails the invitation to set one in
 * their language. A non-empty exactId needs the exact right.
 * @throws FORBIDDEN, VALIDATION_FAILED (email_taken, roleId not_found)
 */
export async function createEmployee(ctx: Ctx, input: EmployeeInput): Promise<Employee> {
  requirePermission(ctx, PEOPLE_RIGHTS.manageEmployees);
  if (input.exactId?.trim() && partVerdict(viewerOf(ctx.actor), 'exact') !== true) throw new AppError('FORBIDDEN');
  const now = ctx.clock();
  const fields: repo.EmployeeFields = {
    firstName: input.firstName.trim(),
    insertion: blank(input.insertion?.trim()),
    lastName: input.lastName.trim(),
    email: input.email.trim().toLowerCase(),
    privateEmail: blank(input.privateEmail?.trim().toLowerCase()),
    phone: blank(input.phone?.trim()),
    function: blank(input.function?.trim()),
    supplierNumber: blank(input.supplierNumber?.trim()),
    roleId: input.roleId ?? null,
    exactId: blank(input.exactId?.trim()),
    locale: input.locale ?? 'nl',
  };
  const created = await ctx.db.orm
    .transaction(async (tx) => {
      await checkRole(tx, fields.roleId);
      const ids = await repo.insert(tx, fields, now);
      await audit(tx, ctx, 'employee.created', { type: 'employee', id: ids.id }, { ...fields });
      return ids;
    })
    .catch((err) => {
      throw emailTaken(err);
    });
  // After the commit: the mail job finds the account (a rolled-back insert mails nobody).
  await sendInvitation(ctx, created.accountId);
  return invitationSent(await getEmployee(ctx, created.id));
}

/**
 * The answer to sending an invitation: it is on its way ('pending'). Its mail job issues the
 * token a moment later, so the row itself may still read 'none', and the profile built from this
 * answer would say 'Niet uitgenodigd' right under the toast that said it was sent.
 */
function invitationSent(e: Employee): Employee {
  return e.invitation === 'none' ? { ...e, invitation: 'pending' } : e;
}

const currentValue = (r: repo.EmployeeRow, f: EmployeeField): string | number | null => {
  switch (f) {
    case 'roleId':
      return r.roleId;
    case 'locale':
      return r.locale;
    default:
      return r[f] ?? null;
  }
};

/** A sent value as it would be stored: '' is no value (optional texts), e-mail addresses in lower case. */
function normalised(f: EmployeeField, v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  const s = String(v).trim();
  if (f === 'email' || f === 'privateEmail') return s.toLowerCase() || null;
  return s === '' ? null : s;
}

/**
 * Saves an employee's profile with the version. Every field needs the right to change it
 * (`editableFields`): a field sent with a change the caller may not make is 403, whatever else
 * the save holds. One's own e-mail address changes only with the current password (S10).
 * @throws EMPLOYEE_NOT_FOUND, STALE_VERSION, EMPLOYEE_DELETED, FORBIDDEN, VALIDATION_FAILED
 */
export async function updateEmployee(ctx: Ctx, id: number, input: EmployeeUpdate): Promise<Employee> {
  const now = ctx.clock();
  const viewer = viewerOf(ctx.actor);
  await ctx.db.orm
    .transaction(async (tx) => {
      const row = await findOrThrow(ctx, tx, id, true);
      if (row.version !== input.version) throw new AppError('STALE_VERSION');
      if (row.deletedAt) throw new AppError('EMPLOYEE_DELETED');
      const allowed = editableFields(row, viewer);
      const changed = EMPLOYEE_FIELDS.filter(
        (f) => input[f] !== undefined && normalised(f, input[f]) !== normalised(f, currentValue(row, f)),
      );
      if (changed.some((f) => !allowed.has(f))) throw new AppError('FORBIDDEN');
      if (changed.includes('email') && isOwnRecord(viewer, id)) {
        if (!input.currentPassword) throw fieldError('currentPassword', 'current_password_required');
        const ok = await verifyPassword(await repo.passwordHash(tx, row.accountId), input.currentPassword);
        if (!ok) throw fieldError('currentPassword', 'password_incorrect');
      }
      const next = (f: EmployeeField) => (changed.includes(f) ? normalised(f, input[f]) : currentValue(row, f));
      const fields: repo.EmployeeFields = {
        firstName: String(next('firstName')),
        insertion: next('insertion') as string | null,
        lastName: String(next('lastName')),
        email: String(next('email')),
        privateEmail: next('privateEmail') as string | null,
        phone: next('phone') as string | null,
        function: next('function') as string | null,
        supplierNumber: next('supplierNumber') as string | null,
        roleId: next('roleId') as number | null,
        exactId: next('exactId') as string | null,
        locale: next('locale') === 'en' ? 'en' : 'nl',
      };
      if (changed.includes('roleId')) await checkRole(tx, fields.roleId);
      if (!(await repo.update(tx, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      const data = Object.fromEntries(changed.map((f) => [f, fields[f]]));
      await audit(tx, ctx, 'employee.updated', { type: 'employee', id }, { changed: data });
    })
    .catch((err) => {
      throw emailTaken(err);
    });
  return getEmployee(ctx, id);
}

/**
 * Deactivates an employee: they can no longer sign in and every session of theirs ends at once,
 * in the same transaction (S5). Their hours, declarations and the rest stay.
 * @throws EMPLOYEE_NOT_FOUND, STALE_VERSION, FORBIDDEN, EMPLOYEE_SELF, EMPLOYEE_DELETED
 */
export async function deactivateEmployee(ctx: Ctx, id: number, version: number): Promise<Employee> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const row = await findOrThrow(ctx, tx, id, true);
    if (row.version !== version) throw new AppError('STALE_VERSION');
    assertAbility(employeeAbilities(row, viewerOf(ctx.actor)), 'canDeactivate');
    if (!(await repo.setDeleted(tx, id, version, now, now))) throw new AppError('STALE_VERSION');
    await ctx.sessions.destroyAllFor(tx, row.accountId);
    await audit(tx, ctx, 'employee.deactivated', { type: 'employee', id }, { email: row.email });
  });
  return getEmployee(ctx, id);
}

/** Restores a deactivated employee: their account may sign in again. @throws EMPLOYEE_NOT_FOUND, STALE_VERSION, FORBIDDEN, EMPLOYEE_NOT_DELETED */
export async function restoreEmployee(ctx: Ctx, id: number, version: number): Promise<Employee> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const row = await findOrThrow(ctx, tx, id, true);
    if (row.version !== version) throw new AppError('STALE_VERSION');
    assertAbility(employeeAbilities(row, viewerOf(ctx.actor)), 'canRestore');
    if (!(await repo.setDeleted(tx, id, version, null, now))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'employee.restored', { type: 'employee', id }, { email: row.email });
  });
  return getEmployee(ctx, id);
}

/** Ends every session of the employee at once (S7), one's own included. @throws EMPLOYEE_NOT_FOUND, FORBIDDEN */
export async function endSessions(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const row = await findOrThrow(ctx, tx, id, true);
    assertAbility(employeeAbilities(row, viewerOf(ctx.actor)), 'canEndSessions');
    await ctx.sessions.destroyAllFor(tx, row.accountId);
    await audit(tx, ctx, 'employee.sessions_ended', { type: 'employee', id });
  });
}

/**
 * Mails the invitation again (a new link; earlier ones stay valid until they expire), only while
 * no password was set. @throws EMPLOYEE_NOT_FOUND, FORBIDDEN, EMPLOYEE_DELETED, INVITATION_ACCEPTED
 */
export async function resendInvitation(ctx: Ctx, id: number): Promise<Employee> {
  const accountId = await ctx.db.orm.transaction(async (tx) => {
    const row = await findOrThrow(ctx, tx, id, true);
    assertAbility(employeeAbilities(row, viewerOf(ctx.actor)), 'canResendInvitation');
    await audit(tx, ctx, 'employee.invited', { type: 'employee', id });
    return row.accountId;
  });
  await sendInvitation(ctx, accountId);
  return invitationSent(await getEmployee(ctx, id));
}

function toMobile(r: repo.EmployeeRow, ctx: Ctx): MobileSettings {
  const a = employeeAbilities(r, viewerOf(ctx.actor));
  return {
    employeeId: r.id,
    selfService: { bookHours: r.mobileBookHours, overnights: r.mobileOvernights, planner: r.mobilePlanner },
    version: r.version,
    abilities: { canEdit: a.canEditMobile, reasons: a.reasons.canEditMobile ? { canEdit: a.reasons.canEditMobile } : {} },
  };
}

/** One's own mobile settings, or anyone's with manageEmployees. @throws EMPLOYEE_NOT_FOUND */
export async function getMobileSettings(ctx: Ctx, id: number): Promise<MobileSettings> {
  const row = await findOrThrow(ctx, ctx.db.orm, id);
  // Others' profiles are visible with viewEmployees; their mobile settings only to whoever keeps them.
  if (!isOwnRecord(viewerOf(ctx.actor), id) && partVerdict(viewerOf(ctx.actor), 'manageEmployees') !== true) {
    throw new AppError('FORBIDDEN');
  }
  return toMobile(row, ctx);
}

/**
 * Saves what the person may do themselves; it applies to their next request (the actor is loaded
 * per request). @throws EMPLOYEE_NOT_FOUND, STALE_VERSION, FORBIDDEN, EMPLOYEE_DELETED
 */
export async function updateMobileSettings(ctx: Ctx, id: number, input: MobileSettingsUpdate): Promise<MobileSettings> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const row = await findOrThrow(ctx, tx, id, true);
    if (row.version !== input.version) throw new AppError('STALE_VERSION');
    assertAbility(employeeAbilities(row, viewerOf(ctx.actor)), 'canEditMobile');
    const settings = { bookHours: input.bookHours, overnights: input.overnights, planner: input.planner };
    if (!(await repo.setMobile(tx, id, input.version, settings, now))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'employee.mobile_settings_updated', { type: 'employee', id }, settings);
  });
  return getMobileSettings(ctx, id);
}
