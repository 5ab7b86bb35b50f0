import { pageViewEventSchema } from '@app/shared/analytics/analytics';
import { emptyResponse, noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { EventLimiter, recordPageView } from './analytics.service';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = new EventLimiter();
  app.post(
    '/api/science',
    {
      // High volume: the session may come from the process's memory, which forgets it when any
      // process ends or changes it (SessionStore.loadCached); the access log skips these beacons
      // (warnings and errors are still logged).
      config: { access: access.public, sessionCache: true },
      logLevel: 'warn',
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['analytics'],
        summary: 'Record a page view (buffered, written in batches)',
        querystring: noQuery,
        body: pageViewEventSchema,
        response: { 204: emptyResponse },
      },
    },
    // Synchronous: the event only goes into the buffer (no promise per beacon, G2).
    (req, reply) => {
      recordPageView(req.ctx, limiter, req.body);
      reply.status(204).send();
    },
  );
};
