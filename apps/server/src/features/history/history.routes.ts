import { historyPageSchema, historyParams, historyQuerySchema } from '@app/shared/platform/history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { getHistory } from './history.service';

/** A record's history (issue 14): one route for every editor. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/history/:subject/:id',
    {
      // Staff only; each kind then checks like its editor (a record out of reach is a 404).
      config: { access: access.employee() },
      schema: {
        tags: ['history'],
        summary: "A record's changes, newest first: who (and as which company), when, and each field's old and new value",
        description:
          'The record is read as its editor reads it first: the same permission and scope, so a record the actor may not see answers 404. ' +
          'Secret columns (password hashes, tokens) are never recorded.',
        params: historyParams,
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema },
      },
    },
    async (req) => getHistory(req.ctx, req.params.subject, req.params.id, req.query),
  );
};
