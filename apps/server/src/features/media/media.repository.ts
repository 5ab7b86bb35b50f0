import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { media } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;

export async function insert(db: DbOrTx, row: typeof media.$inferInsert): Promise<MediaRow> {
  const rows = await db.insert(media).values(row).returning();
  const r = rows[0];
  if (!r) throw new Error('media insert returned nothing');
  return r;
}

export async function find(db: DbOrTx, id: number): Promise<MediaRow | null> {
  const rows = await db.select().from(media).where(eq(media.id, id));
  return rows[0] ?? null;
}

export async function findMany(db: DbOrTx, ids: readonly number[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(inArray(media.id, [...ids]));
}

/** True when the file belongs to a published product: then anyone may see it (the public catalogue). */
export async function isPublic(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.execute<{ ok: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM product_media pm JOIN products p ON p.id = pm.product_id
       WHERE pm.media_id = ${id} AND p.published
      UNION ALL
      SELECT 1 FROM products p
       WHERE p.published AND (p.tearsheet_media_id = ${id} OR p.header_media_id = ${id} OR p.extended_media_id = ${id})
    ) AS ok`);
  return (rows as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok === true;
}
