import {
  hourRuleInputSchema,
  hourRuleListSchema,
  hourRuleParams,
  hourRuleSchema,
  hourRuleUpdateSchema,
  leavePolicySchema,
  leavePolicyUpdateSchema,
  leaveTypeInputSchema,
  leaveTypeListSchema,
  leaveTypeParams,
  leaveTypeQuerySchema,
  leaveTypeSchema,
  leaveTypeUpdateSchema,
  publicHolidayListSchema,
  publicHolidayQuerySchema,
} from '@app/shared/leave/leave';
import { LEAVE_RIGHTS } from '@app/shared/leave/leave.rules';
import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as settings from './leave-settings.service';

const tags = ['leave'];
/** Any employee: the active leave types (to request leave), the policy, the public holidays. */
const anyEmployee = { access: access.employee() };
const typesManage = { access: access.employee(...LEAVE_RIGHTS.typesManage) };
const hourRules = { access: access.employee(...LEAVE_RIGHTS.hourRules) };

/** Leave types, the leave policy, hour rules and the public holidays. */
export const leaveSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- leave types

  app.get(
    '/api/leave-types',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary:
          'The active leave types by name (the request form offers them); ?all=1 inactive ones too (leave-categories rights, else 403)',
        querystring: leaveTypeQuerySchema,
        response: { 200: leaveTypeListSchema },
      },
    },
    async (req) => ({ data: await settings.listLeaveTypes(req.ctx, req.query.all === '1') }),
  );

  app.post(
    '/api/leave-types',
    {
      config: typesManage,
      schema: {
        tags,
        summary: 'Add a leave type (the code is unique, case ignored)',
        querystring: noQuery,
        body: leaveTypeInputSchema,
        response: { 201: envelope(leaveTypeSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await settings.createLeaveType(req.ctx, req.body) }),
  );

  app.patch(
    '/api/leave-types/:leaveTypeId',
    {
      config: typesManage,
      schema: {
        tags,
        summary: 'Change a leave type (every field, with the version it was based on)',
        params: leaveTypeParams,
        querystring: noQuery,
        body: leaveTypeUpdateSchema,
        response: { 200: envelope(leaveTypeSchema) },
      },
    },
    async (req) => ({ data: await settings.updateLeaveType(req.ctx, req.params.leaveTypeId, req.body) }),
  );

  app.delete(
    '/api/leave-types/:leaveTypeId',
    {
      config: typesManage,
      schema: {
        tags,
        summary: 'Delete an unused leave type (a used one: 409 LEAVE_TYPE_IN_USE; deactivate it instead)',
        params: leaveTypeParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await settings.deleteLeaveType(req.ctx, req.params.leaveTypeId, req.query.version);
      return reply.status(204).send();
    },
  );

  // ---- the leave policy

  app.get(
    '/api/leave-policy',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'The leave policy: a full-time week and the yearly entitlement at full time, in minutes',
        querystring: noQuery,
        response: { 200: envelope(leavePolicySchema) },
      },
    },
    async (req) => ({ data: await settings.getLeavePolicy(req.ctx) }),
  );

  app.put(
    '/api/leave-policy',
    {
      config: typesManage,
      schema: {
        tags,
        summary: 'Change the leave policy (with the version it was based on); every card follows on its next read',
        querystring: noQuery,
        body: leavePolicyUpdateSchema,
        response: { 200: envelope(leavePolicySchema) },
      },
    },
    async (req) => ({ data: await settings.updateLeavePolicy(req.ctx, req.body) }),
  );

  // ---- hour rules

  app.get(
    '/api/hour-rules',
    {
      config: hourRules,
      schema: {
        tags,
        summary: 'The hour rules by name',
        querystring: noQuery,
        response: { 200: hourRuleListSchema },
      },
    },
    async (req) => ({ data: await settings.listHourRules(req.ctx) }),
  );

  app.post(
    '/api/hour-rules',
    {
      config: hourRules,
      schema: {
        tags,
        summary: 'Add an hour rule; the overtime of the bookings it matches (after the payroll lock) is written at once',
        querystring: noQuery,
        body: hourRuleInputSchema,
        response: { 201: envelope(hourRuleSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await settings.createHourRule(req.ctx, req.body) }),
  );

  app.patch(
    '/api/hour-rules/:hourRuleId',
    {
      config: hourRules,
      schema: {
        tags,
        summary: 'Change an hour rule (every field, with the version); the overtime after the payroll lock is rewritten',
        params: hourRuleParams,
        querystring: noQuery,
        body: hourRuleUpdateSchema,
        response: { 200: envelope(hourRuleSchema) },
      },
    },
    async (req) => ({ data: await settings.updateHourRule(req.ctx, req.params.hourRuleId, req.body) }),
  );

  app.delete(
    '/api/hour-rules/:hourRuleId',
    {
      config: hourRules,
      schema: {
        tags,
        summary: 'Delete an hour rule: its overtime after the payroll lock goes, the locked lines stay',
        params: hourRuleParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await settings.deleteHourRule(req.ctx, req.params.hourRuleId, req.query.version);
      return reply.status(204).send();
    },
  );

  // ---- public holidays

  app.get(
    '/api/public-holidays',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'The Dutch public holidays of a year (computed; the source named), each with whether it is a day off',
        querystring: publicHolidayQuerySchema,
        response: { 200: publicHolidayListSchema },
      },
    },
    async (req) => settings.listPublicHolidays(req.query.year),
  );
};
