import type { FastifyPluginAsync } from 'fastify';
import { contractsRoutes } from './contracts.routes';
import { documentsRoutes } from './documents.routes';

/** An employee's documents and contracts. */
export const hrDocumentsFeature: FastifyPluginAsync = async (app) => {
  await app.register(documentsRoutes);
  await app.register(contractsRoutes);
};
