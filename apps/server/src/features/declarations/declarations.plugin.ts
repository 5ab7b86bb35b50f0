import type { FastifyPluginAsync } from 'fastify';
import { declarationsRoutes } from './declarations.routes';
import { overnightsRoutes } from './overnights.routes';

/** Expense declarations and overnight stays. */
export const declarationsFeature: FastifyPluginAsync = async (app) => {
  await app.register(declarationsRoutes);
  await app.register(overnightsRoutes);
};
