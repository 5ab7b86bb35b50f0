import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Overnight stays (issue 12): /api/overnights and /api/users/:userId/overnights. */
export const overnightsRoutes: FastifyPluginAsyncZod = async (_app) => {};
