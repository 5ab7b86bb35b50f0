import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** HR documents (issue 12): /api/users/:userId/documents, and the expiring list for HR. */
export const documentsRoutes: FastifyPluginAsyncZod = async (_app) => {};
