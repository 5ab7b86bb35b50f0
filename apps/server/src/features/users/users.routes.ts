import { emptyResponse, envelope, noQuery, pageOf } from '@app/shared/platform/http';
import {
  type EmployeeListQuery,
  type EmployeeRow,
  employeeInputSchema,
  employeeListQuerySchema,
  employeeRowSchema,
  employeeSchema,
  employeeUpdateSchema,
  employeeVersionSchema,
  mobileSettingsSchema,
  mobileSettingsUpdateSchema,
  roleRefSchema,
} from '@app/shared/users/employees';
import { userParams } from '@app/shared/users/people';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { registerListExport } from '../../platform/list-export';
import { registerEmployeeBulkActions } from './users.bulk';
import * as users from './users.service';

const tags = ['employees'];
/** Any employee: the scope decides (one's own profile, or others' with the rights). */
const anyEmployee = { access: access.employee() };
const view = { access: access.employee(...PEOPLE_RIGHTS.viewEmployees) };
const manage = { access: access.employee(...PEOPLE_RIGHTS.manageEmployees) };

/** Employees: /api/users list (active, deleted), one employee, create with an invitation, edit (S10: own e-mail needs the current password), deactivate (S5/S7: sessions end at once), restore, end sessions, mobile settings. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      config: view,
      schema: {
        tags,
        summary: 'The employees (tab active or deleted), searched on name, e-mail and function, sorted and paged',
        querystring: employeeListQuerySchema,
        response: { 200: pageOf(employeeRowSchema) },
      },
    },
    async (req) => users.listEmployees(req.ctx, req.query),
  );

  registerListExport(app, {
    path: '/api/users/export',
    ...view,
    query: employeeListQuerySchema,
    tags,
    summary: 'The employees list (active or deleted tab) as CSV or XLSX, with its search and sort',
    fileName: { nl: 'medewerkers', en: 'employees' },
    sheetName: { nl: 'Medewerkers', en: 'Employees' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (e: EmployeeRow) => e.id },
      { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 28, value: (e) => e.name },
      { header: { nl: 'Functie', en: 'Function' }, type: 'text', width: 22, value: (e) => e.function },
      { header: { nl: 'Rol', en: 'Role' }, type: 'text', width: 18, value: (e) => e.role?.name ?? null },
      { header: { nl: 'E-mailadres', en: 'E-mail address' }, type: 'text', width: 32, value: (e) => e.email },
      { header: { nl: 'Telefoon', en: 'Phone' }, type: 'text', width: 16, value: (e) => e.phone },
      { header: { nl: 'Exact-ID', en: 'Exact ID' }, type: 'text', width: 12, value: (e) => e.exactId },
      { header: { nl: 'Laatst ingelogd', en: 'Last signed in' }, type: 'datetime', value: (e) => e.lastLoginAt },
      { header: { nl: 'Gedeactiveerd', en: 'Deactivated' }, type: 'datetime', value: (e) => e.deletedAt },
    ],
    page: async (ctx, q: EmployeeListQuery) => ({ rows: (await users.listEmployees(ctx, q)).data }),
  });
  registerEmployeeBulkActions(app);

  app.get(
    '/api/users/role-options',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The roles to pick for an employee, by name',
        querystring: noQuery,
        response: { 200: z.object({ data: z.array(roleRefSchema) }) },
      },
    },
    async (req) => ({ data: await users.roleOptions(req.ctx) }),
  );

  app.post(
    '/api/users',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add an employee; the invitation to set a password is mailed in their language',
        querystring: noQuery,
        body: employeeInputSchema,
        response: { 201: envelope(employeeSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await users.createEmployee(req.ctx, req.body) }),
  );

  app.get(
    '/api/users/:userId',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: "One employee's profile (one's own, or anyone's with a right that keeps part of a record), with abilities",
        params: userParams,
        querystring: noQuery,
        response: { 200: envelope(employeeSchema) },
      },
    },
    async (req) => ({ data: await users.getEmployee(req.ctx, req.params.userId) }),
  );

  app.put(
    '/api/users/:userId',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary:
          "Save the profile (send the version): users.manage every field but one's own role; oneself the e-mail, private e-mail and phone (a new own e-mail needs currentPassword)",
        params: userParams,
        querystring: noQuery,
        body: employeeUpdateSchema,
        response: { 200: envelope(employeeSchema) },
      },
    },
    async (req) => ({ data: await users.updateEmployee(req.ctx, req.params.userId, req.body) }),
  );

  app.post(
    '/api/users/:userId/deactivate',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Deactivate the employee: they can no longer sign in and their sessions end at once (not oneself)',
        params: userParams,
        querystring: noQuery,
        body: employeeVersionSchema,
        response: { 200: envelope(employeeSchema) },
      },
    },
    async (req) => ({ data: await users.deactivateEmployee(req.ctx, req.params.userId, req.body.version) }),
  );

  app.post(
    '/api/users/:userId/restore',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Restore a deactivated employee: they can sign in again',
        params: userParams,
        querystring: noQuery,
        body: employeeVersionSchema,
        response: { 200: envelope(employeeSchema) },
      },
    },
    async (req) => ({ data: await users.restoreEmployee(req.ctx, req.params.userId, req.body.version) }),
  );

  app.delete(
    '/api/users/:userId/sessions',
    {
      config: manage,
      schema: {
        tags,
        summary: 'End every session of the employee at once: they sign in again',
        params: userParams,
        querystring: noQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await users.endSessions(req.ctx, req.params.userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/users/:userId/invitation',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Mail the invitation again (only while no password was set); the body is {}',
        params: userParams,
        querystring: noQuery,
        body: z.strictObject({}),
        response: { 200: envelope(employeeSchema) },
      },
    },
    async (req) => ({ data: await users.resendInvitation(req.ctx, req.params.userId) }),
  );

  app.get(
    '/api/users/:userId/mobile-settings',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary:
          'What the person may do themselves (book hours, overnight stays, see the planner): their own, or with users.manage',
        params: userParams,
        querystring: noQuery,
        response: { 200: envelope(mobileSettingsSchema) },
      },
    },
    async (req) => ({ data: await users.getMobileSettings(req.ctx, req.params.userId) }),
  );

  app.put(
    '/api/users/:userId/mobile-settings',
    {
      config: manage,
      schema: {
        tags,
        summary: "Save the mobile settings (send the employee's version); they apply to the person's next request",
        params: userParams,
        querystring: noQuery,
        body: mobileSettingsUpdateSchema,
        response: { 200: envelope(mobileSettingsSchema) },
      },
    },
    async (req) => ({ data: await users.updateMobileSettings(req.ctx, req.params.userId, req.body) }),
  );
};
