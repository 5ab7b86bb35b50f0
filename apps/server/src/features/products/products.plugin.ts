import type { FastifyPluginAsync } from 'fastify';
import { productsRoutes } from './products.routes';

/** Products, attributes and the manual order. */
export const productsFeature: FastifyPluginAsync = async (app) => {
  await app.register(productsRoutes);
};
