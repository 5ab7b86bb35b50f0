import { pageOf } from '@app/shared/platform/http';
import { feedEventSchema, feedParams, feedQuerySchema } from '@app/shared/projects/feed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { listFeed } from './feed.service';

const tags = ['projects'];

/** The project feed. */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/projects/:projectId/feed',
    {
      config: { access: access.employee('projects.view', 'projects.manage') },
      schema: {
        tags,
        summary: "The project's feed, newest first: areas, tasks and sub-tasks completed or opened, tickets created or updated",
        params: feedParams,
        querystring: feedQuerySchema,
        response: { 200: pageOf(feedEventSchema) },
      },
    },
    async (req) => listFeed(req.ctx, req.params.projectId, req.query),
  );
};
