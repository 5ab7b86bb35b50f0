import * as z from 'zod';
import { idSchema } from '../platform/http';
import { drawingCommentInputSchema } from './drawings';
import { ANCHOR_SLACK, MAX_ANCHOR_PAGE } from './markup.rules';

// Markup on a drawing version: comments anchored on a page (a pin, or a rectangle), threads with
// replies, resolved and reopened. Under the version's address on both sides:
// /api/projects/:projectId/drawings/:drawingId/versions/:versionId/comments/... (staff) and
// /api/client/drawings/:drawingId/versions/:versionId/comments/... (the portal).

const fraction = z.number().min(0).max(1);

/**
 * Where on the version: the page (1 for an image) and fractions of the page's width and height
 * from its top left corner, so the place stays at any zoom. A pin is x and y; a rectangle also
 * has a width and a height and lies inside the page.
 */
export const markupAnchorInputSchema = z
  .strictObject({
    page: z.number().int().min(1).max(MAX_ANCHOR_PAGE),
    x: fraction,
    y: fraction,
    w: z.number().gt(0).max(1).optional(),
    h: z.number().gt(0).max(1).optional(),
  })
  .superRefine((a, ctx) => {
    if ((a.w === undefined) !== (a.h === undefined)) {
      ctx.addIssue({ code: 'custom', path: [a.w === undefined ? 'w' : 'h'], message: 'required' });
      return;
    }
    if (a.w !== undefined && a.x + a.w > 1 + ANCHOR_SLACK) {
      ctx.addIssue({ code: 'custom', path: ['w'], message: 'outside_page' });
    }
    if (a.h !== undefined && a.y + a.h > 1 + ANCHOR_SLACK) {
      ctx.addIssue({ code: 'custom', path: ['h'], message: 'outside_page' });
    }
  });
export type MarkupAnchorInput = z.input<typeof markupAnchorInputSchema>;

/** A comment on a version: the note with attachments, optionally placed on a page. */
export const markupCommentInputSchema = drawingCommentInputSchema.extend({
  anchor: markupAnchorInputSchema.optional().describe('Where on the version; none for a comment on the version as a whole'),
});
export type MarkupCommentInput = z.input<typeof markupCommentInputSchema>;

/** A reply to a thread: text and attachments, never an anchor of its own. */
export const markupReplyInputSchema = drawingCommentInputSchema;
export type MarkupReplyInput = z.input<typeof markupReplyInputSchema>;

/** Resolve and reopen take nothing but the path (an empty object, or no body at all). */
export const markupThreadStateInputSchema = z.strictObject({}).nullish();

// The threads themselves (markupThreadSchema) are part of the version's answer, in drawings.ts.

export const projectDrawingCommentParams = z.strictObject({
  projectId: idSchema,
  drawingId: idSchema,
  versionId: idSchema,
  commentId: idSchema,
});
export const clientDrawingCommentParams = z.strictObject({ drawingId: idSchema, versionId: idSchema, commentId: idSchema });
