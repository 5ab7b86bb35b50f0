import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Projects: the list with its tabs, one project, archive, delete and restore. */
export const projectsRoutes: FastifyPluginAsyncZod = async () => {};
