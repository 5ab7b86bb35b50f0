import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health.routes';

/** The health checks a load balancer asks. */
export const healthFeature: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
};
