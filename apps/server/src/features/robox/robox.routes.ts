import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Robox materials and material categories: filled in by issue #3. */
export const roboxRoutes: FastifyPluginAsyncZod = async () => {};
