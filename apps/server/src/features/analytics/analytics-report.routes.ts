import {
  analyticsReportQuerySchema,
  analyticsReportSchema,
  analyticsSettingsSchema,
  analyticsSettingsUpdateSchema,
} from '@app/shared/analytics/analytics-report';
import { envelope, noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as analytics from './analytics-report.service';

const tags = ['analytics'];

/** company.analytics ('Statistieken'): page views and logins per company and day, from the daily figures. */
export const analyticsReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/analytics',
    {
      config: { access: access.employee('companies.manage', 'dashboard.change-settings') },
      schema: {
        tags,
        summary: 'Page views and logins per day, per company and the top screens over a period (from the daily figures)',
        querystring: analyticsReportQuerySchema,
        response: { 200: envelope(analyticsReportSchema) },
      },
    },
    async (req) => ({ data: await analytics.report(req.ctx, req.query) }),
  );

  app.get(
    '/api/analytics/settings',
    {
      config: { access: access.employee('companies.manage', 'dashboard.change-settings') },
      schema: {
        tags,
        summary: 'How long raw events are kept',
        querystring: noQuery,
        response: { 200: envelope(analyticsSettingsSchema) },
      },
    },
    async (req) => ({ data: await analytics.getSettings(req.ctx) }),
  );

  app.put(
    '/api/analytics/settings',
    {
      config: { access: access.employee('dashboard.change-settings') },
      schema: {
        tags,
        summary: 'Set how long raw events are kept, 30 to 3650 days (send the version)',
        querystring: noQuery,
        body: analyticsSettingsUpdateSchema,
        response: { 200: envelope(analyticsSettingsSchema) },
      },
    },
    async (req) => ({ data: await analytics.updateSettings(req.ctx, req.body) }),
  );
};
