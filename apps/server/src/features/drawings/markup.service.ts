import type { DrawingComment, MarkupThread } from '@app/shared/drawings/drawings';
import { drawingVersionAbilities } from '@app/shared/drawings/drawings.rules';
import type { markupCommentInputSchema, markupReplyInputSchema } from '@app/shared/drawings/markup';
import { markupThreadAbilities } from '@app/shared/drawings/markup.rules';
import type * as z from 'zod';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, raced } from '../../platform/errors';
import { sendOwedMails } from '../notifications/notification.jobs';
import { notify } from '../notifications/notifications.service';
import type * as repo from './drawings.repository';
import {
  actingEmployeeId,
  actorName,
  clientLink,
  filesById,
  findVersionOrThrow,
  others,
  staffLink,
  tellOtherSide,
  toComment,
  unattachable,
} from './drawings.service';
import * as markupRepo from './markup.repository';
import { toThreads } from './markup.threads';

/**
 * Markup on a drawing version: comments placed on a page (a pin or a rectangle) or on the version
 * as a whole, threads with replies, resolved and reopened. Whoever may comment on the version
 * (drawingVersionAbilities canComment: the client, staff with projects.manage) may do all of it.
 * A thread placed on an earlier version shows on the later ones while open (carried over);
 * resolving it anywhere resolves the one row. Staff routes pass the project of the path; the
 * portal none (scope.drawing is in every statement).
 */

type CommentInput = z.output<typeof markupCommentInputSchema>;
type ReplyInput = z.output<typeof markupReplyInputSchema>;

function fail(fieldErrors: Record<string, { code: string; params?: Record<string, number> }>): never {
  throw new AppError('VALIDATION_FAILED', { fieldErrors });
}

/**
 * The anchor must fit the version's file: an image has one page; a PDF as many as it has (not
 * known to the server: any page from 1, the viewer offers only real ones); a file without a
 * preview (a ZIP) takes no markup.
 */
function checkAnchor(anchor: CommentInput['anchor'], mime: string | undefined): markupRepo.AnchorRow | null {
  if (!anchor) return null;
  const isImage = mime?.startsWith('image/') ?? false;
  if (!isImage && mime !== 'application/pdf') fail({ anchor: { code: 'not_allowed' } });
  if (isImage && anchor.page !== 1) fail({ 'anchor.page': { code: 'too_big', params: { max: 1 } } });
  return { page: anchor.page, x: anchor.x, y: anchor.y, w: anchor.w ?? null, h: anchor.h ?? null };
}

async function versionForComment(tx: DbOrTx, ctx: Ctx, drawingId: number, versionId: number, projectId?: number) {
  const v = await findVersionOrThrow(tx, ctx, drawingId, versionId, projectId);
  const isLatest = v.number === v.drawing.versionCount;
  assertAbility(drawingVersionAbilities({ status: v.status, isLatest, side: v.side }, viewerOf(ctx.actor)), 'canComment');
  return v;
}

/**
 * A comment (kind note) on any version by either side, with attachments, optionally placed on a
 * page; tells the other side.
 * @throws DRAWING_NOT_FOUND, DRAWING_VERSION_NOT_FOUND, FORBIDDEN, VALIDATION_FAILED (fileIds not_found, anchor)
 */
export async function commentOnVersion(
  ctx: Ctx,
  drawingId: number,
  versionId: number,
  input: CommentInput,
  projectId?: number,
): Promise<DrawingComment> {
  const now = ctx.clock();
  const commentId = await ctx.db.orm
    .transaction(async (tx) => {
      const v = await versionForComment(tx, ctx, drawingId, versionId, projectId);
      const anchor = input.anchor ? checkAnchor(input.anchor, (await filesById(tx, [v.fileId])).get(v.fileId)?.mime) : null;
      const fileIds = input.fileIds ?? [];
      if (await unattachable(tx, ctx, fileIds)) fail({ fileIds: { code: 'not_found' } });
      const id = await markupRepo.insertThreadComment(
        tx,
        {
          drawingId,
          versionId,
          kind: 'note',
          body: input.body,
          parentId: null,
          anchor,
          authorAccountId: signedInAccountId(ctx.actor),
          actingEmployeeId: actingEmployeeId(ctx),
          fileIds,
        },
        now,
      );
      await audit(
        tx,
        ctx,
        'drawing.commented',
        { type: 'drawing', id: drawingId },
        { versionId, commentId: id, ...(anchor ? { page: anchor.page } : {}) },
      );
      await tellOtherSide(tx, ctx, v.drawing, versionId, 'drawing.comment', {
        name: v.drawing.name,
        versionNumber: v.number,
        author: actorName(ctx),
        body: input.body,
      });
      return id;
    })
    .catch((err) => {
      throw raced(err);
    });
  await sendOwedMails(ctx);
  const [comment] = await markupRepo.threadOf(ctx.db.orm, commentId);
  if (!comment) throw new AppError('DRAWING_COMMENT_NOT_FOUND');
  return toComment(comment as repo.CommentRow, await filesById(ctx.db.orm, comment.fileIds));
}

/** The root of the thread a comment belongs to, on this version or an earlier one. @throws DRAWING_COMMENT_NOT_FOUND */
async function rootOf(
  tx: DbOrTx,
  ctx: Ctx,
  v: { drawing: { id: number }; number: number },
  commentId: number,
  projectId?: number,
): Promise<markupRepo.ThreadCommentRow> {
  const at = { drawingId: v.drawing.id, upToNumber: v.number, projectId };
  const found = await markupRepo.findThreadComment(tx, ctx.actor, { ...at, commentId });
  if (!found) throw new AppError('DRAWING_COMMENT_NOT_FOUND');
  if (found.parentId === null) return found;
  // A reply to a reply belongs to the thread of its root.
  const root = await markupRepo.findThreadComment(tx, ctx.actor, { ...at, commentId: found.parentId });
  if (!root) throw new AppError('DRAWING_COMMENT_NOT_FOUND');
  return root;
}

async function threadAnswer(ctx: Ctx, rootId: number, versionId: number): Promise<MarkupThread> {
  const rows = await markupRepo.threadOf(ctx.db.orm, rootId);
  const [thread] = toThreads(
    rows,
    versionId,
    await filesById(
      ctx.db.orm,
      rows.flatMap((r) => r.fileIds),
    ),
    viewerOf(ctx.actor),
  );
  if (!thread) throw new AppError('DRAWING_COMMENT_NOT_FOUND');
  return thread;
}

/**
 * A reply to a thread (to its root when the comment is a reply itself), with attachments; tells
 * the thread's participants of the other side, or the whole other side while none of them wrote.
 * @throws DRAWING_NOT_FOUND, DRAWING_VERSION_NOT_FOUND, DRAWING_COMMENT_NOT_FOUND, FORBIDDEN, VALIDATION_FAILED (fileIds not_found)
 */
export async function replyToThread(
  ctx: Ctx,
  drawingId: number,
  versionId: number,
  commentId: number,
  input: ReplyInput,
  projectId?: number,
): Promise<MarkupThread> {
  const now = ctx.clock();
  const rootId = await ctx.db.orm
    .transaction(async (tx) => {
      const v = await versionForComment(tx, ctx, drawingId, versionId, projectId);
      const root = await rootOf(tx, ctx, v, commentId, projectId);
      assertAbility(markupThreadAbilities({ resolved: root.resolvedAt !== null }, viewerOf(ctx.actor)), 'canReply');
      const fileIds = input.fileIds ?? [];
      if (await unattachable(tx, ctx, fileIds)) fail({ fileIds: { code: 'not_found' } });
      // The reply lives with its thread, on the version the thread was placed on.
      const id = await markupRepo.insertThreadComment(
        tx,
        {
          drawingId,
          versionId: root.versionId,
          kind: 'note',
          body: input.body,
          parentId: root.id,
          anchor: null,
          authorAccountId: signedInAccountId(ctx.actor),
          actingEmployeeId: actingEmployeeId(ctx),
          fileIds,
        },
        now,
      );
      await audit(
        tx,
        ctx,
        'drawing.replied',
        { type: 'drawing', id: drawingId },
        { versionId, threadId: root.id, commentId: id },
      );
      const data = { name: v.drawing.name, versionNumber: v.number, author: actorName(ctx), body: input.body };
      const otherSide = ctx.actor.kind === 'client' ? 'staff' : 'client';
      const participants = others(ctx, await markupRepo.threadParticipants(tx, root.id, otherSide));
      if (participants.length === 0) await tellOtherSide(tx, ctx, v.drawing, versionId, 'drawing.comment', data);
      else {
        const d = v.drawing;
        const link = otherSide === 'client' ? clientLink(d.id, versionId) : staffLink(d.projectId, d.id, versionId);
        await notify(tx, participants, { kind: 'drawing.comment', data, link, mail: true }, now);
      }
      return root.id;
    })
    .catch((err) => {
      throw raced(err);
    });
  await sendOwedMails(ctx);
  return threadAnswer(ctx, rootId, versionId);
}

/**
 * Resolves (or reopens) a thread, from the version it was placed on or one it was carried over to:
 * one conditional update, so of two people at once one does it and the other hears it was done.
 * @throws DRAWING_NOT_FOUND, DRAWING_VERSION_NOT_FOUND, DRAWING_COMMENT_NOT_FOUND, FORBIDDEN,
 *   DRAWING_THREAD_RESOLVED (resolving), DRAWING_THREAD_OPEN (reopening)
 */
export async function setThreadResolved(
  ctx: Ctx,
  drawingId: number,
  versionId: number,
  commentId: number,
  resolve: boolean,
  projectId?: number,
): Promise<MarkupThread> {
  const now = ctx.clock();
  const ability = resolve ? 'canResolve' : 'canReopen';
  const rootId = await ctx.db.orm.transaction(async (tx) => {
    const v = await versionForComment(tx, ctx, drawingId, versionId, projectId);
    const root = await rootOf(tx, ctx, v, commentId, projectId);
    const viewer = viewerOf(ctx.actor);
    assertAbility(markupThreadAbilities({ resolved: root.resolvedAt !== null }, viewer), ability);
    const changed = await markupRepo.setResolved(
      tx,
      ctx.actor,
      { drawingId, rootId: root.id, projectId },
      resolve ? { by: signedInAccountId(ctx.actor), at: now } : null,
    );
    // Someone else did it since we read it.
    if (!changed) throw new AppError(resolve ? 'DRAWING_THREAD_RESOLVED' : 'DRAWING_THREAD_OPEN');
    await audit(
      tx,
      ctx,
      resolve ? 'drawing.thread_resolved' : 'drawing.thread_reopened',
      { type: 'drawing', id: drawingId },
      { versionId, threadId: root.id },
    );
    return root.id;
  });
  return threadAnswer(ctx, rootId, versionId);
}
