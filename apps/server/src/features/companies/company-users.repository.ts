import type { InvitationState } from '@app/shared/companies/company-users.rules';
import type { Locale } from '@app/shared/platform/locale';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { personNameSql, personSortSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike, query } from '../../platform/sql';

// Every query here ANDs scope.company on the user's company (and names the company in the WHERE):
// another company's user is simply not found.

export interface CompanyUserRow {
  id: number;
  companyId: number;
  firstName: string;
  insertion: string | null;
  lastName: string;
  email: string;
  jobTitle: string | null;
  phone: string | null;
  locale: Locale;
  invitedAt: string | null;
  invitation: InvitationState;
  lastLoginAt: string | null;
  version: number;
  accountId: number;
  /** Only in a list: how many rows match. */
  total?: number;
}

const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const name = personNameSql('cu');

/** The user columns; `withTotal` adds the matching rows' count (a window, so never with FOR UPDATE). */
function select(where: SQL, tail: SQL = sql``, withTotal = false): SQL {
  return sql`SELECT cu.id, cu.company_id AS "companyId", cu.first_name AS "firstName", cu.insertion,
                    cu.last_name AS "lastName", a.email, cu.job_title AS "jobTitle", cu.phone, a.locale,
                    ${iso('cu.invited_at')} AS "invitedAt",
                    CASE WHEN a.password_hash IS NOT NULL THEN 'accepted'
                         WHEN cu.invited_at IS NOT NULL THEN 'pending' ELSE 'none' END AS invitation,
                    ${iso('a.last_login_at')} AS "lastLoginAt", cu.version, a.id AS "accountId"
                    ${withTotal ? sql`, count(*) OVER ()::int AS total` : sql``}
               FROM company_users cu
               JOIN accounts a ON a.company_user_id = cu.id
              WHERE ${where} ${tail}`;
}

const inCompany = (actor: Actor, companyId: number) =>
  sql`cu.company_id = ${companyId} AND ${scope.company(actor, sql.raw('cu.company_id'))}`;

const SORTS: Record<string, SQL> = {
  name: sql`${personSortSql('cu')} ASC`,
  '-name': sql`${personSortSql('cu')} DESC`,
  email: sql`lower(a.email) ASC`,
  '-email': sql`lower(a.email) DESC`,
  lastLogin: sql`a.last_login_at ASC NULLS FIRST`,
  '-lastLogin': sql`a.last_login_at DESC NULLS LAST`,
};

/** The company's users, paged, searched (name, e-mail, job title) and sorted: one statement with the total. */
export async function list(
  db: DbOrTx,
  actor: Actor,
  companyId: number,
  q: { page: number; perPage: number; q?: string | undefined; sort: string },
): Promise<{ rows: CompanyUserRow[]; total: number }> {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  const where = term
    ? sql`${inCompany(actor, companyId)} AND (${name} ILIKE ${term} OR a.email ILIKE ${term} OR cu.job_title ILIKE ${term})`
    : inCompany(actor, companyId);
  const order = SORTS[q.sort] ?? SORTS.name ?? sql`cu.id`;
  const rows = await query<CompanyUserRow>(
    db,
    select(where, sql`ORDER BY ${order}, cu.id LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`, true),
  );
  // A page past the end has no rows to carry the total: count separately (rare).
  if (rows.length === 0 && q.page > 1) {
    const count = await query<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM company_users cu JOIN accounts a ON a.company_user_id = cu.id WHERE ${where}`,
    );
    return { rows, total: count[0]?.n ?? 0 };
  }
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function find(
  db: DbOrTx,
  actor: Actor,
  companyId: number,
  id: number,
  lock = false,
): Promise<CompanyUserRow | null> {
  const rows = await query<CompanyUserRow>(
    db,
    select(sql`cu.id = ${id} AND ${inCompany(actor, companyId)}`, lock ? sql`FOR UPDATE OF cu, a` : sql``),
  );
  return rows[0] ?? null;
}

/** A user's name by id alone (a breadcrumb), within the companies the actor may see. */
export async function findName(db: DbOrTx, actor: Actor, id: number): Promise<string | null> {
  const rows = await query<{ name: string }>(
    db,
    sql`SELECT ${name} AS name FROM company_users cu
         WHERE cu.id = ${id} AND ${scope.company(actor, sql.raw('cu.company_id'))}`,
  );
  return rows[0]?.name ?? null;
}

export interface CompanyUserFields {
  firstName: string;
  insertion: string | null;
  lastName: string;
  email: string;
  jobTitle: string | null;
  phone: string | null;
  locale: Locale;
}

/** Adds the person and their account (no password yet: the invitation sets it). */
export async function insert(
  db: DbOrTx,
  companyId: number,
  f: CompanyUserFields,
  invitedAt: Date | null,
  now: Date,
): Promise<{ id: number; accountId: number }> {
  const rows = await query<{ id: number; accountId: number }>(
    db,
    sql`WITH cu AS (
          INSERT INTO company_users (company_id, first_name, insertion, last_name, job_title, phone, invited_at, created_at, updated_at)
          VALUES (${companyId}, ${f.firstName}, ${f.insertion}, ${f.lastName}, ${f.jobTitle}, ${f.phone},
                  ${invitedAt ? invitedAt.toISOString() : null}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          RETURNING id)
        INSERT INTO accounts (email, guardable_type, company_user_id, locale, first_login, created_at, updated_at)
        SELECT ${f.email}, 'client', cu.id, ${f.locale}, true, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz FROM cu
        RETURNING company_user_id AS id, id AS "accountId"`,
  );
  const row = rows[0];
  if (!row) throw new Error('company user insert returned no row');
  return row;
}

/** Writes the person's fields and their account's e-mail and language when the version matches. */
export async function update(db: DbOrTx, id: number, version: number, f: CompanyUserFields, now: Date): Promise<boolean> {
  if (!(await updatePerson(db, id, version, f, now))) return false;
  await query(
    db,
    sql`UPDATE accounts SET email = ${f.email}, locale = ${f.locale}, updated_at = ${now.toISOString()}::timestamptz
         WHERE company_user_id = ${id}`,
  );
  return true;
}

export async function markInvited(db: DbOrTx, id: number, now: Date): Promise<void> {
  await query(db, sql`UPDATE company_users SET invited_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`);
}

/** Removes the person; their account and sessions go with them (foreign keys cascade). */
export async function remove(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM company_users WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}

/** The company's users who can sign in (or are invited), by last name: the portal's users page. */
export async function listActive(
  db: DbOrTx,
  companyId: number,
): Promise<{ id: number; name: string; jobTitle: string | null; email: string; phone: string | null }[]> {
  return query<{ id: number; name: string; jobTitle: string | null; email: string; phone: string | null }>(
    db,
    sql`SELECT cu.id, ${name} AS name, cu.job_title AS "jobTitle", a.email, cu.phone
          FROM company_users cu JOIN accounts a ON a.company_user_id = cu.id AND a.status = 'active'
         WHERE cu.company_id = ${companyId}
         ORDER BY lower(cu.last_name), lower(cu.first_name), cu.id`,
  );
}

export interface OwnProfileRow {
  id: number;
  firstName: string;
  insertion: string | null;
  lastName: string;
  jobTitle: string | null;
  phone: string | null;
  email: string;
  version: number;
}

/** The company user behind a portal account, in its own company (a company user's own profile). */
export async function findOwn(db: DbOrTx, accountId: number, companyId: number, lock = false): Promise<OwnProfileRow | null> {
  const rows = await query<OwnProfileRow>(
    db,
    sql`SELECT cu.id, cu.first_name AS "firstName", cu.insertion, cu.last_name AS "lastName", cu.job_title AS "jobTitle",
               cu.phone, a.email, cu.version
          FROM accounts a JOIN company_users cu ON cu.id = a.company_user_id
         WHERE a.id = ${accountId} AND cu.company_id = ${companyId}
         ${lock ? sql`FOR UPDATE OF cu` : sql``}`,
  );
  return rows[0] ?? null;
}

/** Writes the person's own fields (not the account's e-mail address or language): a staff edit, and a person's own profile. */
export async function updatePerson(
  db: DbOrTx,
  id: number,
  version: number,
  f: Pick<CompanyUserFields, 'firstName' | 'insertion' | 'lastName' | 'jobTitle' | 'phone'>,
  now: Date,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE company_users
           SET first_name = ${f.firstName}, insertion = ${f.insertion}, last_name = ${f.lastName},
               job_title = ${f.jobTitle}, phone = ${f.phone}, version = version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND version = ${version}
        RETURNING id`,
  );
  return rows.length > 0;
}
