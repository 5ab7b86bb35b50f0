import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Tasks, sub-tasks and order lines of a project's areas, and the project's task list. */
export const tasksRoutes: FastifyPluginAsyncZod = async () => {};
