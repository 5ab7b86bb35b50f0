import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Tickets: per project and across projects. */
export const ticketsRoutes: FastifyPluginAsyncZod = async () => {};
