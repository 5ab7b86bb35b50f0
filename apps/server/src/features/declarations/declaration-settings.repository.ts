import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { query } from '../../platform/sql';

/**
 * The two settings lists of declarations, the same shape each: categories and payment types.
 * Shared by everyone (the form offers them), so no employee scope; who may change them is the
 * route's access (the hours rights).
 */
export type OptionKind = 'categories' | 'payment-types';

const TABLES: Record<OptionKind, { table: string; column: string }> = {
  categories: { table: 'declaration_categories', column: 'category_id' },
  'payment-types': { table: 'declaration_payment_types', column: 'payment_type_id' },
};
const t = (kind: OptionKind) => sql.raw(TABLES[kind].table);
const used = (kind: OptionKind, idCol: string) =>
  sql`EXISTS (SELECT 1 FROM declarations x WHERE x.${sql.raw(TABLES[kind].column)} = ${sql.raw(idCol)})`;

export interface OptionRow {
  id: number;
  name: string;
  nameEn: string;
  active: boolean;
  inUse: boolean;
  version: number;
}

const columns = (kind: OptionKind) =>
  sql`o.id, o.name, o.name_en AS "nameEn", o.active, ${used(kind, 'o.id')} AS "inUse", o.version`;

/** Every entry by name (inactive ones too with `all`). */
export async function list(db: DbOrTx, kind: OptionKind, all: boolean): Promise<OptionRow[]> {
  return query<OptionRow>(
    db,
    sql`SELECT ${columns(kind)} FROM ${t(kind)} o ${all ? sql`` : sql`WHERE o.active`} ORDER BY lower(o.name), o.id`,
  );
}

export async function find(db: DbOrTx, kind: OptionKind, id: number): Promise<OptionRow | null> {
  const rows = await query<OptionRow>(db, sql`SELECT ${columns(kind)} FROM ${t(kind)} o WHERE o.id = ${id}`);
  return rows[0] ?? null;
}

/** True when another entry has this name (case does not count). */
export async function nameTaken(db: DbOrTx, kind: OptionKind, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT o.id FROM ${t(kind)} o WHERE lower(o.name) = lower(${name}) ${exceptId === null ? sql`` : sql`AND o.id <> ${exceptId}`}`,
  );
  return rows.length > 0;
}

export async function insert(
  db: DbOrTx,
  kind: OptionKind,
  v: { name: string; nameEn: string; active: boolean },
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO ${t(kind)} (name, name_en, active, created_at, updated_at)
        VALUES (${v.name}, ${v.nameEn}, ${v.active}, ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned nothing');
  return id;
}

export async function update(
  db: DbOrTx,
  kind: OptionKind,
  id: number,
  v: { name: string; nameEn: string; active: boolean; version: number },
  now: Date,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE ${t(kind)} o SET name = ${v.name}, name_en = ${v.nameEn}, active = ${v.active}, version = o.version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE o.id = ${id} AND o.version = ${v.version} RETURNING o.id`,
  );
  return rows.length > 0;
}

/** Deletes an unused entry of that version; false when none matched. */
export async function remove(db: DbOrTx, kind: OptionKind, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM ${t(kind)} o WHERE o.id = ${id} AND o.version = ${version} AND NOT ${used(kind, 'o.id')} RETURNING o.id`,
  );
  return rows.length > 0;
}
