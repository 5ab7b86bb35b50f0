import type { FastifyPluginAsync } from 'fastify';
import { projectArticlesRoutes } from './project-articles.routes';

/** The articles and products on a project's order lines. */
export const projectArticlesFeature: FastifyPluginAsync = async (app) => {
  await app.register(projectArticlesRoutes);
};
