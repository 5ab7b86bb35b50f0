import type { FastifyPluginAsync } from 'fastify';
import { hoursRoutes } from './hours.routes';
import { schedulesRoutes } from './schedules.routes';
import { timesheetsRoutes } from './timesheets.routes';

/** Schedules, booked hours, the hour lock and timesheets. */
export const hoursFeature: FastifyPluginAsync = async (app) => {
  await app.register(schedulesRoutes);
  await app.register(hoursRoutes);
  await app.register(timesheetsRoutes);
};
