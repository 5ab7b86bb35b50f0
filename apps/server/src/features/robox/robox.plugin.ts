import type { FastifyPluginAsync } from 'fastify';
import { roboxRoutes } from './robox.routes';

/** Robox materials and their categories. */
export const roboxFeature: FastifyPluginAsync = async (app) => {
  await app.register(roboxRoutes);
};
