import { searchQuerySchema, searchResponseSchema } from '@app/shared/search/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { search } from './search.service';

/**
 * One search for everything: one route whose scope follows the actor. Staff find the
 * kinds their rights show; a company user, or an employee acting as the company, what the
 * company's portal shows (scope.ts in every branch).
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      config: { access: access.signedIn },
      schema: {
        tags: ['navigation'],
        summary: 'Search projects, areas, tasks, tickets, drawings, products, articles, companies and people the caller may see',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (req) => ({ data: await search(req.ctx, req.query) }),
  );
};
