import type { FastifyPluginAsync } from 'fastify';
import { companiesRoutes } from './companies.routes';
import { companyPermissionsRoutes } from './company-permissions.routes';
import { companyPostsRoutes } from './company-posts.routes';
import { notifyDuePosts, POSTS_NOTIFY_JOB } from './company-posts.service';
import { companyProductsRoutes } from './company-products.routes';
import { companyUsersRoutes } from './company-users.routes';

/** Companies with their users, permissions, news and products; the job that tells the news. */
export const companiesFeature: FastifyPluginAsync = async (app) => {
  await app.register(companiesRoutes);
  await app.register(companyUsersRoutes);
  await app.register(companyPermissionsRoutes);
  await app.register(companyPostsRoutes);
  await app.register(companyProductsRoutes);
  const p = app.platform;
  // Company news is told to the company's users once its publish time has come: every minute for
  // scheduled posts, and at once when a post is published now.
  p.jobs.register(
    POSTS_NOTIFY_JOB,
    async () => {
      await notifyDuePosts(p.db.orm, p.clock());
    },
    { cron: '* * * * *' },
  );
};
