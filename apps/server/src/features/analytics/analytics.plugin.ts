import type { FastifyPluginAsync } from 'fastify';
import { analyticsRoutes } from './analytics.routes';
import { analyticsReportRoutes } from './analytics-report.routes';
import { purgeRawEvents, refreshRollup } from './analytics-rollup';

/** Page views and logins: their collection, the report, and the jobs that keep its daily figures. */
export const analyticsFeature: FastifyPluginAsync = async (app) => {
  await app.register(analyticsReportRoutes);
  await app.register(analyticsRoutes);
  const p = app.platform;
  // The analytics page's daily figures, every five minutes; old raw events once a night.
  p.jobs.register(
    'analytics.rollup',
    async () => {
      await refreshRollup(p.db.orm, p.clock());
    },
    { cron: '*/5 * * * *' },
  );
  p.jobs.register(
    'analytics.purge',
    async () => {
      const removed = await purgeRawEvents(p.db.orm, p.clock());
      if (removed) app.log.info({ event: 'analytics.purged', removed }, 'old analytics events removed');
    },
    { cron: '41 3 * * *' },
  );
};
