import type { Locale } from '@app/shared/platform/locale';
import type { InvitationState } from '@app/shared/users/employees.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { personNameSql, personSortSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike, query } from '../../platform/sql';

// Every read here ANDs scope.employeeRecord(actor, e.id, 'viewEmployees'): one's own profile, or
// everyone's with a right that keeps part of a record; the portal view none. A profile outside it
// is simply not found (404 EMPLOYEE_NOT_FOUND, the same as a missing id).

export interface EmployeeRow {
  id: number;
  firstName: string;
  insertion: string | null;
  lastName: string;
  name: string;
  email: string;
  privateEmail: string | null;
  phone: string | null;
  function: string | null;
  supplierNumber: string | null;
  exactId: string | null;
  roleId: number | null;
  roleName: string | null;
  locale: Locale;
  invitation: InvitationState;
  lastLoginAt: string | null;
  deletedAt: string | null;
  expiring: boolean;
  mobileBookHours: boolean;
  mobileOvernights: boolean;
  mobilePlanner: boolean;
  version: number;
  accountId: number;
  /** Only in a list: how many rows match. */
  total?: number;
}

const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const name = personNameSql('e');

/**
 * True when one of the employee's documents expires, or their contract ends, on or before `limit`
 * (today + EXPIRY_WARNING_DAYS), and it was not replaced: no other document of that type runs
 * longer, no later contract started. Already expired or ended ones count while they are the latest.
 */
export function expiringSql(employeeId: SQL, limit: string): SQL {
  return sql`(EXISTS (
      SELECT 1 FROM employee_documents d_exp
       WHERE d_exp.employee_id = ${employeeId} AND d_exp.expires_on <= ${limit}::date
         AND NOT EXISTS (SELECT 1 FROM employee_documents d_new
                          WHERE d_new.employee_id = d_exp.employee_id AND d_new.type = d_exp.type AND d_new.id <> d_exp.id
                            AND (d_new.expires_on IS NULL OR d_new.expires_on > ${limit}::date)))
    OR EXISTS (
      SELECT 1 FROM employee_contracts c_exp
       WHERE c_exp.employee_id = ${employeeId} AND c_exp.ends_on <= ${limit}::date
         AND NOT EXISTS (SELECT 1 FROM employee_contracts c_new
                          WHERE c_new.employee_id = c_exp.employee_id AND c_new.id <> c_exp.id
                            AND c_new.starts_on > c_exp.starts_on)))`;
}

/** The employee columns; `withTotal` adds the matching rows' count (a window, so never with FOR UPDATE). */
function select(where: SQL, limit: string, tail: SQL = sql``, withTotal = false): SQL {
  return sql`SELECT e.id, e.first_name AS "firstName", e.insertion, e.last_name AS "lastName", ${name} AS name,
                    a.email, e.private_email AS "privateEmail", e.phone, e.function, e.supplier_number AS "supplierNumber",
                    e.exact_id AS "exactId", e.role_id AS "roleId", r.name AS "roleName", a.locale,
                    CASE WHEN a.password_hash IS NOT NULL THEN 'accepted'
                         WHEN EXISTS (SELECT 1 FROM auth_tokens t WHERE t.account_id = a.id AND t.kind = 'invite') THEN 'pending'
                         ELSE 'none' END AS invitation,
                    ${iso('a.last_login_at')} AS "lastLoginAt", ${iso('e.deleted_at')} AS "deletedAt",
                    ${expiringSql(sql.raw('e.id'), limit)} AS expiring,
                    e.mobile_book_hours AS "mobileBookHours", e.mobile_overnights AS "mobileOvernights",
                    e.mobile_planner AS "mobilePlanner", e.version, a.id AS "accountId"
                    ${withTotal ? sql`, count(*) OVER ()::int AS total` : sql``}
               FROM employees e
               JOIN accounts a ON a.employee_id = e.id
               LEFT JOIN roles r ON r.id = e.role_id
              WHERE ${where} ${tail}`;
}

const inReach = (actor: Actor) => scope.employeeRecord(actor, sql.raw('e.id'), 'viewEmployees');

const SORTS: Record<string, SQL> = {
  name: sql`${personSortSql('e')} ASC`,
  '-name': sql`${personSortSql('e')} DESC`,
  email: sql`lower(a.email) ASC`,
  '-email': sql`lower(a.email) DESC`,
  function: sql`lower(coalesce(e.function, '')) ASC`,
  '-function': sql`lower(coalesce(e.function, '')) DESC`,
  lastLogin: sql`a.last_login_at ASC NULLS FIRST`,
  '-lastLogin': sql`a.last_login_at DESC NULLS LAST`,
};

/** The employees of a tab (active or deactivated), searched (name, e-mail, function), sorted and paged: one statement. */
export async function list(
  db: DbOrTx,
  actor: Actor,
  q: { page: number; perPage: number; q?: string | undefined; sort: string; tab: 'active' | 'deleted' },
  limit: string,
): Promise<{ rows: EmployeeRow[]; total: number }> {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  const tab = q.tab === 'deleted' ? sql`e.deleted_at IS NOT NULL` : sql`e.deleted_at IS NULL`;
  const search = term ? sql` AND (${name} ILIKE ${term} OR a.email ILIKE ${term} OR e.function ILIKE ${term})` : sql``;
  const where = sql`${tab} AND ${inReach(actor)}${search}`;
  const order = SORTS[q.sort] ?? SORTS.name ?? sql`e.id`;
  const rows = await query<EmployeeRow>(
    db,
    select(where, limit, sql`ORDER BY ${order}, e.id LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`, true),
  );
  if (rows.length === 0 && q.page > 1) {
    const count = await query<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM employees e JOIN accounts a ON a.employee_id = e.id WHERE ${where}`,
    );
    return { rows, total: count[0]?.n ?? 0 };
  }
  return { rows, total: rows[0]?.total ?? 0 };
}

/** One employee the actor may see (deactivated ones too); `lock` takes the employee and account rows for a change. */
export async function find(db: DbOrTx, actor: Actor, id: number, limit: string, lock = false): Promise<EmployeeRow | null> {
  const rows = await query<EmployeeRow>(
    db,
    select(sql`e.id = ${id} AND ${inReach(actor)}`, limit, lock ? sql`FOR UPDATE OF e, a` : sql``),
  );
  return rows[0] ?? null;
}

/** The roles to pick, by name. */
export async function roleOptions(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return query(db, sql`SELECT r.id, r.name FROM roles r ORDER BY lower(r.name), r.id`);
}

export async function roleExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await query<{ id: number }>(db, sql`SELECT r.id FROM roles r WHERE r.id = ${id}`);
  return rows.length > 0;
}

export interface EmployeeFields {
  firstName: string;
  insertion: string | null;
  lastName: string;
  email: string;
  privateEmail: string | null;
  phone: string | null;
  function: string | null;
  supplierNumber: string | null;
  roleId: number | null;
  exactId: string | null;
  locale: Locale;
}

/** Adds the employee and their account (no password yet: the invitation sets it). */
export async function insert(db: DbOrTx, f: EmployeeFields, now: Date): Promise<{ id: number; accountId: number }> {
  const at = now.toISOString();
  const rows = await query<{ id: number; accountId: number }>(
    db,
    sql`WITH e AS (
          INSERT INTO employees (first_name, insertion, last_name, private_email, phone, function, supplier_number, exact_id,
                                 role_id, created_at, updated_at)
          VALUES (${f.firstName}, ${f.insertion}, ${f.lastName}, ${f.privateEmail}, ${f.phone}, ${f.function},
                  ${f.supplierNumber}, ${f.exactId}, ${f.roleId}, ${at}::timestamptz, ${at}::timestamptz)
          RETURNING id)
        INSERT INTO accounts (email, guardable_type, employee_id, locale, first_login, created_at, updated_at)
        SELECT ${f.email}, 'employee', e.id, ${f.locale}, true, ${at}::timestamptz, ${at}::timestamptz FROM e
        RETURNING employee_id AS id, id AS "accountId"`,
  );
  const row = rows[0];
  if (!row) throw new Error('employee insert returned no row');
  return row;
}

/** Writes the employee's fields and their account's e-mail and language when the version matches. */
export async function update(db: DbOrTx, id: number, version: number, f: EmployeeFields, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE employees
           SET first_name = ${f.firstName}, insertion = ${f.insertion}, last_name = ${f.lastName},
               private_email = ${f.privateEmail}, phone = ${f.phone}, function = ${f.function},
               supplier_number = ${f.supplierNumber}, exact_id = ${f.exactId}, role_id = ${f.roleId},
               version = version + 1, updated_at = ${at}::timestamptz
         WHERE id = ${id} AND version = ${version}
        RETURNING id`,
  );
  if (rows.length === 0) return false;
  await query(
    db,
    sql`UPDATE accounts SET email = ${f.email}, locale = ${f.locale}, updated_at = ${at}::timestamptz WHERE employee_id = ${id}`,
  );
  return true;
}

/** Deactivates (a time) or restores (null) the employee and disables or enables their account, when the version matches. */
export async function setDeleted(db: DbOrTx, id: number, version: number, deletedAt: Date | null, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE employees SET deleted_at = ${deletedAt ? deletedAt.toISOString() : null}::timestamptz,
               version = version + 1, updated_at = ${at}::timestamptz
         WHERE id = ${id} AND version = ${version}
        RETURNING id`,
  );
  if (rows.length === 0) return false;
  await query(
    db,
    sql`UPDATE accounts SET status = ${deletedAt ? 'disabled' : 'active'}, updated_at = ${at}::timestamptz
         WHERE employee_id = ${id}`,
  );
  return true;
}

/** Writes the mobile settings when the version matches. */
export async function setMobile(
  db: DbOrTx,
  id: number,
  version: number,
  s: { bookHours: boolean; overnights: boolean; planner: boolean },
  now: Date,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE employees SET mobile_book_hours = ${s.bookHours}, mobile_overnights = ${s.overnights},
               mobile_planner = ${s.planner}, version = version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND version = ${version}
        RETURNING id`,
  );
  return rows.length > 0;
}

/** The account's password hash (null before the invitation was accepted). */
export async function passwordHash(db: DbOrTx, accountId: number): Promise<string | null> {
  const rows = await query<{ h: string | null }>(db, sql`SELECT password_hash AS h FROM accounts WHERE id = ${accountId}`);
  return rows[0]?.h ?? null;
}
