import type { FastifyPluginAsync } from 'fastify';
import { plannerRoutes } from './planner.routes';

/** The planner's entries. */
export const plannerFeature: FastifyPluginAsync = async (app) => {
  await app.register(plannerRoutes);
};
