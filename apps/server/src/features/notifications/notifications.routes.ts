import { notificationListQuerySchema, notificationPageSchema, notificationParams } from '@app/shared/notifications/notifications';
import { emptyResponse, noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import * as notifications from './notifications.service';

const tags = ['notifications'];
const config = { access: access.signedIn };

/** The bell: anyone signed in reads and marks their own notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'My notifications, newest first, with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (req) => notifications.listNotifications(req.ctx, req.query),
  );

  app.post(
    '/api/notifications/:notificationId/read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark one of my notifications read (the body is {})',
        params: notificationParams,
        querystring: noQuery,
        body: z.strictObject({}),
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await notifications.markRead(req.ctx, req.params.notificationId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config,
      schema: {
        tags,
        summary: 'Mark all my notifications read (the body is {})',
        querystring: noQuery,
        body: z.strictObject({}),
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await notifications.markAllRead(req.ctx);
      return reply.status(204).send();
    },
  );
};
