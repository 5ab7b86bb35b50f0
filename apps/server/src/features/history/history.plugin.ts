import type { FastifyPluginAsync } from 'fastify';
import { historyRoutes } from './history.routes';

/** A record's change history. */
export const historyFeature: FastifyPluginAsync = async (app) => {
  await app.register(historyRoutes);
};
