import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { joinedPersonNameSql, personSortSql } from './names';
import { intArray, query } from './sql';

/**
 * Named approvers, shared by the records that wait for a company's decision (a drawing, an order's
 * design): who may be named (a user of the record's company who can sign in) and the record's
 * list of named accounts (drawing_approvers, order_approvers). How a vote is recorded is the
 * record's own (a drawing's decision comments, an order's events): see each feature's
 * approvers repository. Callers have found the record in the actor's reach first.
 */

/** The tables of named approvers: the record's key column in each. */
const TABLES = {
  drawing: { table: sql.raw('drawing_approvers'), key: sql.raw('drawing_id') },
  order: { table: sql.raw('order_approvers'), key: sql.raw('order_id') },
} as const satisfies Record<string, { table: SQL; key: SQL }>;
export type ApproverRecord = keyof typeof TABLES;

/** A company user who can sign in (active, invitation accepted), `a` being the account: who may be named. */
const approverAccount = sql`a.status = 'active' AND a.password_hash IS NOT NULL`;

/** The company's users who can be named approvers, by name. */
export async function approverChoices(db: DbOrTx, companyId: number): Promise<{ id: number; name: string }[]> {
  const rows = await query<{ id: number; name: string }>(
    db,
    sql`SELECT a.id, ${joinedPersonNameSql('cu')} AS name
          FROM company_users cu JOIN accounts a ON a.company_user_id = cu.id
         WHERE cu.company_id = ${companyId} AND ${approverAccount}
         ORDER BY ${personSortSql('cu')}, a.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name ?? '' }));
}

/** Of these accounts, those that may be named approvers of the company's records. */
export async function validApprovers(db: DbOrTx, companyId: number, accountIds: readonly number[]): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT a.id FROM accounts a JOIN company_users cu ON cu.id = a.company_user_id
         WHERE a.id = ANY(${intArray(accountIds)}) AND cu.company_id = ${companyId} AND ${approverAccount}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** The accounts named on the record. */
export async function namedApproverIds(db: DbOrTx, record: ApproverRecord, id: number): Promise<number[]> {
  const t = TABLES[record];
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT account_id AS id FROM ${t.table} WHERE ${t.key} = ${id} ORDER BY account_id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Names exactly these accounts on the record. */
export async function replaceNamedApprovers(
  db: DbOrTx,
  record: ApproverRecord,
  id: number,
  accountIds: readonly number[],
): Promise<void> {
  const t = TABLES[record];
  await query(db, sql`DELETE FROM ${t.table} WHERE ${t.key} = ${id} AND NOT (account_id = ANY(${intArray(accountIds)}))`);
  if (accountIds.length) {
    await query(
      db,
      sql`INSERT INTO ${t.table} (${t.key}, account_id)
          SELECT ${id}, x FROM unnest(${intArray(accountIds)}) AS x ON CONFLICT DO NOTHING`,
    );
  }
}

/**
 * Which of the wanted approvers may be named on a record of the company: each must be a user of
 * the company who can sign in, or one named already (who stays while the company is the same).
 * False when one is not.
 */
export async function approversAllowed(
  db: DbOrTx,
  companyId: number,
  wanted: readonly number[],
  alreadyNamed: readonly number[],
): Promise<boolean> {
  if (wanted.length === 0) return true;
  const valid = await validApprovers(db, companyId, wanted);
  return wanted.every((a) => valid.has(a) || alreadyNamed.includes(a));
}
