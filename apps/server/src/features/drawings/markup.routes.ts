import {
  clientDrawingVersionParams,
  drawingCommentSchema,
  markupThreadSchema,
  projectDrawingVersionParams,
} from '@app/shared/drawings/drawings';
import {
  clientDrawingCommentParams,
  markupCommentInputSchema,
  markupReplyInputSchema,
  markupThreadStateInputSchema,
  projectDrawingCommentParams,
} from '@app/shared/drawings/markup';
import { envelope, noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as markup from './markup.service';

const tags = ['drawings'];
// The same access as commenting: staff who manage projects, and the portal.
const manage = { access: access.employee('projects.manage') };
const portal = { access: access.portal };

const staffBase = '/api/projects/:projectId/drawings/:drawingId/versions/:versionId/comments';
const clientBase = '/api/client/drawings/:drawingId/versions/:versionId/comments';

/** Comments and markup threads of a drawing version, for staff (under the project) and for the portal. */
export const markupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    staffBase,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Comment on a version, with attachments, optionally placed on a page (pin or rectangle); tells the company',
        params: projectDrawingVersionParams,
        querystring: noQuery,
        body: markupCommentInputSchema,
        response: { 201: envelope(drawingCommentSchema) },
      },
    },
    async (req, reply) => {
      const { projectId, drawingId, versionId } = req.params;
      return reply.status(201).send({ data: await markup.commentOnVersion(req.ctx, drawingId, versionId, req.body, projectId) });
    },
  );

  app.post(
    clientBase,
    {
      config: portal,
      schema: {
        tags,
        summary:
          'Comment on a version, with attachments, optionally placed on a page (pin or rectangle); tells the employee responsible',
        params: clientDrawingVersionParams,
        querystring: noQuery,
        body: markupCommentInputSchema,
        response: { 201: envelope(drawingCommentSchema) },
      },
    },
    async (req, reply) => {
      const { drawingId, versionId } = req.params;
      return reply.status(201).send({ data: await markup.commentOnVersion(req.ctx, drawingId, versionId, req.body) });
    },
  );

  for (const side of ['staff', 'client'] as const) {
    const base = side === 'staff' ? staffBase : clientBase;
    const config = side === 'staff' ? manage : portal;
    const params = side === 'staff' ? projectDrawingCommentParams : clientDrawingCommentParams;
    const projectOf = (p: { projectId?: number }) => (side === 'staff' ? p.projectId : undefined);

    app.post(
      `${base}/:commentId/replies`,
      {
        config,
        schema: {
          tags,
          summary: "Reply to a thread (a reply to a reply joins its root's thread); tells the thread's other side",
          params,
          querystring: noQuery,
          body: markupReplyInputSchema,
          response: { 201: envelope(markupThreadSchema) },
        },
      },
      async (req, reply) => {
        const p = req.params as { drawingId: number; versionId: number; commentId: number; projectId?: number };
        return reply
          .status(201)
          .send({ data: await markup.replyToThread(req.ctx, p.drawingId, p.versionId, p.commentId, req.body, projectOf(p)) });
      },
    );

    for (const action of ['resolve', 'reopen'] as const) {
      app.post(
        `${base}/:commentId/${action}`,
        {
          config,
          schema: {
            tags,
            summary:
              action === 'resolve'
                ? 'Resolve a thread, here or carried over from an earlier version (409 DRAWING_THREAD_RESOLVED when it is)'
                : 'Reopen a resolved thread (409 DRAWING_THREAD_OPEN when it is open)',
            params,
            querystring: noQuery,
            body: markupThreadStateInputSchema,
            response: { 200: envelope(markupThreadSchema) },
          },
        },
        async (req) => {
          const p = req.params as { drawingId: number; versionId: number; commentId: number; projectId?: number };
          return {
            data: await markup.setThreadResolved(
              req.ctx,
              p.drawingId,
              p.versionId,
              p.commentId,
              action === 'resolve',
              projectOf(p),
            ),
          };
        },
      );
    }
  }
};
