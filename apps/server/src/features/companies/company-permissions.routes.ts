import { companyParams } from '@app/shared/companies/companies';
import {
  companyProjectAccessDetailSchema,
  companyProjectAccessSchema,
  companyProjectAccessUpdateSchema,
  companyProjectParams,
} from '@app/shared/companies/company-permissions';
import { envelope, noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import * as permissions from './company-permissions.service';

const tags = ['company permissions'];
const manage = { access: access.employee('companies.manage') };

/** company.permissions: per attached project, all areas or the selected ones. */
export const companyPermissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:companyId/permissions',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The projects the company is attached to, each with all areas or the selected ones',
        params: companyParams,
        querystring: noQuery,
        response: { 200: envelope(z.array(companyProjectAccessSchema)) },
      },
    },
    async (req) => ({ data: await permissions.listAccess(req.ctx, req.params.companyId) }),
  );

  app.get(
    '/api/companies/:companyId/permissions/:projectId',
    {
      config: manage,
      schema: {
        tags,
        summary: "One project's access, with the project's decks, areas and sub-areas to pick from",
        params: companyProjectParams,
        querystring: noQuery,
        response: { 200: envelope(companyProjectAccessDetailSchema) },
      },
    },
    async (req) => ({ data: await permissions.getAccess(req.ctx, req.params.companyId, req.params.projectId) }),
  );

  app.put(
    '/api/companies/:companyId/permissions/:projectId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Set all areas, or the selected decks, areas and sub-areas (send the version)',
        params: companyProjectParams,
        querystring: noQuery,
        body: companyProjectAccessUpdateSchema,
        response: { 200: envelope(companyProjectAccessDetailSchema) },
      },
    },
    async (req) => ({
      data: await permissions.updateAccess(req.ctx, req.params.companyId, req.params.projectId, req.body),
    }),
  );
};
