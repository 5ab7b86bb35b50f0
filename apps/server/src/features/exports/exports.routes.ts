import {
  exportInputSchema,
  exportListQuerySchema,
  exportListSchema,
  exportParams,
  exportRunSchema,
  MAX_EXPORT_EMPLOYEES,
  RECENT_EXPORTS,
} from '@app/shared/exports/exports';
import { MAX_EXPORT_DAYS } from '@app/shared/exports/exports.rules';
import { envelope, noQuery } from '@app/shared/platform/http';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { sendDownload } from '../files/files.download';
import * as exportsService from './exports.service';

const tags = ['exports'];
const exporter = { access: access.employee(...PEOPLE_RIGHTS.export) };

/** Payroll exports: /api/exports (hours, overnight stays; XLSX and CSV) run as a job with progress, and the download. */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/exports',
    {
      config: exporter,
      schema: {
        tags,
        summary: 'Export the hours or the overnight stays of a period as XLSX or CSV: a job writes the file (202; poll the run)',
        description:
          `from and to are days (both included), to at most ${MAX_EXPORT_DAYS} days after from; employeeIds (at most ${MAX_EXPORT_EMPLOYEES}) ` +
          'limits the export to those people. Hours: person, Exact ID, date, project, area, task, hours (2 decimals), activity, notes, a total ' +
          'after each person and a grand total. Overnight stays: person, Exact ID, date, nights, project, location, status, the approved nights ' +
          "per person and in all. Headers and labels in the requester's language; CSV in UTF-8 with a BOM (Dutch: ';' and a decimal comma).",
        querystring: noQuery,
        body: exportInputSchema,
        response: { 202: envelope(exportRunSchema) },
      },
    },
    async (req, reply) => reply.status(202).send({ data: await exportsService.createExport(req.ctx, req.body) }),
  );

  app.get(
    '/api/exports',
    {
      config: exporter,
      schema: {
        tags,
        summary: `The signed-in person's ${RECENT_EXPORTS} newest exports (of one kind when asked), with their status and progress`,
        querystring: exportListQuerySchema,
        response: { 200: exportListSchema },
      },
    },
    async (req) => ({ data: await exportsService.listExports(req.ctx, req.query) }),
  );

  app.get(
    '/api/exports/:exportId',
    {
      config: exporter,
      schema: {
        tags,
        summary: "One of the signed-in person's exports: status, rows written of the total; another person's is a 404",
        params: exportParams,
        querystring: noQuery,
        response: { 200: envelope(exportRunSchema) },
      },
    },
    async (req) => ({ data: await exportsService.getExport(req.ctx, req.params.exportId) }),
  );

  app.get(
    '/api/exports/:exportId/file',
    {
      config: exporter,
      schema: {
        tags,
        summary: "Download a finished export's file (409 EXPORT_NOT_READY until it is done), always as an attachment",
        params: exportParams,
        querystring: noQuery,
        response: {
          200: z.any().describe('The file bytes'),
          206: z.any().describe('The bytes of the range asked for'),
          416: z.any().describe('No body: the range starts past the end'),
        },
      },
    },
    async (req, reply) => sendDownload(req, reply, await exportsService.openExportFile(req.ctx, req.params.exportId)),
  );
};
