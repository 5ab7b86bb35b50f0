import type { FastifyPluginAsync } from 'fastify';
import { taskListRoutes } from './task-list.routes';

/** The task list of a project's areas. */
export const taskListFeature: FastifyPluginAsync = async (app) => {
  await app.register(taskListRoutes);
};
