import type { FastifyPluginAsync } from 'fastify';
import { areasRoutes } from './areas.routes';
import { feedRoutes } from './feed.routes';
import { projectsRoutes } from './projects.routes';
import { tasksRoutes } from './tasks.routes';

/** Projects with their decks, areas, tasks, sub-tasks and feed. */
export const projectsFeature: FastifyPluginAsync = async (app) => {
  await app.register(projectsRoutes);
  await app.register(areasRoutes);
  await app.register(tasksRoutes);
  await app.register(feedRoutes);
};
