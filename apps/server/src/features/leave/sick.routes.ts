import {
  sickPeriodInputSchema,
  sickPeriodListSchema,
  sickPeriodParams,
  sickPeriodQuerySchema,
  sickPeriodSchema,
  sickPeriodUpdateSchema,
} from '@app/shared/leave/leave';
import { LEAVE_RIGHTS } from '@app/shared/leave/leave.rules';
import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import { userParams } from '@app/shared/users/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as sick from './sick.service';

const tags = ['leave'];
/** Reading: one's own, or anyone's with leave.manage or leave.approve (the scope decides; another person's is a 404). */
const read = { access: access.employee() };
const manage = { access: access.employee(...LEAVE_RIGHTS.manage) };

/** Sick periods: /api/users/:userId/sick-periods and /api/sick-periods/:sickPeriodId. */
export const sickRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:userId/sick-periods',
    {
      config: read,
      schema: {
        tags,
        summary:
          "A person's sick periods (touching a year with ?year), newest first, with the scheduled hours each covers so far",
        params: userParams,
        querystring: sickPeriodQuerySchema,
        response: { 200: sickPeriodListSchema },
      },
    },
    async (req) => sick.listSickPeriods(req.ctx, req.params.userId, req.query.year),
  );

  app.post(
    '/api/users/:userId/sick-periods',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Register a sick period (without an end: still sick); 409 SICK_OVERLAP when it shares a day with another',
        params: userParams,
        querystring: noQuery,
        body: sickPeriodInputSchema,
        response: { 201: envelope(sickPeriodSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await sick.createSickPeriod(req.ctx, req.params.userId, req.body) }),
  );

  app.patch(
    '/api/sick-periods/:sickPeriodId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a sick period or end it (set its last day); send the version it was based on',
        params: sickPeriodParams,
        querystring: noQuery,
        body: sickPeriodUpdateSchema,
        response: { 200: envelope(sickPeriodSchema) },
      },
    },
    async (req) => ({ data: await sick.updateSickPeriod(req.ctx, req.params.sickPeriodId, req.body) }),
  );

  app.delete(
    '/api/sick-periods/:sickPeriodId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove a sick period (send the version it was based on)',
        params: sickPeriodParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await sick.deleteSickPeriod(req.ctx, req.params.sickPeriodId, req.query.version);
      return reply.status(204).send();
    },
  );
};
