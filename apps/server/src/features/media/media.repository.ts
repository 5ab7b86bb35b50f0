import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { media } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { publishedMedia, scope } from '../../platform/scope';

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

/** Whether the actor may see this stored file (scope.media): an image they may pick for a logo or a post. */
export async function isVisible(db: DbOrTx, actor: Actor, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.id, id), scope.media(actor, media.id)));
  return rows.length > 0;
}

/**
 * A stored file the actor may see (scope.media), with whether anyone may (an image of a
 * published product); null when it is missing or out of the actor's reach.
 */
export async function findVisible(db: DbOrTx, actor: Actor, id: number): Promise<(MediaRow & { isPublic: boolean }) | null> {
  const rows = await db
    .select({ row: media, isPublic: publishedMedia(media.id).mapWith(Boolean) })
    .from(media)
    .where(and(eq(media.id, id), scope.media(actor, media.id)));
  const r = rows[0];
  return r ? { ...r.row, isPublic: r.isPublic } : null;
}
