import { noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';

const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: access.public },
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        querystring: noQuery,
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_req, reply) => {
      const db = app.platform.db;
      try {
        await Promise.race([
          db.raw.query('SELECT 1', [], 'health'),
          new Promise((_, reject) => setTimeout(() => reject(new Error('health check timed out')), 2_000).unref()),
        ]);
        return { status: 'ok' as const, database: 'up' as const };
      } catch {
        return reply.status(503).send({ status: 'error' as const, database: 'down' as const });
      }
    },
  );
};
