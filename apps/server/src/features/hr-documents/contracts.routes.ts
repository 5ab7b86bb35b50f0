import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Contracts (issue 12): /api/users/:userId/contracts. */
export const contractsRoutes: FastifyPluginAsyncZod = async (_app) => {};
