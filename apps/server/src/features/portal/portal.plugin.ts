import type { FastifyPluginAsync } from 'fastify';
import { portalRoutes } from './portal.routes';
import { portalProductsRoutes } from './portal-products.routes';

/** The customer's portal pages. */
export const portalFeature: FastifyPluginAsync = async (app) => {
  await app.register(portalRoutes);
  await app.register(portalProductsRoutes);
};
