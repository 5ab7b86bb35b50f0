import { notificationPreferencesInputSchema, notificationPreferencesSchema } from '@app/shared/notifications/preferences';
import { noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as preferences from './preferences.service';

const tags = ['notifications'];
const config = { access: access.signedIn };

/** Anyone signed in reads and sets how they hear of each kind of event (their own account only). */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/notification-preferences',
    {
      config,
      schema: {
        tags,
        summary: 'How I hear of each kind of event I can receive: a mail at once, the daily digest, or in the app only',
        querystring: noQuery,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (req) => preferences.getPreferences(req.ctx),
  );

  app.put(
    '/api/user/notification-preferences',
    {
      config,
      schema: {
        tags,
        summary: 'Set how I hear of the kinds named (the others keep theirs); a kind of the other side is refused',
        querystring: noQuery,
        body: notificationPreferencesInputSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (req) => preferences.setPreferences(req.ctx, req.body),
  );
};
