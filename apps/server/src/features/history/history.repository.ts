import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { personNameSql } from '../../platform/names';
import { query } from '../../platform/sql';
import type { SubjectKey } from './history.subjects';

export interface HistoryRow {
  id: number;
  at: Date;
  op: 'I' | 'U' | 'D';
  source: string;
  sourceId: string | null;
  changes: Record<string, [unknown, unknown]>;
  event: string | null;
  actorName: string | null;
  actingAs: string | null;
  total: number;
}

/**
 * One page of the changes of these subjects, newest first, each with who made it: the first audit
 * row of the same transaction, the person signed in (an employee's name, a company user's name, else
 * the address) and, for a change made while acting as a company, that company. The page comes with
 * its total as a window count (one statement; record_changes_subject_idx walks it newest first).
 */
export async function page(db: DbOrTx, subjects: readonly SubjectKey[], limit: number, offset: number): Promise<HistoryRow[]> {
  const keys = sql.join(
    subjects.map(([type, id]) => sql`(${type}::text, ${String(id)}::text)`),
    sql`, `,
  );
  const rows = await query<HistoryRow>(
    db,
    sql`SELECT c.id, c.at, c.op, c.source, c.source_id AS "sourceId", c.changes, a.event,
               COALESCE(NULLIF(${personNameSql('e')}, ''), NULLIF(${personNameSql('cu')}, ''), acc.email) AS "actorName",
               CASE WHEN a.acting_employee_account_id IS NOT NULL THEN co.name END AS "actingAs",
               count(*) OVER ()::int AS total
          FROM record_changes c
          LEFT JOIN LATERAL (SELECT al.event, al.account_id, al.acting_employee_account_id, al.company_id
                               FROM audit_log al WHERE al.tx_id = c.tx_id ORDER BY al.id LIMIT 1) a ON true
          LEFT JOIN accounts acc ON acc.id = a.account_id
          LEFT JOIN employees e ON e.id = acc.employee_id
          LEFT JOIN company_users cu ON cu.id = acc.company_user_id
          LEFT JOIN companies co ON co.id = a.company_id
         WHERE (c.subject_type, c.subject_id) IN (${keys})
         ORDER BY c.id DESC
         LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), at: r.at instanceof Date ? r.at : new Date(r.at), total: Number(r.total) }));
}

/** The total alone, for a page past the end. */
export async function count(db: DbOrTx, subjects: readonly SubjectKey[]): Promise<number> {
  const keys = sql.join(
    subjects.map(([type, id]) => sql`(${type}::text, ${String(id)}::text)`),
    sql`, `,
  );
  const rows = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM record_changes c WHERE (c.subject_type, c.subject_id) IN (${keys})`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The value of `column` in row `id` of `table` (a record's parent, an attribute's kind), or null when there is no such row. */
export async function columnValue<T>(db: DbOrTx, table: string, column: string, id: number): Promise<T | null> {
  const rows = await query<{ v: T | null }>(
    db,
    sql`SELECT ${sql.identifier(column)} AS v FROM ${sql.identifier(table)} WHERE id = ${id}`,
  );
  return rows[0]?.v ?? null;
}

/** The accounts of an employee or a company user: their name, email and language changes are the person's too. */
export async function accountIdsOf(db: DbOrTx, column: 'employee_id' | 'company_user_id', id: number): Promise<number[]> {
  const rows = await query<{ id: number }>(db, sql`SELECT id FROM accounts WHERE ${sql.identifier(column)} = ${id}`);
  return rows.map((r) => Number(r.id));
}
