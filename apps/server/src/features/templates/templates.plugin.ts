import type { FastifyPluginAsync } from 'fastify';
import { templatesRoutes } from './templates.routes';
import { registerTemplateJobs } from './templates.service';

/** Project templates; the job that applies one. */
export const templatesFeature: FastifyPluginAsync = async (app) => {
  await app.register(templatesRoutes);
  registerTemplateJobs(app.platform, app.log);
};
