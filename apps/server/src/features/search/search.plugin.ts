import type { FastifyPluginAsync } from 'fastify';
import { searchRoutes } from './search.routes';

/** The search across every kind of record. */
export const searchFeature: FastifyPluginAsync = async (app) => {
  await app.register(searchRoutes);
};
