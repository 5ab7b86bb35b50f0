import {
  leaveCancelSchema,
  leaveDecisionSchema,
  leaveDenySchema,
  leavePreviewSchema,
  leaveRequestInputSchema,
  leaveRequestListQuerySchema,
  leaveRequestPageSchema,
  leaveRequestParams,
  leaveRequestSchema,
} from '@app/shared/leave/leave';
import { LEAVE_RIGHTS } from '@app/shared/leave/leave.rules';
import { envelope, noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { registerLeaveRequestsExport } from './leave.exports';
import { registerLeaveRequestBulkActions } from './requests.bulk';
import * as requests from './requests.service';

const tags = ['leave'];
/** Any employee: their own requests; the service and the scope decide about another person's. */
const anyEmployee = { access: access.employee() };
/** Decisions: leave.approve. */
const approvers = { access: access.employee(...LEAVE_RIGHTS.approve) };

/** Leave requests: list, preview, request, approve, deny, cancel. */
export const leaveRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/leave-requests',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary:
          "One's own leave requests, or with the leave rights everyone's; filtered, paged, with the count of pending ones in reach",
        querystring: leaveRequestListQuerySchema,
        response: { 200: leaveRequestPageSchema },
      },
    },
    async (req) => requests.listLeaveRequests(req.ctx, req.query),
  );
  registerLeaveRequestsExport(app);
  registerLeaveRequestBulkActions(app);

  app.post(
    '/api/leave-requests/preview',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'The hours a request would take, day by day from the schedule, and whether it fits the balance; stores nothing',
        querystring: noQuery,
        body: leaveRequestInputSchema,
        response: { 200: leavePreviewSchema },
      },
    },
    async (req) => requests.previewLeave(req.ctx, req.body),
  );

  app.post(
    '/api/leave-requests',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary:
          "Request leave (one's own; another person's with leave.manage): pending, or approved at once when the type needs no approval",
        querystring: noQuery,
        body: leaveRequestInputSchema,
        response: { 201: envelope(leaveRequestSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await requests.createLeaveRequest(req.ctx, req.body) }),
  );

  app.get(
    '/api/leave-requests/:leaveRequestId',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'One leave request with its abilities',
        params: leaveRequestParams,
        querystring: noQuery,
        response: { 200: envelope(leaveRequestSchema) },
      },
    },
    async (req) => ({ data: await requests.getLeaveRequest(req.ctx, req.params.leaveRequestId) }),
  );

  app.post(
    '/api/leave-requests/:leaveRequestId/approve',
    {
      config: approvers,
      schema: {
        tags,
        summary: "Approve a pending request (not one's own): its hours are written to the card; tells the employee",
        params: leaveRequestParams,
        querystring: noQuery,
        body: leaveDecisionSchema,
        response: { 200: envelope(leaveRequestSchema) },
      },
    },
    async (req) => ({
      data: await requests.decideLeaveRequest(req.ctx, req.params.leaveRequestId, req.body.version, {
        outcome: 'approved',
        reason: req.body.reason,
      }),
    }),
  );

  app.post(
    '/api/leave-requests/:leaveRequestId/deny',
    {
      config: approvers,
      schema: {
        tags,
        summary: "Deny a pending request with a reason (not one's own); tells the employee",
        params: leaveRequestParams,
        querystring: noQuery,
        body: leaveDenySchema,
        response: { 200: envelope(leaveRequestSchema) },
      },
    },
    async (req) => ({
      data: await requests.decideLeaveRequest(req.ctx, req.params.leaveRequestId, req.body.version, {
        outcome: 'denied',
        reason: req.body.reason,
      }),
    }),
  );

  app.post(
    '/api/leave-requests/:leaveRequestId/cancel',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary:
          'Withdraw a pending request, or cancel approved leave that lies wholly in the future (its hours come back as lines)',
        params: leaveRequestParams,
        querystring: noQuery,
        body: leaveCancelSchema,
        response: { 200: envelope(leaveRequestSchema) },
      },
    },
    async (req) => ({ data: await requests.cancelLeaveRequest(req.ctx, req.params.leaveRequestId, req.body.version) }),
  );
};
