import type {
  CompanyPost,
  CompanyPostInput,
  CompanyPostListQuery,
  CompanyPostUpdate,
  PortalPost,
} from '@app/shared/companies/company-posts';
import { permissionVerdict, toAbilities } from '@app/shared/platform/abilities';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/rich-text';
import * as mediaRepo from '../media/media.repository';
import { mediaByIds } from '../media/media.service';
import { companyAccounts } from '../notifications/notifications.repository';
import { notify } from '../notifications/notifications.service';
import * as companiesRepo from './companies.repository';
import * as repo from './company-posts.repository';

async function toPosts(ctx: Ctx, rows: repo.PostRow[]): Promise<CompanyPost[]> {
  const now = ctx.clock();
  const media = await mediaByIds(
    ctx.db.orm,
    rows.flatMap((r) => (r.imageMediaId === null ? [] : [r.imageMediaId])),
  );
  const byId = new Map(media.map((m) => [m.id, m]));
  const manage = permissionVerdict(viewerOf(ctx.actor), 'companies.manage');
  return rows.map((r) => ({
    id: r.id,
    companyId: r.companyId,
    title: r.title,
    body: r.bodyHtml,
    image: r.imageMediaId === null ? null : (byId.get(r.imageMediaId) ?? null),
    status: r.status,
    publishAt: r.publishAt ? r.publishAt.toISOString() : null,
    scheduled: r.status === 'published' && r.publishAt !== null && r.publishAt > now,
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
    abilities: toAbilities({ canEdit: manage, canDelete: manage }),
  }));
}

async function assertCompany(ctx: Ctx, db: DbOrTx, companyId: number) {
  if (!(await companiesRepo.find(db, ctx.actor, companyId, { archived: true }))) throw new AppError('COMPANY_NOT_FOUND');
}

/** The company's news for the back office, newest first. @throws COMPANY_NOT_FOUND */
export async function listPosts(ctx: Ctx, companyId: number, q: CompanyPostListQuery): Promise<Page<CompanyPost>> {
  const rows = await repo.list(ctx.db.orm, ctx.actor, companyId, q, ctx.clock());
  if (rows.length === 0) await assertCompany(ctx, ctx.db.orm, companyId);
  return { data: await toPosts(ctx, rows), meta: pageMeta(q.page, q.perPage, rows[0]?.total ?? 0) };
}

/** @throws COMPANY_NOT_FOUND, POST_NOT_FOUND */
export async function getPost(ctx: Ctx, companyId: number, id: number): Promise<CompanyPost> {
  const row = await repo.find(ctx.db.orm, ctx.actor, id, ctx.clock(), { companyId });
  if (!row) {
    await assertCompany(ctx, ctx.db.orm, companyId);
    throw new AppError('POST_NOT_FOUND');
  }
  const [post] = await toPosts(ctx, [row]);
  return post as CompanyPost;
}

/**
 * The stored form of a post: the body through the rich-text allowlist (empty is a field error),
 * an image the caller may see, and a publish time (now, when published without one).
 */
async function toFields(ctx: Ctx, db: DbOrTx, input: CompanyPostInput): Promise<repo.PostFields> {
  const bodyHtml = sanitizeRichText(input.body);
  const errors: Record<string, { code: string }> = {};
  if (!bodyHtml) errors.body = { code: 'required' };
  const imageMediaId = input.imageMediaId ?? null;
  if (imageMediaId !== null) {
    if (!(await mediaRepo.isVisible(db, ctx.actor, imageMediaId))) errors.imageMediaId = { code: 'not_found' };
  }
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
  const status = input.status ?? 'draft';
  const publishAt = input.publishAt ? new Date(input.publishAt) : status === 'published' ? ctx.clock() : null;
  return { title: input.title, bodyHtml, imageMediaId, status, publishAt };
}

/** The job that tells the company's users about posts whose time has come (every minute, and at once after a post is published now). */
export const POSTS_NOTIFY_JOB = 'posts.notify';

/**
 * A post published with a time that has come is told at once instead of at the next minute's run.
 * The post is saved by then: a queue that cannot take the job is logged, and the minute's run tells it.
 */
async function notifyIfDue(ctx: Ctx, post: CompanyPost): Promise<void> {
  if (post.status !== 'published' || !post.publishAt || Date.parse(post.publishAt) > ctx.clock().getTime()) return;
  try {
    await ctx.jobs.send(POSTS_NOTIFY_JOB, {});
  } catch (err) {
    ctx.log.warn({ err, postId: post.id }, 'could not queue the news notification; the next minute tells it');
  }
}

/** @throws COMPANY_NOT_FOUND, VALIDATION_FAILED */
export async function createPost(ctx: Ctx, companyId: number, input: CompanyPostInput): Promise<CompanyPost> {
  const now = ctx.clock();
  const id = await ctx.db.orm.transaction(async (tx) => {
    await assertCompany(ctx, tx, companyId);
    const fields = await toFields(ctx, tx, input);
    const id = await repo.insert(tx, companyId, fields, signedInAccountId(ctx.actor), now);
    await audit(
      tx,
      ctx,
      'company_post.created',
      { type: 'company_post', id },
      { companyId, title: fields.title, status: fields.status },
    );
    return id;
  });
  const post = await getPost(ctx, companyId, id);
  await notifyIfDue(ctx, post);
  return post;
}

async function lockForChange(ctx: Ctx, tx: DbOrTx, companyId: number, id: number, version: number) {
  const row = await repo.find(tx, ctx.actor, id, ctx.clock(), { companyId, lock: true });
  if (!row) {
    await assertCompany(ctx, tx, companyId);
    throw new AppError('POST_NOT_FOUND');
  }
  if (row.version !== version) throw new AppError('STALE_VERSION');
  return row;
}

/** @throws COMPANY_NOT_FOUND, POST_NOT_FOUND, STALE_VERSION, VALIDATION_FAILED */
export async function updatePost(ctx: Ctx, companyId: number, id: number, input: CompanyPostUpdate): Promise<CompanyPost> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const before = await lockForChange(ctx, tx, companyId, id, input.version);
    const fields = await toFields(ctx, tx, input);
    // A post published before keeps its publish time unless another one is sent.
    if (fields.status === 'published' && !input.publishAt && before.status === 'published' && before.publishAt) {
      fields.publishAt = before.publishAt;
    }
    if (!(await repo.update(tx, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'company_post.updated',
      { type: 'company_post', id },
      { companyId, title: fields.title, status: fields.status },
    );
  });
  const post = await getPost(ctx, companyId, id);
  await notifyIfDue(ctx, post);
  return post;
}

/** @throws COMPANY_NOT_FOUND, POST_NOT_FOUND, STALE_VERSION */
export async function deletePost(ctx: Ctx, companyId: number, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const row = await lockForChange(ctx, tx, companyId, id, version);
    if (!(await repo.remove(tx, id, version))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'company_post.deleted', { type: 'company_post', id }, { companyId, title: row.title });
  });
}

async function toPortal(ctx: Ctx, rows: repo.PostRow[]): Promise<PortalPost[]> {
  const posts = await toPosts(ctx, rows);
  return posts.map((p) => ({
    id: p.id,
    title: p.title,
    body: p.body,
    image: p.image
      ? { thumbUrl: p.image.thumbUrl, largeUrl: p.image.largeUrl, width: p.image.width, height: p.image.height }
      : null,
    publishAt: p.publishAt ?? '',
  }));
}

/** The portal's news: the company's published posts whose time has come, newest first. */
export async function listPortalPosts(ctx: Ctx, q: { page: number; perPage: number }): Promise<Page<PortalPost>> {
  if (ctx.actor.kind !== 'client') throw new AppError('FORBIDDEN');
  const rows = await repo.list(ctx.db.orm, ctx.actor, ctx.actor.companyId, { ...q, status: 'published' }, ctx.clock());
  return { data: await toPortal(ctx, rows), meta: pageMeta(q.page, q.perPage, rows[0]?.total ?? 0) };
}

/** @throws POST_NOT_FOUND */
export async function getPortalPost(ctx: Ctx, id: number): Promise<PortalPost> {
  const row = await repo.find(ctx.db.orm, ctx.actor, id, ctx.clock());
  if (!row) throw new AppError('POST_NOT_FOUND');
  const [post] = await toPortal(ctx, [row]);
  return post as PortalPost;
}

/**
 * Tells the company's users about each post whose publish time has come and that was not told
 * yet (a job every minute; scheduled posts are told when their time comes). Each post once, also
 * with two app processes (SKIP LOCKED). Answers how many posts were told.
 */
export async function notifyDuePosts(db: DbOrTx, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await repo.lockDueUnnotified(tx, now);
    for (const p of due) {
      await notify(
        tx,
        await companyAccounts(tx, p.companyId),
        { kind: 'post.published', data: { postId: p.id, title: p.title }, link: `/news/${p.id}` },
        now,
      );
      await repo.markNotified(tx, p.id, now);
    }
    return due.length;
  });
}
