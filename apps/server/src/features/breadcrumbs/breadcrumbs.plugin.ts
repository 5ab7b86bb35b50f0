import type { FastifyPluginAsync } from 'fastify';
import { breadcrumbsRoutes } from './breadcrumbs.routes';

/** The titles of the records in a path. */
export const breadcrumbsFeature: FastifyPluginAsync = async (app) => {
  await app.register(breadcrumbsRoutes);
};
