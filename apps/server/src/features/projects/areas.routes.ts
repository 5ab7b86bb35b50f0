import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Decks, areas and sub-areas of a project, their floor plans and markers, bulk-add. */
export const areasRoutes: FastifyPluginAsyncZod = async () => {};
