import type { FastifyPluginAsync } from 'fastify';
import { clientOrdersRoutes, ordersRoutes } from './orders.routes';

/** Orders and product requests, for staff and for the portal. */
export const ordersFeature: FastifyPluginAsync = async (app) => {
  await app.register(ordersRoutes);
  await app.register(clientOrdersRoutes);
};
