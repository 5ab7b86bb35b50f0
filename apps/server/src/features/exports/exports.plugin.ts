import type { FastifyPluginAsync } from 'fastify';
import { exportsRoutes } from './exports.routes';
import { registerExportJobs } from './exports.service';

/** The payroll exports; the job that writes one. */
export const exportsFeature: FastifyPluginAsync = async (app) => {
  await app.register(exportsRoutes);
  registerExportJobs(app.platform, app.log);
};
