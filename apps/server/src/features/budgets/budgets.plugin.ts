import type { FastifyPluginAsync } from 'fastify';
import { budgetRoutes } from './budgets.routes';

/** A project's budget against what it spent. */
export const budgetsFeature: FastifyPluginAsync = async (app) => {
  await app.register(budgetRoutes);
};
