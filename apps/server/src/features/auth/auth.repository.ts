import type { Locale } from '@app/shared/platform/locale';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, authTokens, companies, companyUsers, employees } from '../../db/schema';

export interface LoginAccount {
  id: number;
  passwordHash: string | null;
  status: string;
  guardableType: string;
  usable: boolean;
}

/**
 * The account behind an e-mail address, with whether its profile can still sign in: an enabled
 * account of an employee who is not deleted, or of a company user whose company is not archived.
 */
export async function findAccountByEmail(db: DbOrTx, email: string): Promise<LoginAccount | null> {
  const rows = await db
    .select({
      id: accounts.id,
      passwordHash: accounts.passwordHash,
      status: accounts.status,
      guardableType: accounts.guardableType,
      employeeDeleted: employees.deletedAt,
      employeeId: employees.id,
      clientId: companyUsers.id,
      companyArchived: companies.deletedAt,
    })
    .from(accounts)
    .leftJoin(employees, eq(employees.id, accounts.employeeId))
    .leftJoin(companyUsers, eq(companyUsers.id, accounts.companyUserId))
    .leftJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(sql`lower(${accounts.email}) = ${email.toLowerCase()}`)
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  const usable =
    r.status === 'active' &&
    (r.guardableType === 'employee'
      ? r.employeeId !== null && r.employeeDeleted === null
      : r.clientId !== null && r.companyArchived === null);
  return { id: r.id, passwordHash: r.passwordHash, status: r.status, guardableType: r.guardableType, usable };
}

export interface MailRecipient {
  id: number;
  email: string;
  locale: Locale;
  firstName: string;
  name: string;
}

export async function findRecipient(db: DbOrTx, accountId: number): Promise<MailRecipient | null> {
  const rows = await db
    .select({
      id: accounts.id,
      email: accounts.email,
      locale: accounts.locale,
      eFirst: employees.firstName,
      eIns: employees.insertion,
      eLast: employees.lastName,
      cFirst: companyUsers.firstName,
      cIns: companyUsers.insertion,
      cLast: companyUsers.lastName,
    })
    .from(accounts)
    .leftJoin(employees, eq(employees.id, accounts.employeeId))
    .leftJoin(companyUsers, eq(companyUsers.id, accounts.companyUserId))
    .where(eq(accounts.id, accountId));
  const r = rows[0];
  if (!r) return null;
  const first = r.eFirst ?? r.cFirst ?? '';
  const name = [first, r.eIns ?? r.cIns, r.eLast ?? r.cLast].filter(Boolean).join(' ');
  return { id: r.id, email: r.email, locale: r.locale === 'en' ? 'en' : 'nl', firstName: first, name };
}

export async function recordLogin(db: DbOrTx, accountId: number, now: Date): Promise<void> {
  await db.update(accounts).set({ lastLoginAt: now }).where(eq(accounts.id, accountId));
}

export async function setPassword(db: DbOrTx, accountId: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(accounts).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(accounts.id, accountId));
}

export async function getPasswordHash(db: DbOrTx, accountId: number): Promise<string | null> {
  const rows = await db.select({ h: accounts.passwordHash }).from(accounts).where(eq(accounts.id, accountId));
  return rows[0]?.h ?? null;
}

export async function setAccountLocale(db: DbOrTx, accountId: number, locale: Locale): Promise<void> {
  await db.update(accounts).set({ locale }).where(eq(accounts.id, accountId));
}

export async function disableFirstLogin(db: DbOrTx, accountId: number): Promise<void> {
  await db.update(accounts).set({ firstLogin: false }).where(eq(accounts.id, accountId));
}

/** Stores a new token (hashed) and retires the account's earlier unused tokens of that kind. */
export async function insertToken(
  db: DbOrTx,
  t: { accountId: number; kind: 'reset' | 'invite'; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: t.now })
    .where(and(eq(authTokens.accountId, t.accountId), eq(authTokens.kind, t.kind), isNull(authTokens.usedAt)));
  await db.insert(authTokens).values({
    accountId: t.accountId,
    kind: t.kind,
    tokenHash: t.tokenHash,
    expiresAt: t.expiresAt,
    createdAt: t.now,
  });
}

/** A live token (unused, unexpired), locked for the rest of the transaction so it is used once. */
export async function findLiveToken(
  db: DbOrTx,
  tokenHash: string,
  kind: 'reset' | 'invite',
  now: Date,
  lock: boolean,
): Promise<{ id: number; accountId: number; expiresAt: Date } | null> {
  const q = db
    .select({ id: authTokens.id, accountId: authTokens.accountId, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    );
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function markTokenUsed(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(authTokens).set({ usedAt: now }).where(eq(authTokens.id, id));
}

/** The company of a company user's account; null for employees. */
export async function companyOfAccount(db: DbOrTx, accountId: number): Promise<number | null> {
  const rows = await db
    .select({ companyId: companyUsers.companyId })
    .from(accounts)
    .innerJoin(companyUsers, eq(companyUsers.id, accounts.companyUserId))
    .where(eq(accounts.id, accountId));
  return rows[0]?.companyId ?? null;
}
