import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Articles (ERP) and the ERP sync: filled in by the catalogue work (issue #3). */
export const articlesRoutes: FastifyPluginAsyncZod = async () => {};
