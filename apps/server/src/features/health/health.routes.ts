import { noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { ping } from './health.repository';

const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['up', 'down']) });

/**
 * Two checks for a load balancer or an orchestrator (README, operations): liveness
 * (`/api/health/live`: the process answers, nothing else is asked, so a busy database pool or a
 * database restart never takes a healthy process out of rotation) and readiness (`/api/health`:
 * the database answers within 2 s).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/live',
    {
      config: { access: access.public },
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process is up and its event loop answers (no database call)',
        querystring: noQuery,
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health',
    {
      config: { access: access.public },
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers within 2 s (503 otherwise)',
        querystring: noQuery,
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_req, reply) => {
      try {
        await Promise.race([
          ping(app.platform.db),
          new Promise((_, reject) => setTimeout(() => reject(new Error('health check timed out')), 2_000).unref()),
        ]);
        return { status: 'ok' as const, database: 'up' as const };
      } catch {
        return reply.status(503).send({ status: 'error' as const, database: 'down' as const });
      }
    },
  );
};
