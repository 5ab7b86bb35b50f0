import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth.routes';
import { registerAuthJobs } from './auth.service';

/** Signing in and out, the CSRF cookie, password resets and invitations; the mails' jobs. */
export const authFeature: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  registerAuthJobs(app.platform);
};
