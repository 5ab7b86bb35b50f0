import { noQuery } from '@app/shared/platform/http';
import { employeeOptionSchema } from '@app/shared/projects/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { employeeOptions } from './employees.service';

const tags = ['employees'];

/** Employees to pick (managers, attached users, assignees). */
export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/employees/options',
    {
      config: { access: access.employee() },
      schema: {
        tags,
        summary: 'Every employee with an enabled account, by name: for pickers (managers, attached users, assignees)',
        querystring: noQuery,
        response: { 200: z.object({ data: z.array(employeeOptionSchema) }) },
      },
    },
    async (req) => ({ data: await employeeOptions(req.ctx) }),
  );
};
