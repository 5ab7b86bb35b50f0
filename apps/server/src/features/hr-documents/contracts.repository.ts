import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { query } from '../../platform/sql';
import { type HrColumns, insertRecord, removeVersioned, toDate, updateVersioned } from './hr-records.repository';

/**
 * Every query of employment contracts. Each read ANDs `scope.employeeRecord(actor, ..., 'contracts')`
 * into its WHERE, so another person's contract without contracts.manage is simply not found.
 */

export interface ContractRow {
  id: number;
  employeeId: number;
  fileId: number | null;
  startsOn: string;
  endsOn: string | null;
  minutesPerWeek: number;
  notes: string;
  version: number;
  createdAt: Date;
}

const columns = sql`c.id, c.employee_id AS "employeeId", c.file_id AS "fileId",
  to_char(c.starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(c.ends_on, 'YYYY-MM-DD') AS "endsOn",
  c.minutes_per_week AS "minutesPerWeek", c.notes, c.version, c.created_at AS "createdAt"`;
const inReach = (actor: Actor): SQL => scope.employeeRecord(actor, sql.raw('c.employee_id'), 'contracts');

function toRow(r: ContractRow & { createdAt: Date | string }): ContractRow {
  return {
    ...r,
    id: Number(r.id),
    employeeId: Number(r.employeeId),
    fileId: r.fileId === null ? null : Number(r.fileId),
    minutesPerWeek: Number(r.minutesPerWeek),
    version: Number(r.version),
    createdAt: toDate(r.createdAt),
  };
}

/** An employee's contracts in the actor's reach, newest start first. */
export async function list(db: DbOrTx, actor: Actor, employeeId: number): Promise<ContractRow[]> {
  const rows = await query<ContractRow>(
    db,
    sql`SELECT ${columns} FROM employee_contracts c
         WHERE c.employee_id = ${employeeId} AND ${inReach(actor)}
         ORDER BY c.starts_on DESC, c.id DESC`,
  );
  return rows.map(toRow);
}

/** One contract of the employee in the actor's reach, or null. */
export async function find(db: DbOrTx, actor: Actor, employeeId: number, id: number): Promise<ContractRow | null> {
  const rows = await query<ContractRow>(
    db,
    sql`SELECT ${columns} FROM employee_contracts c WHERE c.id = ${id} AND c.employee_id = ${employeeId} AND ${inReach(actor)}`,
  );
  return rows[0] ? toRow(rows[0]) : null;
}

export interface ContractFields {
  startsOn: string;
  endsOn: string | null;
  minutesPerWeek: number;
  fileId: number | null;
  notes: string;
}

const values = (f: ContractFields): HrColumns => [
  ['file_id', sql`${f.fileId}`],
  ['starts_on', sql`${f.startsOn}::date`],
  ['ends_on', sql`${f.endsOn}::date`],
  ['minutes_per_week', sql`${f.minutesPerWeek}`],
  ['notes', sql`${f.notes}`],
];

export function insert(db: DbOrTx, employeeId: number, f: ContractFields, createdBy: number | null, now: Date): Promise<number> {
  return insertRecord(db, 'employee_contracts', employeeId, values(f), createdBy, now);
}

/** Changes the contract when it is still at `version`; false when it is not. */
export function update(
  db: DbOrTx,
  employeeId: number,
  id: number,
  version: number,
  f: ContractFields,
  now: Date,
): Promise<boolean> {
  return updateVersioned(db, 'employee_contracts', employeeId, id, version, values(f), now);
}

/** Removes the contract when it is still at `version` (its file row stays for the audit). */
export function remove(db: DbOrTx, employeeId: number, id: number, version: number): Promise<boolean> {
  return removeVersioned(db, 'employee_contracts', employeeId, id, version);
}

export interface ExpiringContractRow {
  id: number;
  employeeId: number;
  employeeName: string;
  startsOn: string;
  date: string;
  minutesPerWeek: number;
}

/**
 * Contracts of active employees that end on or before `until` (ended, or ending soon) with no
 * later contract of the same person after them: once the next contract is in, nothing needs doing.
 */
export async function expiring(db: DbOrTx, actor: Actor, until: string): Promise<ExpiringContractRow[]> {
  const rows = await query<ExpiringContractRow>(
    db,
    sql`SELECT c.id, c.employee_id AS "employeeId", ${personNameSql('e')} AS "employeeName",
               to_char(c.starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(c.ends_on, 'YYYY-MM-DD') AS date,
               c.minutes_per_week AS "minutesPerWeek"
          FROM employee_contracts c JOIN employees e ON e.id = c.employee_id
         WHERE c.ends_on <= ${until}::date AND e.deleted_at IS NULL AND ${inReach(actor)}
           AND NOT EXISTS (SELECT 1 FROM employee_contracts n
                            WHERE n.employee_id = c.employee_id AND n.id <> c.id
                              AND (n.ends_on IS NULL OR n.ends_on > c.ends_on))
         ORDER BY c.ends_on, c.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    employeeId: Number(r.employeeId),
    minutesPerWeek: Number(r.minutesPerWeek),
  }));
}
