import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Declarations (issue 12): /api/declarations and /api/users/:userId/declarations; categories and payment types under /api/settings/declarations/... */
export const declarationsRoutes: FastifyPluginAsyncZod = async (_app) => {};
