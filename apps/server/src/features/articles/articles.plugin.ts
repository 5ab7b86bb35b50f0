import type { FastifyPluginAsync } from 'fastify';
import { registerArticleJobs } from './articles.jobs';
import { articlesRoutes } from './articles.routes';

/** The ERP's articles and their sync; the nightly and on-demand sync jobs. */
export const articlesFeature: FastifyPluginAsync = async (app) => {
  await app.register(articlesRoutes);
  registerArticleJobs(app.platform);
};
