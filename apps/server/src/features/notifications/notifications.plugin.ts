import type { FastifyPluginAsync } from 'fastify';
import { registerDigestJob } from './digest.job';
import { registerNotificationJobs } from './notification.jobs';
import { notificationsRoutes } from './notifications.routes';
import { preferencesRoutes } from './preferences.routes';

/** Notifications and the preferences of how to hear of them; the mail outbox, the daily digest and the daily approval reminder. */
export const notificationsFeature: FastifyPluginAsync = async (app) => {
  await app.register(notificationsRoutes);
  await app.register(preferencesRoutes);
  registerNotificationJobs(app.platform);
  registerDigestJob(app.platform);
};
