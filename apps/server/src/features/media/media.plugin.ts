import type { FastifyPluginAsync } from 'fastify';
import { mediaRoutes } from './media.routes';

/** Image uploads and their variants. */
export const mediaFeature: FastifyPluginAsync = async (app) => {
  await app.register(mediaRoutes);
};
