import {
  collectiveLeaveInputSchema,
  collectiveLeaveListSchema,
  collectiveLeaveParams,
  collectiveLeaveQuerySchema,
  collectiveLeaveSchema,
  collectiveLeaveUpdateSchema,
} from '@app/shared/leave/leave';
import { LEAVE_RIGHTS } from '@app/shared/leave/leave.rules';
import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as collective from './collective.service';

const tags = ['leave'];
/** Collective leave is company-wide: who manages it sees and changes all of it. */
const manage = { access: access.employee(...LEAVE_RIGHTS.collective) };

/** Collective leave: /api/collective-leaves, booked for everyone it applies to by their own schedule. */
export const collectiveLeaveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/collective-leaves',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Every collective leave (those touching a year with ?year), newest first, with what each booked',
        querystring: collectiveLeaveQuerySchema,
        response: { 200: collectiveLeaveListSchema },
      },
    },
    async (req) => collective.listCollectiveLeaves(req.ctx, req.query.year),
  );

  app.post(
    '/api/collective-leaves',
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Create a collective leave and book it: each person's leave lines by their own schedule (public holidays and approved leave days skipped)",
        querystring: noQuery,
        body: collectiveLeaveInputSchema,
        response: { 201: envelope(collectiveLeaveSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await collective.createCollectiveLeave(req.ctx, req.body) }),
  );

  app.get(
    '/api/collective-leaves/:collectiveLeaveId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One collective leave with its people and what it booked',
        params: collectiveLeaveParams,
        querystring: noQuery,
        response: { 200: envelope(collectiveLeaveSchema) },
      },
    },
    async (req) => ({ data: await collective.getCollectiveLeave(req.ctx, req.params.collectiveLeaveId) }),
  );

  app.patch(
    '/api/collective-leaves/:collectiveLeaveId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change it (send the version it was based on): its lines are booked again for the new period, people and hours',
        params: collectiveLeaveParams,
        querystring: noQuery,
        body: collectiveLeaveUpdateSchema,
        response: { 200: envelope(collectiveLeaveSchema) },
      },
    },
    async (req) => ({ data: await collective.updateCollectiveLeave(req.ctx, req.params.collectiveLeaveId, req.body) }),
  );

  app.delete(
    '/api/collective-leaves/:collectiveLeaveId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove it (send the version it was based on): every line it booked goes with it',
        params: collectiveLeaveParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await collective.deleteCollectiveLeave(req.ctx, req.params.collectiveLeaveId, req.query.version);
      return reply.status(204).send();
    },
  );
};
