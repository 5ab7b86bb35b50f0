import type { FastifyPluginAsync } from 'fastify';
import { timelineRoutes } from './timeline.routes';

/** The project timeline. */
export const timelineFeature: FastifyPluginAsync = async (app) => {
  await app.register(timelineRoutes);
};
