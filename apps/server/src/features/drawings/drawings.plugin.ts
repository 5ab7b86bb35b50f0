import type { FastifyPluginAsync } from 'fastify';
import { clientDrawingsRoutes, drawingsRoutes } from './drawings.routes';
import { markupRoutes } from './markup.routes';

/** Drawings and their approval, for staff and for the portal. */
export const drawingsFeature: FastifyPluginAsync = async (app) => {
  await app.register(drawingsRoutes);
  await app.register(clientDrawingsRoutes);
  await app.register(markupRoutes);
};
