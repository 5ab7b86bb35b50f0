import type { DeclarationSort } from '@app/shared/declarations/declarations';
import type { DeclarationStatus } from '@app/shared/declarations/declarations.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type Actor, readerLocale } from '../../platform/actor';
import { personNameSql, shownNameSql } from '../../platform/names';
import { attachedSql, scope } from '../../platform/scope';
import { escapeLike, query } from '../../platform/sql';

/**
 * Every query of declarations. Reads and changes AND `scope.employeeRecord(..., 'hours')` into
 * their WHERE (the table is aliased `d`), so another person's declaration is simply not found
 * without the hours rights: own rows for everyone, all rows with PEOPLE_RIGHTS.hours.
 */

const inReach = (actor: Actor): SQL => scope.employeeRecord(actor, sql.raw('d.employee_id'), 'hours');
export const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The name of the employee behind an account (who decided), or null. */
export function deciderName(col: string): SQL {
  return sql`(SELECT ${personNameSql('e_dec')} FROM accounts a_dec JOIN employees e_dec ON e_dec.id = a_dec.employee_id
               WHERE a_dec.id = ${sql.raw(col)})`;
}

export interface DeclarationRow {
  id: number;
  employeeId: number;
  employeeName: string;
  date: string;
  projectId: number | null;
  projectName: string | null;
  categoryId: number;
  categoryName: string;
  paymentTypeId: number;
  paymentTypeName: string;
  description: string;
  amountCents: number;
  receiptFileId: number;
  status: DeclarationStatus;
  rejectReason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  paidAt: string | null;
  createdAt: string;
  version: number;
}

// The category's and the payment type's names in the reader's language (shownNameSql).
const columns = (
  actor: Actor,
) => sql`d.id, d.employee_id AS "employeeId", ${personNameSql('e')} AS "employeeName", d.date::text AS date,
  d.project_id AS "projectId", p.name AS "projectName", d.category_id AS "categoryId", ${shownNameSql('c', readerLocale(actor))} AS "categoryName",
  d.payment_type_id AS "paymentTypeId", ${shownNameSql('pt', readerLocale(actor))} AS "paymentTypeName", d.description, d.amount_cents AS "amountCents",
  d.receipt_file_id AS "receiptFileId", d.status, d.reject_reason AS "rejectReason", ${deciderName('d.decided_by')} AS "decidedBy",
  ${iso('d.decided_at')} AS "decidedAt", ${iso('d.paid_at')} AS "paidAt", ${iso('d.created_at')} AS "createdAt", d.version`;
const joins = sql`FROM declarations d JOIN employees e ON e.id = d.employee_id LEFT JOIN projects p ON p.id = d.project_id
  JOIN declaration_categories c ON c.id = d.category_id JOIN declaration_payment_types pt ON pt.id = d.payment_type_id`;

const SORTS: Record<DeclarationSort, SQL> = {
  date: sql`d.date ASC, d.id ASC`,
  '-date': sql`d.date DESC, d.id DESC`,
  amount: sql`d.amount_cents ASC, d.id ASC`,
  '-amount': sql`d.amount_cents DESC, d.id DESC`,
  employee: sql`lower(${personNameSql('e')}) ASC, d.date DESC, d.id DESC`,
  '-employee': sql`lower(${personNameSql('e')}) DESC, d.date DESC, d.id DESC`,
};

export interface DeclarationFilter {
  status?: DeclarationStatus | undefined;
  employeeId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  sort: DeclarationSort;
  page: number;
  perPage: number;
}

function where(actor: Actor, f: DeclarationFilter): SQL {
  const parts: SQL[] = [inReach(actor)];
  if (f.status) parts.push(sql`d.status = ${f.status}`);
  if (f.employeeId !== undefined) parts.push(sql`d.employee_id = ${f.employeeId}`);
  if (f.from) parts.push(sql`d.date >= ${f.from}::date`);
  if (f.to) parts.push(sql`d.date <= ${f.to}::date`);
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    parts.push(sql`(d.description ILIKE ${like} OR c.name ILIKE ${like} OR ${personNameSql('e')} ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

/** A page of the declarations in reach, with the count and the sum of every matching one. */
export async function list(
  db: DbOrTx,
  actor: Actor,
  f: DeclarationFilter,
): Promise<{ rows: DeclarationRow[]; total: number; totalCents: number }> {
  const w = where(actor, f);
  const [totals] = await query<{ total: number; totalCents: number }>(
    db,
    sql`SELECT count(*)::int AS total, coalesce(sum(d.amount_cents), 0)::int8 AS "totalCents" ${joins} WHERE ${w}`,
  );
  const rows = await query<DeclarationRow>(
    db,
    sql`SELECT ${columns(actor)} ${joins} WHERE ${w} ORDER BY ${SORTS[f.sort]}
         LIMIT ${f.perPage} OFFSET ${(f.page - 1) * f.perPage}`,
  );
  return { rows, total: totals?.total ?? 0, totalCents: Number(totals?.totalCents ?? 0) };
}

/** One declaration in reach (locked for the transaction with `lock`). */
export async function find(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<DeclarationRow | null> {
  const rows = await query<DeclarationRow>(
    db,
    sql`SELECT ${columns(actor)} ${joins} WHERE d.id = ${id} AND ${inReach(actor)} ${lock ? sql`FOR UPDATE OF d` : sql``}`,
  );
  return rows[0] ?? null;
}

/** True when the employee exists and is in the actor's reach for this part (own, or the part's rights). */
export async function employeeInReach(db: DbOrTx, actor: Actor, employeeId: number, part: 'hours' | 'export'): Promise<boolean> {
  const own = scope.employeeRecord(actor, sql.raw('e.id'), 'hours');
  const reach = part === 'hours' ? own : sql`(${own} OR ${scope.employeeRecord(actor, sql.raw('e.id'), 'export')})`;
  const rows = await query<{ id: number }>(db, sql`SELECT e.id FROM employees e WHERE e.id = ${employeeId} AND ${reach}`);
  return rows.length > 0;
}

/** True when the employee exists and is not deleted (one may file a declaration for them). */
export async function liveEmployee(db: DbOrTx, employeeId: number): Promise<boolean> {
  const rows = await query<{ id: number }>(db, sql`SELECT id FROM employees WHERE id = ${employeeId} AND deleted_at IS NULL`);
  return rows.length > 0;
}

/** True when the project exists and is not deleted. */
export async function liveProject(db: DbOrTx, projectId: number): Promise<boolean> {
  const rows = await query<{ id: number }>(db, sql`SELECT id FROM projects WHERE id = ${projectId} AND deleted_at IS NULL`);
  return rows.length > 0;
}

/** A category or payment type: whether it exists and is active. */
export async function optionState(
  db: DbOrTx,
  table: 'declaration_categories' | 'declaration_payment_types',
  id: number,
): Promise<'active' | 'inactive' | null> {
  const rows = await query<{ active: boolean }>(db, sql`SELECT active FROM ${sql.raw(table)} WHERE id = ${id}`);
  const r = rows[0];
  return r ? (r.active ? 'active' : 'inactive') : null;
}

/**
 * The receipt the account may attach: its own upload, not attached to anything yet; locked, so
 * two declarations at once cannot both take it. Answers its type, or null.
 */
export async function ownUnattachedFile(db: DbOrTx, accountId: number, fileId: number): Promise<{ mime: string } | null> {
  const rows = await query<{ mime: string }>(
    db,
    sql`SELECT f.mime FROM files f WHERE f.id = ${fileId} AND f.created_by = ${accountId} AND NOT ${attachedSql(sql.raw('f.id'))}
         FOR UPDATE`,
  );
  return rows[0] ?? null;
}

export interface DeclarationFields {
  date: string;
  projectId: number | null;
  categoryId: number;
  paymentTypeId: number;
  description: string;
  amountCents: number;
  receiptFileId: number;
}

export async function insert(
  db: DbOrTx,
  employeeId: number,
  f: DeclarationFields,
  createdBy: number | null,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO declarations (employee_id, date, project_id, category_id, payment_type_id, description, amount_cents,
                                  receipt_file_id, created_by, created_at, updated_at)
        VALUES (${employeeId}, ${f.date}::date, ${f.projectId}, ${f.categoryId}, ${f.paymentTypeId}, ${f.description},
                ${f.amountCents}, ${f.receiptFileId}, ${createdBy}, ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned nothing');
  return id;
}

/** Changes a submitted declaration of that version; false when none matched. */
export async function update(
  db: DbOrTx,
  actor: Actor,
  id: number,
  version: number,
  f: DeclarationFields,
  now: Date,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE declarations d SET date = ${f.date}::date, project_id = ${f.projectId}, category_id = ${f.categoryId},
               payment_type_id = ${f.paymentTypeId}, description = ${f.description}, amount_cents = ${f.amountCents},
               receipt_file_id = ${f.receiptFileId}, version = d.version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE d.id = ${id} AND d.version = ${version} AND d.status = 'submitted' AND ${inReach(actor)}
        RETURNING d.id`,
  );
  return rows.length > 0;
}

/** Removes a submitted declaration of that version; false when none matched. */
export async function remove(db: DbOrTx, actor: Actor, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM declarations d WHERE d.id = ${id} AND d.version = ${version} AND d.status = 'submitted' AND ${inReach(actor)}
        RETURNING d.id`,
  );
  return rows.length > 0;
}

/**
 * One decision, one conditional UPDATE: from `expected` to `next`, only when it still is in
 * `expected` and of that version. Of two at once exactly one matches. False when none did.
 */
export async function decide(
  db: DbOrTx,
  actor: Actor,
  d: { id: number; version: number; expected: DeclarationStatus; next: DeclarationStatus; reason: string | null },
  decidedBy: number | null,
  now: Date,
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const set =
    d.next === 'paid' ? sql`paid_at = ${at}` : sql`decided_by = ${decidedBy}, decided_at = ${at}, reject_reason = ${d.reason}`;
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE declarations d SET status = ${d.next}, ${set}, version = d.version + 1, updated_at = ${at}
         WHERE d.id = ${d.id} AND d.status = ${d.expected} AND d.version = ${d.version} AND ${inReach(actor)}
        RETURNING d.id`,
  );
  return rows.length > 0;
}
