import {
  bookedHourInputSchema,
  bookedHourSchema,
  bookedHourUpdateSchema,
  hourLockInputSchema,
  hourLockSchema,
  hourParams,
  hourProjectOptionsSchema,
  hourProjectsQuerySchema,
  hoursListQuerySchema,
  hoursListSchema,
  hoursWeekQuerySchema,
  hoursWeekSchema,
  hourTargetsSchema,
  projectHoursQuerySchema,
  projectHoursSchema,
} from '@app/shared/hours/hours';
import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import { projectParams } from '@app/shared/projects/projects';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { registerHoursExport } from './hours.exports';
import * as hours from './hours.service';

const tags = ['hours'];
/** Own hours (with self-service) or anyone's with the hours rights: the service and the scope decide. */
const anyEmployee = { access: access.employee() };
const hoursStaff = { access: access.employee(...PEOPLE_RIGHTS.hours) };

/** Booked hours: /api/hours (book, change, remove; the list across projects), /api/hours/week, /api/hours/lock, /api/projects/:projectId/hours. */
export const hoursRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/hours/week',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary:
          "One person's ISO week (own when employeeId is left out; another person's with hours.manage, else 404): scheduled and booked minutes per day, totals, the lock, canBook",
        querystring: hoursWeekQuerySchema,
        response: { 200: envelope(hoursWeekSchema) },
      },
    },
    async (req) => ({ data: await hours.getWeek(req.ctx, req.query) }),
  );

  app.get(
    '/api/hours',
    {
      config: hoursStaff,
      schema: {
        tags,
        summary:
          'Every booking across projects (hours.manage), filtered, sorted and paged, with the minutes of all matching rows',
        querystring: hoursListQuerySchema,
        response: { 200: hoursListSchema },
      },
    },
    async (req) => hours.listBookedHours(req.ctx, req.query),
  );
  registerHoursExport(app);

  app.post(
    '/api/hours',
    {
      config: { ...anyEmployee, idempotent: true },
      schema: {
        tags,
        summary:
          "Book hours: own (self-service bookHours, else 403 SELF_SERVICE_OFF) or anyone's with hours.manage; 409 HOURS_PERIOD_LOCKED on a locked day, HOURS_DAY_FULL past 24 hours a day",
        querystring: noQuery,
        body: bookedHourInputSchema,
        response: { 201: envelope(bookedHourSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await hours.createBookedHour(req.ctx, req.body) }),
  );

  app.put(
    '/api/hours/:hourId',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'Change a booking (send the version it was based on); neither its old nor its new day may be locked',
        params: hourParams,
        querystring: noQuery,
        body: bookedHourUpdateSchema,
        response: { 200: envelope(bookedHourSchema) },
      },
    },
    async (req) => ({ data: await hours.updateBookedHour(req.ctx, req.params.hourId, req.body) }),
  );

  app.delete(
    '/api/hours/:hourId',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'Remove a booking (send the version); not on a locked day',
        params: hourParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await hours.deleteBookedHour(req.ctx, req.params.hourId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/hours/projects',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'The projects one may book on (active, not deleted), by name, at most 50',
        querystring: hourProjectsQuerySchema,
        response: { 200: hourProjectOptionsSchema },
      },
    },
    async (req) => hours.listHourProjects(req.ctx, req.query.q),
  );

  app.get(
    '/api/hours/projects/:projectId/targets',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: "A project's areas (deck / area / sub-area path) and open tasks, for a booking's optional area and task",
        params: projectParams,
        querystring: noQuery,
        response: { 200: envelope(hourTargetsSchema) },
      },
    },
    async (req) => ({ data: await hours.getHourTargets(req.ctx, req.params.projectId) }),
  );

  app.get(
    '/api/hours/lock',
    {
      config: { access: access.employee(...PEOPLE_RIGHTS.hours, ...PEOPLE_RIGHTS.export) },
      schema: {
        tags,
        summary: 'The hour lock in force: the day through which payroll has run (null: nothing locked)',
        querystring: noQuery,
        response: { 200: envelope(hourLockSchema) },
      },
    },
    async (req) => ({ data: await hours.getLock(req.ctx) }),
  );

  app.put(
    '/api/hours/lock',
    {
      config: hoursStaff,
      schema: {
        tags,
        summary: 'Set the hour lock (a new row; the history stays); null opens every period again',
        querystring: noQuery,
        body: hourLockInputSchema,
        response: { 200: envelope(hourLockSchema) },
      },
    },
    async (req) => ({ data: await hours.setLock(req.ctx, req.body.lockedThrough) }),
  );

  app.get(
    '/api/projects/:projectId/hours',
    {
      config: { access: access.employee(...PEOPLE_RIGHTS.hours, 'projects.manage') },
      schema: {
        tags,
        summary: `A project's hours per person per ISO week, from week to week (at most 26 weeks), with totals`,
        params: projectParams,
        querystring: projectHoursQuerySchema,
        response: { 200: envelope(projectHoursSchema) },
      },
    },
    async (req) => ({ data: await hours.getProjectHours(req.ctx, req.params.projectId, req.query) }),
  );
};
