import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Products, attributes, manual order and the public catalogue: filled in by issue #3. */
export const productsRoutes: FastifyPluginAsyncZod = async () => {};
