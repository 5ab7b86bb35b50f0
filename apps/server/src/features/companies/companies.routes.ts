import { actingAsInputSchema, companyBrandSchema } from '@app/shared/auth/auth';
import {
  type CompanyListQuery,
  type CompanySummary,
  companyInputSchema,
  companyListQuerySchema,
  companyLogoSchema,
  companyOptionSchema,
  companyParams,
  companySchema,
  companySummarySchema,
  companyUpdateSchema,
  companyVersionSchema,
} from '@app/shared/companies/companies';
import { emptyResponse, envelope, noQuery, pageOf } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { registerListExport } from '../../platform/list-export';
import * as companies from './companies.service';

const tags = ['companies'];

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies',
    {
      config: { access: access.employee('companies.manage', 'companies.act-as-client') },
      schema: {
        tags,
        summary: 'List client companies',
        querystring: companyListQuerySchema,
        response: { 200: pageOf(companySummarySchema) },
      },
    },
    async (req) => companies.listCompanies(req.ctx, req.query),
  );

  registerListExport(app, {
    path: '/api/companies/export',
    access: access.employee('companies.manage', 'companies.act-as-client'),
    query: companyListQuerySchema,
    tags,
    summary: 'The companies list (active or archived tab) as CSV or XLSX, with its search, sector filter and sort',
    fileName: { nl: 'bedrijven', en: 'companies' },
    sheetName: { nl: 'Bedrijven', en: 'Companies' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (c: CompanySummary) => c.id },
      { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 32, value: (c) => c.name },
      {
        header: { nl: 'Sector', en: 'Sector' },
        type: 'text',
        width: 12,
        value: (c) => ({ cruise: 'Cruise', leisure: 'Leisure' })[c.sector] ?? c.sector,
      },
      { header: { nl: 'Plaats', en: 'City' }, type: 'text', width: 20, value: (c) => c.city },
      { header: { nl: 'Land', en: 'Country' }, type: 'text', width: 16, value: (c) => c.country },
      { header: { nl: 'Gebruikers', en: 'Users' }, type: 'integer', value: (c) => c.usersCount },
    ],
    page: async (ctx, q: CompanyListQuery) => ({ rows: (await companies.listCompanies(ctx, q)).data }),
  });

  app.get(
    '/api/companies/options',
    {
      // A short list for pickers: also for project managers, who attach companies to projects.
      config: { access: access.employee('companies.manage', 'companies.act-as-client', 'projects.manage') },
      schema: {
        tags,
        summary: 'Every live company in short (id, name, sector), for pickers',
        querystring: noQuery,
        response: { 200: envelope(z.array(companyOptionSchema)) },
      },
    },
    async (req) => ({ data: await companies.companyOptions(req.ctx) }),
  );

  app.get(
    '/api/companies/:companyId',
    {
      // Staff with a company right read any company; a company user (or an employee acting as one) only its own.
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: 'One company (its own for a company user)',
        params: companyParams,
        querystring: noQuery,
        response: { 200: envelope(companySchema) },
      },
    },
    async (req) => ({ data: await companies.getCompany(req.ctx, req.params.companyId) }),
  );

  const manage = { access: access.employee('companies.manage') };

  app.post(
    '/api/companies',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a client company',
        querystring: noQuery,
        body: companyInputSchema,
        response: { 201: envelope(companySchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await companies.createCompany(req.ctx, req.body) }),
  );

  app.put(
    '/api/companies/:companyId',
    {
      config: manage,
      schema: {
        tags,
        summary: "Save a company's fields (send the version it was based on)",
        params: companyParams,
        querystring: noQuery,
        body: companyUpdateSchema,
        response: { 200: envelope(companySchema) },
      },
    },
    async (req) => ({ data: await companies.updateCompany(req.ctx, req.params.companyId, req.body) }),
  );

  app.put(
    '/api/companies/:companyId/logo',
    {
      config: manage,
      schema: {
        tags,
        summary: "Set the company's logo (an uploaded image) or clear it (null); saved on its own, without the form's version",
        params: companyParams,
        querystring: noQuery,
        body: companyLogoSchema,
        response: { 200: envelope(companySchema) },
      },
    },
    async (req) => ({ data: await companies.setLogo(req.ctx, req.params.companyId, req.body.mediaId) }),
  );

  app.post(
    '/api/companies/:companyId/archive',
    {
      config: manage,
      schema: {
        tags,
        summary: "Archive a company: its users' sessions end and they cannot sign in until it is restored",
        params: companyParams,
        querystring: noQuery,
        body: companyVersionSchema,
        response: { 200: envelope(companySchema) },
      },
    },
    async (req) => ({ data: await companies.archiveCompany(req.ctx, req.params.companyId, req.body.version) }),
  );

  app.post(
    '/api/companies/:companyId/restore',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Restore an archived company',
        params: companyParams,
        querystring: noQuery,
        body: companyVersionSchema,
        response: { 200: envelope(companySchema) },
      },
    },
    async (req) => ({ data: await companies.restoreCompany(req.ctx, req.params.companyId, req.body.version) }),
  );

  app.post(
    '/api/acting-as',
    {
      config: { access: access.employee('companies.act-as-client') },
      schema: {
        tags,
        summary: 'Start acting as a company (recorded in the audit log)',
        querystring: noQuery,
        body: actingAsInputSchema,
        response: { 200: envelope(companyBrandSchema) },
      },
    },
    async (req) => ({ data: await companies.startActingAs(req.ctx, req.body.companyId) }),
  );

  app.delete(
    '/api/acting-as',
    {
      config: { access: access.portal },
      schema: {
        tags,
        summary: 'Stop acting as a company (send with the Acting-As header)',
        querystring: noQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await companies.stopActingAs(req.ctx);
      return reply.status(204).send();
    },
  );
};
