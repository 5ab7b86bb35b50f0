import { breadcrumbQuerySchema, breadcrumbResponseSchema } from '@app/shared/breadcrumbs/breadcrumbs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { resolveSlugs } from './breadcrumbs.service';

export const breadcrumbsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/breadcrumbs/slugs',
    {
      config: { access: access.public },
      schema: {
        tags: ['navigation'],
        summary: 'Titles for route params (only what the caller may see)',
        querystring: breadcrumbQuerySchema,
        response: { 200: breadcrumbResponseSchema },
      },
    },
    async (req) => ({ data: { slugs: await resolveSlugs(req.ctx, req.query) } }),
  );
};
