import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { joinedPersonNameSql } from '../../platform/names';
import { attachedSql, scope } from '../../platform/scope';
import { intArray, query } from '../../platform/sql';

export type FileRow = typeof files.$inferSelect;

/** A stored file as lists show it: its metadata and who uploaded it (a name, or null when the account is gone). */
export interface FileInfoRow {
  id: number;
  originalName: string;
  mime: string;
  size: number;
  uploadedBy: string | null;
  createdAt: Date;
}

// The table is aliased `f` in every statement below; the scope gets the column spelled out.
const fileId: SQL = sql.raw('f.id');
const infoColumns = sql`f.id, f.original_name AS "originalName", f.mime, f.size,
  ${joinedPersonNameSql('e_up', 'cu_up')} AS "uploadedBy", f.created_at AS "createdAt"`;
const uploaderJoins = sql`LEFT JOIN accounts ac_up ON ac_up.id = f.created_by
  LEFT JOIN employees e_up ON e_up.id = ac_up.employee_id
  LEFT JOIN company_users cu_up ON cu_up.id = ac_up.company_user_id`;

/** Stores one file's metadata; the bytes are already under `storageKey`. */
export async function insert(db: DbOrTx, row: typeof files.$inferInsert): Promise<number> {
  const rows = await db.insert(files).values(row).returning({ id: files.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('files insert returned no id');
  return id;
}

/** Metadata of files by id (any order; unknown ids left out), with the uploader's name. */
export async function infos(db: DbOrTx, ids: readonly number[]): Promise<FileInfoRow[]> {
  if (ids.length === 0) return [];
  const rows = await query<FileInfoRow & { createdAt: Date | string }>(
    db,
    sql`SELECT ${infoColumns} FROM files f ${uploaderJoins} WHERE f.id = ANY(${intArray(ids)})`,
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
}

/**
 * The file with its storage key when the actor may see it (scope.file), else null: a missing
 * file and one outside the actor's reach look the same.
 */
export async function findVisible(db: DbOrTx, actor: Actor, id: number): Promise<FileRow | null> {
  const rows = await query<{
    id: number;
    storageKey: string;
    originalName: string;
    mime: string;
    size: number;
    createdBy: number | null;
    createdAt: Date | string;
  }>(
    db,
    sql`SELECT f.id, f.storage_key AS "storageKey", f.original_name AS "originalName", f.mime, f.size,
               f.created_by AS "createdBy", f.created_at AS "createdAt"
          FROM files f
         WHERE f.id = ${id} AND ${scope.file(actor, fileId)}`,
  );
  const r = rows[0];
  return r ? { ...r, createdAt: new Date(r.createdAt) } : null;
}

/**
 * The ids among `ids` the actor may see (scope.file): what an editor may attach. A file the
 * actor cannot see (someone else's upload not attached yet) cannot be attached by guessing its id.
 */
export async function visibleIds(db: DbOrTx, actor: Actor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT f.id FROM files f WHERE f.id = ANY(${intArray(ids)}) AND ${scope.file(actor, fileId)}`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Removes the rows of files that nothing holds (attachedSql: no project, task, order or drawing holds them) and that were
 * uploaded before `before`: uploads never attached, and files taken off their last record.
 * Answers their storage keys, for the bytes to go too.
 */
export async function removeUnattached(db: DbOrTx, before: Date): Promise<string[]> {
  const rows = await query<{ key: string }>(
    db,
    sql`DELETE FROM files f
         WHERE f.created_at < ${before.toISOString()}::timestamptz
           AND NOT ${attachedSql(fileId)}
        RETURNING f.storage_key AS key`,
  );
  return rows.map((r) => r.key);
}
