import { emptyResponse, envelope, idParam, listQueryBase, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import {
  permissionMatrixInputSchema,
  permissionMatrixSchema,
  ROLE_SORTS,
  roleInputSchema,
  roleSchema,
  roleUpdateSchema,
} from '@app/shared/users/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import * as roles from './roles.service';

const tags = ['roles'];
const manageRoles = { access: access.employee('users.manage-roles') };
const roleParams = idParam('roleId');
const roleListQuery = listQueryBase.extend({ sort: z.enum(ROLE_SORTS).default('name') });

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/roles',
    {
      config: manageRoles,
      schema: { tags, summary: 'List roles', querystring: roleListQuery, response: { 200: pageOf(roleSchema) } },
    },
    async (req) => roles.listRoles(req.ctx, req.query),
  );

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
