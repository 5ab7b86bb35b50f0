import type { FastifyPluginAsync } from 'fastify';
import { hoursRoutes } from './hours.routes';
import { schedulesRoutes } from './schedules.routes';

/** Schedules, booked hours and the hour lock. */
export const hoursFeature: FastifyPluginAsync = async (app) => {
  await app.register(schedulesRoutes);
  await app.register(hoursRoutes);
};
