import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { query } from '../../platform/sql';
import { type HrColumns, insertRecord, removeVersioned, toDate, updateVersioned } from './hr-records.repository';

/**
 * Every query of HR documents (what contracts share with them is in hr-records.ts). Each read
 * ANDs `scope.employeeRecord(actor, ..., 'documents')` into its WHERE, so another person's
 * document without documents.manage is simply not found.
 */

export interface DocumentRow {
  id: number;
  employeeId: number;
  fileId: number;
  type: string;
  title: string;
  expiresOn: string | null;
  notes: string;
  version: number;
  createdAt: Date;
}

const columns = sql`d.id, d.employee_id AS "employeeId", d.file_id AS "fileId", d.type, d.title,
  to_char(d.expires_on, 'YYYY-MM-DD') AS "expiresOn", d.notes, d.version, d.created_at AS "createdAt"`;
const inReach = (actor: Actor): SQL => scope.employeeRecord(actor, sql.raw('d.employee_id'), 'documents');

function toRow(r: DocumentRow & { createdAt: Date | string }): DocumentRow {
  return {
    ...r,
    id: Number(r.id),
    employeeId: Number(r.employeeId),
    fileId: Number(r.fileId),
    version: Number(r.version),
    createdAt: toDate(r.createdAt),
  };
}

/** An employee's documents in the actor's reach: soonest expiry first, then those without a date, newest first. */
export async function list(db: DbOrTx, actor: Actor, employeeId: number): Promise<DocumentRow[]> {
  const rows = await query<DocumentRow>(
    db,
    sql`SELECT ${columns} FROM employee_documents d
         WHERE d.employee_id = ${employeeId} AND ${inReach(actor)}
         ORDER BY d.expires_on ASC NULLS LAST, d.id DESC`,
  );
  return rows.map(toRow);
}

/** One document of the employee in the actor's reach, or null. */
export async function find(db: DbOrTx, actor: Actor, employeeId: number, id: number): Promise<DocumentRow | null> {
  const rows = await query<DocumentRow>(
    db,
    sql`SELECT ${columns} FROM employee_documents d
         WHERE d.id = ${id} AND d.employee_id = ${employeeId} AND ${inReach(actor)}`,
  );
  return rows[0] ? toRow(rows[0]) : null;
}

export interface DocumentFields {
  type: string;
  title: string;
  expiresOn: string | null;
  notes: string;
  fileId: number;
}

const values = (f: DocumentFields): HrColumns => [
  ['file_id', sql`${f.fileId}`],
  ['type', sql`${f.type}`],
  ['title', sql`${f.title}`],
  ['expires_on', sql`${f.expiresOn}::date`],
  ['notes', sql`${f.notes}`],
];

export function insert(db: DbOrTx, employeeId: number, f: DocumentFields, createdBy: number | null, now: Date): Promise<number> {
  return insertRecord(db, 'employee_documents', employeeId, values(f), createdBy, now);
}

/** Changes the document when it is still at `version`; false when it is not (changed or removed meanwhile). */
export function update(
  db: DbOrTx,
  employeeId: number,
  id: number,
  version: number,
  f: DocumentFields,
  now: Date,
): Promise<boolean> {
  return updateVersioned(db, 'employee_documents', employeeId, id, version, values(f), now);
}

/** Removes the document when it is still at `version` (its file row stays for the audit). */
export function remove(db: DbOrTx, employeeId: number, id: number, version: number): Promise<boolean> {
  return removeVersioned(db, 'employee_documents', employeeId, id, version);
}

export interface ExpiringDocumentRow {
  id: number;
  employeeId: number;
  employeeName: string;
  type: string;
  title: string;
  date: string;
}

/**
 * Documents of active employees that expired or expire on or before `until`, leaving out one
 * already replaced by a document of the same type that lasts longer (or never expires): the renewed VCA.
 */
export async function expiring(db: DbOrTx, actor: Actor, until: string): Promise<ExpiringDocumentRow[]> {
  const rows = await query<ExpiringDocumentRow>(
    db,
    sql`SELECT d.id, d.employee_id AS "employeeId", ${personNameSql('e')} AS "employeeName", d.type, d.title,
               to_char(d.expires_on, 'YYYY-MM-DD') AS date
          FROM employee_documents d JOIN employees e ON e.id = d.employee_id
         WHERE d.expires_on <= ${until}::date AND e.deleted_at IS NULL AND ${inReach(actor)}
           AND NOT EXISTS (SELECT 1 FROM employee_documents n
                            WHERE n.employee_id = d.employee_id AND n.type = d.type AND n.id <> d.id
                              AND (n.expires_on IS NULL OR n.expires_on > d.expires_on))
         ORDER BY d.expires_on, d.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), employeeId: Number(r.employeeId) }));
}
