import {
  timesheetDecisionSchema,
  timesheetListQuerySchema,
  timesheetListSchema,
  timesheetReturnSchema,
  timesheetSchema,
} from '@app/shared/hours/timesheets';
import { envelope, noQuery } from '@app/shared/platform/http';
import { userParams } from '@app/shared/users/people';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as timesheets from './timesheets.service';

const tags = ['hours'];
const approver = { access: access.employee(...PEOPLE_RIGHTS.approveHours) };
const decided = { 200: envelope(timesheetSchema) };

/** Timesheets: /api/hours/timesheets (the approvers' week) and a person's week approved, sent back or reopened. */
export const timesheetsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/hours/timesheets',
    {
      config: approver,
      schema: {
        tags,
        summary:
          "Every person's ISO week for the approvers (hours.approve): booked and scheduled minutes, the state (open, approved, returned) and what the caller may decide",
        querystring: timesheetListQuerySchema,
        response: { 200: envelope(timesheetListSchema) },
      },
    },
    async (req) => ({ data: await timesheets.listTimesheets(req.ctx, req.query.week) }),
  );

  app.post(
    '/api/hours/timesheets/:userId/approve',
    {
      config: approver,
      schema: {
        tags,
        summary:
          "Approve a person's week (open or sent back): its hours become read only; the person is told. Never one's own (403 TIMESHEET_OWN_WEEK); 409 TIMESHEET_STATE, STALE_VERSION when someone decided meanwhile",
        params: userParams,
        querystring: noQuery,
        body: timesheetDecisionSchema,
        response: decided,
      },
    },
    async (req) => ({ data: await timesheets.decide(req.ctx, req.params.userId, 'approve', req.body) }),
  );

  app.post(
    '/api/hours/timesheets/:userId/return',
    {
      config: approver,
      schema: {
        tags,
        summary:
          "Send a person's week back (open or approved) with a comment saying what to correct; the person is told and can change the week again",
        params: userParams,
        querystring: noQuery,
        body: timesheetReturnSchema,
        response: decided,
      },
    },
    async (req) => ({ data: await timesheets.decide(req.ctx, req.params.userId, 'return', req.body) }),
  );

  app.post(
    '/api/hours/timesheets/:userId/reopen',
    {
      config: approver,
      schema: {
        tags,
        summary: 'Reopen a decided week (undo an approval or a sending back): the week is open again, its hours editable',
        params: userParams,
        querystring: noQuery,
        body: timesheetDecisionSchema,
        response: decided,
      },
    },
    async (req) => ({ data: await timesheets.decide(req.ctx, req.params.userId, 'reopen', req.body) }),
  );
};
