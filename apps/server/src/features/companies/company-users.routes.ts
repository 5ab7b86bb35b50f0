import { companyParams } from '@app/shared/companies/companies';
import {
  type CompanyUser,
  type CompanyUserListQuery,
  companyUserInputSchema,
  companyUserListQuerySchema,
  companyUserParams,
  companyUserSchema,
  companyUserUpdateSchema,
  ownProfileSchema,
  ownProfileUpdateSchema,
} from '@app/shared/companies/company-users';
import { emptyResponse, envelope, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { registerListExport } from '../../platform/list-export';
import * as users from './company-users.service';

const tags = ['company users'];
const manage = { access: access.employee('companies.manage') };
const INVITATION = {
  none: { nl: 'Niet uitgenodigd', en: 'Not invited' },
  pending: { nl: 'Uitgenodigd', en: 'Invited' },
  accepted: { nl: 'Geaccepteerd', en: 'Accepted' },
} as const;

/** The people of a client company who sign in to its portal (company.users, company.user.details). */
export const companyUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:companyId/users',
    {
      config: manage,
      schema: {
        tags,
        summary: "The company's users, with whether their invitation was accepted",
        params: companyParams,
        querystring: companyUserListQuerySchema,
        response: { 200: pageOf(companyUserSchema) },
      },
    },
    async (req) => users.listUsers(req.ctx, req.params.companyId, req.query),
  );

  registerListExport(app, {
    path: '/api/companies/:companyId/users/export',
    ...manage,
    params: companyParams,
    query: companyUserListQuerySchema,
    tags,
    summary: "The company's users as CSV or XLSX, with the search and sort of the list",
    fileName: { nl: 'bedrijfsgebruikers', en: 'company-users' },
    sheetName: { nl: 'Gebruikers', en: 'Users' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (u: CompanyUser) => u.id },
      { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 28, value: (u) => u.name },
      { header: { nl: 'E-mailadres', en: 'Email address' }, type: 'text', width: 32, value: (u) => u.email },
      { header: { nl: 'Functie', en: 'Job title' }, type: 'text', width: 22, value: (u) => u.jobTitle },
      { header: { nl: 'Telefoon', en: 'Phone' }, type: 'text', width: 16, value: (u) => u.phone },
      { header: { nl: 'Taal', en: 'Language' }, type: 'text', width: 8, value: (u) => u.locale },
      {
        header: { nl: 'Uitnodiging', en: 'Invitation' },
        type: 'text',
        width: 16,
        value: (u, l) => INVITATION[u.invitation]?.[l] ?? u.invitation,
      },
      { header: { nl: 'Uitgenodigd op', en: 'Invited on' }, type: 'datetime', value: (u) => u.invitedAt },
      { header: { nl: 'Laatst ingelogd', en: 'Last signed in' }, type: 'datetime', value: (u) => u.lastLoginAt },
    ],
    page: async (ctx, q: CompanyUserListQuery, { companyId }: { companyId: number }) => ({
      rows: (await users.listUsers(ctx, companyId, q)).data,
    }),
  });

  app.post(
    '/api/companies/:companyId/users',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a user to the company; by default the invitation to set a password is mailed in their language',
        params: companyParams,
        querystring: noQuery,
        body: companyUserInputSchema,
        response: { 201: envelope(companyUserSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await users.createUser(req.ctx, req.params.companyId, req.body) }),
  );

  app.get(
    '/api/companies/:companyId/users/:clientId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One user of the company',
        params: companyUserParams,
        querystring: noQuery,
        response: { 200: envelope(companyUserSchema) },
      },
    },
    async (req) => ({ data: await users.getUser(req.ctx, req.params.companyId, req.params.clientId) }),
  );

  app.put(
    '/api/companies/:companyId/users/:clientId',
    {
      config: manage,
      schema: {
        tags,
        summary: "Save a user's fields, e-mail address and language (send the version it was based on)",
        params: companyUserParams,
        querystring: noQuery,
        body: companyUserUpdateSchema,
        response: { 200: envelope(companyUserSchema) },
      },
    },
    async (req) => ({ data: await users.updateUser(req.ctx, req.params.companyId, req.params.clientId, req.body) }),
  );

  app.post(
    '/api/companies/:companyId/users/:clientId/invitation',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Mail the invitation again (only while no password was set); the body is {}',
        params: companyUserParams,
        querystring: noQuery,
        body: z.strictObject({}),
        response: { 200: envelope(companyUserSchema) },
      },
    },
    async (req) => ({ data: await users.resendInvitation(req.ctx, req.params.companyId, req.params.clientId) }),
  );

  app.delete(
    '/api/companies/:companyId/users/:clientId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove the user: their account and sessions end at once (send the version)',
        params: companyUserParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await users.deleteUser(req.ctx, req.params.companyId, req.params.clientId, req.query.version);
      return reply.status(204).send();
    },
  );

  // The portal's settings: a company user's own profile (an employee acting as the company has none: 403).
  app.get(
    '/api/client/profile',
    {
      config: { access: access.portal },
      schema: {
        tags,
        summary: "The signed-in company user's own profile",
        querystring: noQuery,
        response: { 200: envelope(ownProfileSchema) },
      },
    },
    async (req) => ({ data: await users.getOwnProfile(req.ctx) }),
  );

  app.put(
    '/api/client/profile',
    {
      config: { access: access.portal },
      schema: {
        tags,
        summary: 'Save the own name, job title and phone (the e-mail address is changed by staff)',
        querystring: noQuery,
        body: ownProfileUpdateSchema,
        response: { 200: envelope(ownProfileSchema) },
      },
    },
    async (req) => ({ data: await users.updateOwnProfile(req.ctx, req.body) }),
  );
};
