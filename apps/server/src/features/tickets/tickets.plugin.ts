import type { FastifyPluginAsync } from 'fastify';
import { ticketsRoutes } from './tickets.routes';

/** Tickets on a project or a task. */
export const ticketsFeature: FastifyPluginAsync = async (app) => {
  await app.register(ticketsRoutes);
};
