import type { FastifyPluginAsync } from 'fastify';
import { registerBulkJobs } from '../../platform/bulk';
import { bulkRoutes } from './bulk.routes';

/** Bulk actions on a list's rows: their runs, and the job that works through one. */
export const bulkFeature: FastifyPluginAsync = async (app) => {
  await app.register(bulkRoutes);
  registerBulkJobs(app.platform, app.log);
};
