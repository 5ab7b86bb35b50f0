import type { FastifyPluginAsync } from 'fastify';
import { registerNotificationJobs } from './notification.jobs';
import { notificationsRoutes } from './notifications.routes';

/** Notifications; the mail outbox and the daily approval reminder. */
export const notificationsFeature: FastifyPluginAsync = async (app) => {
  await app.register(notificationsRoutes);
  registerNotificationJobs(app.platform);
};
