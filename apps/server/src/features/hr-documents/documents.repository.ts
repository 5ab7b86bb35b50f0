import type { PeoplePart } from '@app/shared/people/people.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { attachedSql, scope } from '../../platform/scope';
import { query } from '../../platform/sql';
import { employeeNameSql } from '../users/employees.repository';

/**
 * Every query of HR documents (and the checks contracts share: the employee, the file). Each read
 * ANDs `scope.employeeRecord(actor, ..., 'documents')` into its WHERE, so another person's
 * document without documents.manage is simply not found.
 */

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/** The employee when the actor may read that part of their record (own, or the part's rights), else null. */
export async function employeeInReach(
  db: DbOrTx,
  actor: Actor,
  employeeId: number,
  part: PeoplePart,
): Promise<{ id: number; deleted: boolean } | null> {
  const rows = await query<{ id: number; deleted: boolean }>(
    db,
    sql`SELECT e.id, e.deleted_at IS NOT NULL AS deleted FROM employees e
         WHERE e.id = ${employeeId} AND ${scope.employeeRecord(actor, sql.raw('e.id'), part)}`,
  );
  const r = rows[0];
  return r ? { id: Number(r.id), deleted: Boolean(r.deleted) } : null;
}

/**
 * A file for an HR record, locked until the transaction ends (two records cannot take the same
 * upload at once): its type, whether the signed-in account uploaded it, and whether a record holds it.
 */
export async function lockFile(
  db: DbOrTx,
  fileId: number,
  accountId: number | null,
): Promise<{ mime: string; own: boolean; attached: boolean } | null> {
  const rows = await query<{ mime: string; own: boolean; attached: boolean }>(
    db,
    sql`SELECT f.mime, coalesce(f.created_by = ${accountId}, false) AS own, ${attachedSql(sql.raw('f.id'))} AS attached
          FROM files f WHERE f.id = ${fileId} FOR UPDATE`,
  );
  return rows[0] ?? null;
}

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

export async function insert(
  db: DbOrTx,
  employeeId: number,
  f: DocumentFields,
  createdBy: number | null,
  now: Date,
): Promise<number> {
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO employee_documents (employee_id, file_id, type, title, expires_on, notes, created_by, created_at, updated_at)
        VALUES (${employeeId}, ${f.fileId}, ${f.type}, ${f.title}, ${f.expiresOn}::date, ${f.notes}, ${createdBy},
                ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return Number(rows[0]?.id);
}

/** Changes the document when it is still at `version`; false when it is not (changed or removed meanwhile). */
export async function update(
  db: DbOrTx,
  employeeId: number,
  id: number,
  version: number,
  f: DocumentFields,
  now: Date,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE employee_documents SET file_id = ${f.fileId}, type = ${f.type}, title = ${f.title},
               expires_on = ${f.expiresOn}::date, notes = ${f.notes}, version = version + 1,
               updated_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND employee_id = ${employeeId} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}

/** Removes the document when it is still at `version` (its file row stays for the audit). */
export async function remove(db: DbOrTx, employeeId: number, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM employee_documents WHERE id = ${id} AND employee_id = ${employeeId} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
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
    sql`SELECT d.id, d.employee_id AS "employeeId", ${employeeNameSql('e')} AS "employeeName", d.type, d.title,
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
