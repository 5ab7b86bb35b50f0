import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { intArray, query } from '../../platform/sql';

export interface OrderRow {
  id: number;
  nameNl: string;
  nameEn: string;
  published: boolean;
  thumbId: number | null;
  position: number;
}

const thumb = sql`(SELECT pm.media_id FROM product_media pm WHERE pm.product_id = p.id AND pm.role = 'gallery' ORDER BY pm.position LIMIT 1)`;

/** The overall order (categoryId null) or one category's, first to last. */
export async function items(db: DbOrTx, categoryId: number | null): Promise<OrderRow[]> {
  return categoryId === null
    ? query<OrderRow>(
        db,
        sql`SELECT p.id, p.name_nl AS "nameNl", p.name_en AS "nameEn", p.published, ${thumb} AS "thumbId", p.sort_order AS position
              FROM products p ORDER BY p.sort_order, p.id`,
      )
    : query<OrderRow>(
        db,
        sql`SELECT p.id, p.name_nl AS "nameNl", p.name_en AS "nameEn", p.published, ${thumb} AS "thumbId", o.position
              FROM product_category_order o JOIN products p ON p.id = o.product_id
             WHERE o.category_id = ${categoryId} ORDER BY o.position, p.id`,
      );
}

/**
 * The ids in a scope, in order. No row locks: every writer of a scope's positions (create, delete,
 * move, a save that changes categories) holds the scope's advisory lock, and row locks on all
 * products would deadlock against a save's foreign-key locks.
 */
export async function idsInOrder(db: DbOrTx, categoryId: number | null): Promise<number[]> {
  const rows =
    categoryId === null
      ? await query<{ id: number }>(db, sql`SELECT id FROM products ORDER BY sort_order, id`)
      : await query<{ id: number }>(
          db,
          sql`SELECT product_id AS id FROM product_category_order WHERE category_id = ${categoryId}
               ORDER BY position, product_id`,
        );
  return rows.map((r) => r.id);
}

/**
 * Writes positions 0..n-1 for the ids in the order given, touching only rows whose place changes.
 * Half-way states may repeat a position; the deferred unique constraints check the end state (D5).
 */
export async function writeOrder(db: DbOrTx, categoryId: number | null, ids: readonly number[]): Promise<void> {
  const positions = ids.map((_, i) => i);
  if (categoryId === null) {
    await db.execute(sql`
      UPDATE products p SET sort_order = v.pos
        FROM unnest(${intArray(ids)}, ${intArray(positions)}) AS v(id, pos)
       WHERE p.id = v.id AND p.sort_order <> v.pos`);
  } else {
    await db.execute(sql`
      UPDATE product_category_order o SET position = v.pos
        FROM unnest(${intArray(ids)}, ${intArray(positions)}) AS v(id, pos)
       WHERE o.category_id = ${categoryId} AND o.product_id = v.id AND o.position <> v.pos`);
  }
}
