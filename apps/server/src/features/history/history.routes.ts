import { historyPageSchema, historyParams, historyQuerySchema } from '@app/shared/history/history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, access } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { enforceAccess } from '../../platform/guard';
import { getHistory } from './history.service';
import { HISTORY_READ_ROUTES } from './history.subjects';

/** A record's history: one route for every editor. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/history/:subject/:id',
    {
      // Staff only; then the record's own read route's access (403 without its right), then each
      // kind checks like its editor (a record out of reach is a 404).
      config: { access: access.employee() },
      schema: {
        tags: ['history'],
        summary: "A record's changes, newest first: who (and as which company), when, and each field's old and new value",
        description:
          "The record's own read route's access applies first (403 without its permission), then the record is read as its editor reads it: the same scope, so a record out of reach answers 404. " +
          'Secret columns (password hashes, tokens) are never recorded.',
        params: historyParams,
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema },
      },
    },
    async (req) => {
      // The record's own read route decides first, as it would for the record (HISTORY_READ_ROUTES).
      const [method, read = ''] = HISTORY_READ_ROUTES[req.params.subject].split(' ');
      const url = read.split('?')[0];
      const route = app.routeTable.find((r) => r.method === method && r.url === url);
      // A kind without its route is a programming error (a test checks every kind has one).
      if (!route) throw new AppError('INTERNAL', { message: `no route ${url} for a history` });
      enforceAccess(route.config?.access as Access | undefined, req.ctx.actor);
      return getHistory(req.ctx, req.params.subject, req.params.id, req.query);
    },
  );
};
