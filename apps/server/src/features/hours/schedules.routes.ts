import {
  scheduleInputSchema,
  scheduleListSchema,
  scheduleParams,
  scheduleSchema,
  scheduleUpdateSchema,
} from '@app/shared/hours/schedules';
import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import { userParams } from '@app/shared/users/people';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as schedules from './schedules.service';

const tags = ['schedules'];
/** Reading: one's own, or anyone's with the schedules rights (the scope decides; another person's is a 404). */
const read = { access: access.employee() };
const write = { access: access.employee(...PEOPLE_RIGHTS.schedules) };

/** Schedules: /api/users/:userId/schedules, versions of the even and odd weeks with an effective date. */
export const schedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:userId/schedules',
    {
      config: read,
      schema: {
        tags,
        summary:
          "A person's schedule versions (newest first) and this week's number and parity: one's own, or with users.manage or hours.manage",
        params: userParams,
        querystring: noQuery,
        response: { 200: scheduleListSchema },
      },
    },
    async (req) => schedules.listSchedules(req.ctx, req.params.userId),
  );

  app.post(
    '/api/users/:userId/schedules',
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a version from its date on (409 SCHEDULE_DATE_TAKEN; 409 HOURS_PERIOD_LOCKED on or before the hour lock)',
        params: userParams,
        querystring: noQuery,
        body: scheduleInputSchema,
        response: { 201: envelope(scheduleSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await schedules.createSchedule(req.ctx, req.params.userId, req.body) }),
  );

  app.put(
    '/api/users/:userId/schedules/:scheduleId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a version (send the version it was based on); neither its old nor its new date may be locked',
        params: scheduleParams,
        querystring: noQuery,
        body: scheduleUpdateSchema,
        response: { 200: envelope(scheduleSchema) },
      },
    },
    async (req) => ({
      data: await schedules.updateSchedule(req.ctx, req.params.userId, req.params.scheduleId, req.body),
    }),
  );

  app.delete(
    '/api/users/:userId/schedules/:scheduleId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove a version (send the version); the previous one applies again from its date',
        params: scheduleParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await schedules.deleteSchedule(req.ctx, req.params.userId, req.params.scheduleId, req.query.version);
      return reply.status(204).send();
    },
  );
};
