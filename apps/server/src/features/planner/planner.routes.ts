import {
  availabilityQuerySchema,
  availabilitySchema,
  myPlannerQuerySchema,
  plannerEntrySchema,
  plannerInputSchema,
  plannerListSchema,
  plannerOptionsSchema,
  plannerParams,
  plannerQuerySchema,
  plannerUpdateSchema,
} from '@app/shared/planner/planner';
import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as planner from './planner.service';

const tags = ['planner'];
// Reading: planner.view or planner.manage, or the mobile setting 'see the planner': the
// service checks it, as the route's access cannot read a person's settings.
const view = { access: access.employee() };
const manage = { access: access.employee('planner.manage') };

/** The planner: who works on which project when. */
export const plannerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/planner',
    {
      config: view,
      schema: {
        tags,
        summary: 'The entries overlapping a window of days (at most 182), filtered by people and projects',
        querystring: plannerQuerySchema,
        response: { 200: envelope(plannerListSchema) },
      },
    },
    async (req) => ({ data: await planner.listEntries(req.ctx, req.query) }),
  );

  app.get(
    '/api/planner/options',
    {
      config: view,
      schema: {
        tags,
        summary: 'The people who can be planned and the projects (with their colours), for pickers and filters',
        querystring: noQuery,
        response: { 200: envelope(plannerOptionsSchema) },
      },
    },
    async (req) => ({ data: await planner.options(req.ctx) }),
  );

  app.get(
    '/api/planner/availability',
    {
      config: view,
      schema: {
        tags,
        summary:
          'Who is away and who is scheduled in a window: per person the schedule versions and the absences (approved and pending leave, collective leave, sick leave), and the public holidays',
        querystring: availabilityQuerySchema,
        response: { 200: envelope(availabilitySchema) },
      },
    },
    async (req) => ({ data: await planner.availability(req.ctx, req.query) }),
  );

  app.get(
    '/api/planner/mine',
    {
      config: { access: access.employee() },
      schema: {
        tags,
        summary: "The signed-in employee's own entries (default: this week and the next): the home screen",
        querystring: myPlannerQuerySchema,
        response: { 200: envelope(plannerListSchema) },
      },
    },
    async (req) => ({ data: await planner.myEntries(req.ctx, req.query) }),
  );

  app.get(
    '/api/planner/:plannerEntryId',
    {
      config: view,
      schema: {
        tags,
        summary: 'One entry',
        params: plannerParams,
        querystring: noQuery,
        response: { 200: envelope(plannerEntrySchema) },
      },
    },
    async (req) => ({ data: await planner.getEntry(req.ctx, req.params.plannerEntryId) }),
  );

  app.post(
    '/api/planner',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Plan a person on a project (wall-clock start and end, end exclusive; all-day from midnight to midnight); 409 PLANNER_CONFLICT with the reasons unless confirm is sent',
        querystring: noQuery,
        body: plannerInputSchema,
        response: { 201: envelope(plannerEntrySchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await planner.createEntry(req.ctx, req.body) }),
  );

  app.patch(
    '/api/planner/:plannerEntryId',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Change an entry: person, project, start, end, all day, notes (send the version it was based on); a new person or time answers 409 PLANNER_CONFLICT with the reasons unless confirm is sent',
        params: plannerParams,
        querystring: noQuery,
        body: plannerUpdateSchema,
        response: { 200: envelope(plannerEntrySchema) },
      },
    },
    async (req) => ({ data: await planner.updateEntry(req.ctx, req.params.plannerEntryId, req.body) }),
  );

  app.delete(
    '/api/planner/:plannerEntryId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an entry (send the version)',
        params: plannerParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await planner.deleteEntry(req.ctx, req.params.plannerEntryId, req.query.version);
      return reply.status(204).send();
    },
  );
};
