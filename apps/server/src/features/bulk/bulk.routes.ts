import { bulkRunEnvelope, bulkRunParams } from '@app/shared/bulk/bulk';
import { noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { getBulkRun } from '../../platform/bulk';

/** The progress of one's own bulk actions; the actions themselves sit beside their lists. */
export const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bulk-runs/:runId',
    {
      config: { access: access.employee() },
      schema: {
        tags: ['bulk'],
        summary: "One of the signed-in person's bulk actions: its progress, what it changed and what it skipped and why",
        params: bulkRunParams,
        querystring: noQuery,
        response: { 200: bulkRunEnvelope },
      },
    },
    async (req) => ({ data: await getBulkRun(req.ctx, req.params.runId) }),
  );
};
