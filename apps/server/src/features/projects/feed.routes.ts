import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The project feed. */
export const feedRoutes: FastifyPluginAsyncZod = async () => {};
