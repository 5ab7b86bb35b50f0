import {
  overnightDecisionSchema,
  overnightInputSchema,
  overnightListQuerySchema,
  overnightPageSchema,
  overnightParams,
  overnightRejectSchema,
  overnightSchema,
  overnightUpdateSchema,
  userOvernightListQuerySchema,
} from '@app/shared/declarations/overnights';
import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import { userParams } from '@app/shared/users/people';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { registerOvernightsExport } from './declarations.exports';
import * as overnights from './overnights.service';

const tags = ['overnights'];
/** Any employee: their own stays; the service and the scope decide about another person's. */
const anyEmployee = { access: access.employee() };
const hours = { access: access.employee(...PEOPLE_RIGHTS.hours) };

/** Overnight stays: /api/overnights and /api/users/:userId/overnights. */
export const overnightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/overnights',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: "One's own overnight stays, or everyone's with the hours or export rights; filtered, paged, with the nights",
        querystring: overnightListQuerySchema,
        response: { 200: overnightPageSchema },
      },
    },
    async (req) => overnights.listOvernights(req.ctx, req.query),
  );

  app.get(
    '/api/users/:userId/overnights',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: "One person's overnight stays (one's own, or anyone's with the hours or export rights), paged",
        params: userParams,
        querystring: userOvernightListQuerySchema,
        response: { 200: overnightPageSchema },
      },
    },
    async (req) => overnights.listUserOvernights(req.ctx, req.params.userId, req.query),
  );
  registerOvernightsExport(app);

  app.post(
    '/api/overnights',
    {
      config: { ...anyEmployee, idempotent: true },
      schema: {
        tags,
        summary:
          "Register an overnight stay: one's own (needs the mobile setting, else 403 SELF_SERVICE_OFF), anyone's with the hours rights",
        querystring: noQuery,
        body: overnightInputSchema,
        response: { 201: envelope(overnightSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await overnights.createOvernight(req.ctx, req.body) }),
  );

  app.get(
    '/api/overnights/:overnightId',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'One overnight stay with its abilities',
        params: overnightParams,
        querystring: noQuery,
        response: { 200: envelope(overnightSchema) },
      },
    },
    async (req) => ({ data: await overnights.getOvernight(req.ctx, req.params.overnightId) }),
  );

  app.put(
    '/api/overnights/:overnightId',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'Change a stay while it is submitted (send the version it was based on)',
        params: overnightParams,
        querystring: noQuery,
        body: overnightUpdateSchema,
        response: { 200: envelope(overnightSchema) },
      },
    },
    async (req) => ({ data: await overnights.updateOvernight(req.ctx, req.params.overnightId, req.body) }),
  );

  app.delete(
    '/api/overnights/:overnightId',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'Remove a stay while it is submitted (send the version it was based on)',
        params: overnightParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await overnights.deleteOvernight(req.ctx, req.params.overnightId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/overnights/:overnightId/approve',
    {
      config: hours,
      schema: {
        tags,
        summary: "Approve a submitted stay (not one's own); tells the employee",
        params: overnightParams,
        querystring: noQuery,
        body: overnightDecisionSchema,
        response: { 200: envelope(overnightSchema) },
      },
    },
    async (req) => ({
      data: await overnights.decideOvernight(req.ctx, req.params.overnightId, req.body.version, { outcome: 'approved' }),
    }),
  );

  app.post(
    '/api/overnights/:overnightId/reject',
    {
      config: hours,
      schema: {
        tags,
        summary: "Reject a submitted stay with a reason (not one's own); tells the employee",
        params: overnightParams,
        querystring: noQuery,
        body: overnightRejectSchema,
        response: { 200: envelope(overnightSchema) },
      },
    },
    async (req) => ({
      data: await overnights.decideOvernight(req.ctx, req.params.overnightId, req.body.version, {
        outcome: 'rejected',
        reason: req.body.reason,
      }),
    }),
  );
};
