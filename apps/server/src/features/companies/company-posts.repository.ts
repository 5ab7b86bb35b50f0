import type { PostStatus } from '@app/shared/companies/company-posts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { scope } from '../../platform/scope';
import { query } from '../../platform/sql';

// Every read ANDs scope.companyPost: staff with companies.manage see every post, the portal view
// only its own company's published posts whose time has come.

export interface PostRow {
  id: number;
  companyId: number;
  title: string;
  bodyHtml: string;
  imageMediaId: number | null;
  status: PostStatus;
  publishAt: Date | null;
  version: number;
  updatedAt: Date;
  total?: number;
}

const columns = sql`cp.id, cp.company_id AS "companyId", cp.title, cp.body_html AS "bodyHtml",
  cp.image_media_id AS "imageMediaId", cp.status, cp.publish_at AS "publishAt", cp.version, cp.updated_at AS "updatedAt"`;
const inScope = (actor: Actor, now: Date) =>
  scope.companyPost(actor, sql.raw('cp.company_id'), sql.raw('cp.status'), sql.raw('cp.publish_at'), now);
/** Newest first: drafts (no publish time yet) on top, then by publish time. */
const ORDER = sql`ORDER BY cp.publish_at DESC NULLS FIRST, cp.id DESC`;

const toDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const normalize = (r: PostRow): PostRow => ({ ...r, publishAt: toDate(r.publishAt), updatedAt: toDate(r.updatedAt) as Date });

/** A company's posts, paged, newest first, with the total: one statement. */
export async function list(
  db: DbOrTx,
  actor: Actor,
  companyId: number,
  q: { page: number; perPage: number; status?: PostStatus | undefined; q?: string | undefined },
  now: Date,
): Promise<PostRow[]> {
  const conditions: SQL[] = [sql`cp.company_id = ${companyId}`, inScope(actor, now)];
  if (q.status) conditions.push(sql`cp.status = ${q.status}`);
  if (q.q) conditions.push(sql`cp.title ILIKE ${`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const rows = await query<PostRow>(
    db,
    sql`SELECT ${columns}, count(*) OVER ()::int AS total FROM company_posts cp
         WHERE ${sql.join(conditions, sql` AND `)} ${ORDER}
         LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`,
  );
  return rows.map(normalize);
}

export async function find(db: DbOrTx, actor: Actor, id: number, now: Date, o: { companyId?: number; lock?: boolean } = {}) {
  const rows = await query<PostRow>(
    db,
    sql`SELECT ${columns} FROM company_posts cp
         WHERE cp.id = ${id} AND ${inScope(actor, now)}
               ${o.companyId === undefined ? sql`` : sql`AND cp.company_id = ${o.companyId}`}
         ${o.lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0] ? normalize(rows[0]) : null;
}

export interface PostFields {
  title: string;
  bodyHtml: string;
  imageMediaId: number | null;
  status: PostStatus;
  publishAt: Date | null;
}

export async function insert(db: DbOrTx, companyId: number, f: PostFields, createdBy: number | null, now: Date): Promise<number> {
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO company_posts (company_id, title, body_html, image_media_id, status, publish_at, created_by, created_at, updated_at)
        VALUES (${companyId}, ${f.title}, ${f.bodyHtml}, ${f.imageMediaId}, ${f.status},
                ${f.publishAt ? f.publishAt.toISOString() : null}::timestamptz, ${createdBy},
                ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('post insert returned no id');
  return id;
}

export async function update(db: DbOrTx, id: number, version: number, f: PostFields, now: Date): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE company_posts
           SET title = ${f.title}, body_html = ${f.bodyHtml}, image_media_id = ${f.imageMediaId}, status = ${f.status},
               publish_at = ${f.publishAt ? f.publishAt.toISOString() : null}::timestamptz,
               version = version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND version = ${version}
        RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Up to 100 published posts whose time has come and whose readers were not told yet, locked for
 * this transaction (another process skips them).
 */
export async function lockDueUnnotified(db: DbOrTx, now: Date): Promise<{ id: number; companyId: number; title: string }[]> {
  return query<{ id: number; companyId: number; title: string }>(
    db,
    sql`SELECT id, company_id AS "companyId", title FROM company_posts
         WHERE status = 'published' AND publish_at <= ${now.toISOString()}::timestamptz AND notified_at IS NULL
         ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`,
  );
}

export async function markNotified(db: DbOrTx, id: number, now: Date): Promise<void> {
  await query(db, sql`UPDATE company_posts SET notified_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`);
}

export async function remove(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM company_posts WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}
