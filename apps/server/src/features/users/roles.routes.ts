import { emptyResponse, envelope, idParam, listQueryBase, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import {
  permissionMatrixInputSchema,
  permissionMatrixSchema,
  ROLE_SORTS,
  type Role,
  roleInputSchema,
  roleSchema,
  roleUpdateSchema,
} from '@app/shared/users/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { registerListExport } from '../../platform/list-export';
import * as roles from './roles.service';

const tags = ['roles'];
const manageRoles = { access: access.employee('users.manage-roles') };
const roleParams = idParam('roleId');
const roleListQuery = listQueryBase.extend({ sort: z.enum(ROLE_SORTS).default('name') });
const DASHBOARDS = {
  general: { nl: 'Algemeen', en: 'General' },
  projects: { nl: 'Projecten', en: 'Projects' },
  planning: { nl: 'Planning', en: 'Planning' },
  hr: { nl: 'HR', en: 'HR' },
} as const;

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/roles',
    {
      config: manageRoles,
      schema: { tags, summary: 'List roles', querystring: roleListQuery, response: { 200: pageOf(roleSchema) } },
    },
    async (req) => roles.listRoles(req.ctx, req.query),
  );

  registerListExport(app, {
    path: '/api/roles/export',
    ...manageRoles,
    query: roleListQuery,
    tags,
    summary: 'The roles as CSV or XLSX, with the search and sort of the list',
    fileName: { nl: 'rollen', en: 'roles' },
    sheetName: { nl: 'Rollen', en: 'Roles' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (r: Role) => r.id },
      { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 24, value: (r) => r.name },
      { header: { nl: 'Slug', en: 'Slug' }, type: 'text', width: 20, value: (r) => r.slug },
      {
        header: { nl: 'Dashboard', en: 'Dashboard' },
        type: 'text',
        width: 12,
        value: (r, l) => DASHBOARDS[r.dashboard_view]?.[l] ?? r.dashboard_view,
      },
      {
        header: { nl: 'Rechten', en: 'Rights' },
        type: 'text',
        width: 60,
        value: (r, l) => (r.is_admin ? { nl: 'Alle rechten', en: 'All rights' }[l] : r.permissions.join(', ') || null),
      },
      { header: { nl: 'Medewerkers', en: 'Employees' }, type: 'integer', value: (r) => r.users_count },
      { header: { nl: 'Gewijzigd', en: 'Updated' }, type: 'datetime', value: (r) => r.updated_at },
    ],
    page: async (ctx, q: z.output<typeof roleListQuery>) => ({ rows: (await roles.listRoles(ctx, q)).data }),
  });

  app.get(
    '/api/roles/:roleId',
    {
      config: manageRoles,
      schema: { tags, summary: 'One role', params: roleParams, querystring: noQuery, response: { 200: envelope(roleSchema) } },
    },
    async (req) => ({ data: await roles.getRole(req.ctx, req.params.roleId) }),
  );

  app.post(
    '/api/roles',
    {
      config: manageRoles,
      schema: {
        tags,
        summary: 'Create a role',
        querystring: noQuery,
        body: roleInputSchema,
        response: { 201: envelope(roleSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await roles.createRole(req.ctx, req.body) }),
  );

  app.patch(
    '/api/roles/:roleId',
    {
      config: manageRoles,
      schema: {
        tags,
        summary: 'Update a role (send the version it was based on)',
        params: roleParams,
        querystring: noQuery,
        body: roleUpdateSchema,
        response: { 200: envelope(roleSchema) },
      },
    },
    async (req) => ({ data: await roles.updateRole(req.ctx, req.params.roleId, req.body) }),
  );

  app.delete(
    '/api/roles/:roleId',
    {
      config: manageRoles,
      schema: {
        tags,
        summary: 'Delete a role nobody has (send the version)',
        params: roleParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await roles.deleteRole(req.ctx, req.params.roleId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/permissions',
    {
      config: manageRoles,
      schema: {
        tags,
        summary: 'The roles x permissions matrix',
        querystring: noQuery,
        response: { 200: envelope(permissionMatrixSchema) },
      },
    },
    async (req) => ({ data: await roles.getPermissionMatrix(req.ctx) }),
  );

  app.put(
    '/api/permissions',
    {
      config: manageRoles,
      schema: {
        tags,
        summary: 'Save the matrix; every role must be at the version shown',
        querystring: noQuery,
        body: permissionMatrixInputSchema,
        response: { 200: envelope(permissionMatrixSchema) },
      },
    },
    async (req) => ({ data: await roles.savePermissionMatrix(req.ctx, req.body) }),
  );
};
