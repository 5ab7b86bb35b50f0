import { emptyResponse, envelope, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import { projectParams } from '@app/shared/projects/projects';
import {
  applicationParams,
  type TemplateListQuery,
  type TemplateSummary,
  templateApplicationListQuerySchema,
  templateApplicationSchema,
  templateApplySchema,
  templateListQuerySchema,
  templateParams,
  templateSaveSchema,
  templateSchema,
  templateSummarySchema,
  templateUpdateSchema,
} from '@app/shared/templates/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { registerListExport } from '../../platform/list-export';
import * as templates from './templates.service';

const tags = ['templates'];
const view = { access: access.employee('projects.view', 'projects.manage') };
const manage = { access: access.employee('projects.manage') };

/**
 * Project templates: global structures of decks, areas and sub-areas, saved from a project and
 * applied to one (as a job, with its progress).
 */
export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/templates',
    {
      config: view,
      schema: {
        tags,
        summary: 'Templates by title, with how many decks, areas and sub-areas each holds; q searches the title',
        querystring: templateListQuerySchema,
        response: { 200: pageOf(templateSummarySchema) },
      },
    },
    async (req) => templates.listTemplates(req.ctx, req.query),
  );

  registerListExport(app, {
    path: '/api/templates/export',
    ...view,
    query: templateListQuerySchema,
    tags,
    summary: 'The templates as CSV or XLSX, with the search of the list',
    fileName: { nl: 'sjablonen', en: 'templates' },
    sheetName: { nl: 'Sjablonen', en: 'Templates' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (x: TemplateSummary) => x.id },
      { header: { nl: 'Titel', en: 'Title' }, type: 'text', width: 36, value: (x) => x.title },
      { header: { nl: 'Ruimtes', en: 'Areas' }, type: 'integer', value: (x) => x.areaCount },
      { header: { nl: 'Opgeslagen door', en: 'Saved by' }, type: 'text', width: 24, value: (x) => x.createdBy },
      { header: { nl: 'Aangemaakt', en: 'Created' }, type: 'datetime', value: (x) => x.createdAt },
      { header: { nl: 'Gewijzigd', en: 'Changed' }, type: 'datetime', value: (x) => x.updatedAt },
    ],
    page: async (ctx, q: TemplateListQuery) => ({ rows: (await templates.listTemplates(ctx, q)).data }),
  });

  app.get(
    '/api/templates/:templateId',
    {
      config: view,
      schema: {
        tags,
        summary: 'One template with its decks, areas and sub-areas in order',
        params: templateParams,
        querystring: noQuery,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (req) => ({ data: await templates.getTemplate(req.ctx, req.params.templateId) }),
  );

  app.patch(
    '/api/templates/:templateId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename a template (send the version it was based on)',
        params: templateParams,
        querystring: noQuery,
        body: templateUpdateSchema,
        response: { 200: envelope(templateSchema) },
      },
    },
    async (req) => ({ data: await templates.updateTemplate(req.ctx, req.params.templateId, req.body) }),
  );

  app.delete(
    '/api/templates/:templateId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a template (send the version); projects keep what was applied from it',
        params: templateParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await templates.deleteTemplate(req.ctx, req.params.templateId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/projects/:projectId/templates',
    {
      config: manage,
      schema: {
        tags,
        summary: "Save the project's decks, areas and sub-areas (number, name, type, parent) as a new template",
        params: projectParams,
        querystring: noQuery,
        body: templateSaveSchema,
        response: { 201: envelope(templateSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await templates.saveTemplate(req.ctx, req.params.projectId, req.body) }),
  );

  app.get(
    '/api/projects/:projectId/template-applications',
    {
      config: view,
      schema: {
        tags,
        summary: 'Templates applied to the project, newest first, with their progress and what they created and skipped',
        params: projectParams,
        querystring: templateApplicationListQuerySchema,
        response: { 200: pageOf(templateApplicationSchema) },
      },
    },
    async (req) => templates.listApplications(req.ctx, req.params.projectId, req.query),
  );

  app.post(
    '/api/projects/:projectId/template-applications',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Apply a template to the project: a job creates its decks, areas and sub-areas and skips numbers the project has (202; poll the application)',
        params: projectParams,
        querystring: noQuery,
        body: templateApplySchema,
        response: { 202: envelope(templateApplicationSchema) },
      },
    },
    async (req, reply) =>
      reply.status(202).send({ data: await templates.applyTemplate(req.ctx, req.params.projectId, req.body) }),
  );

  app.get(
    '/api/projects/:projectId/template-applications/:applicationId',
    {
      config: view,
      schema: {
        tags,
        summary: "One application's progress: processed of total, created, skipped and the first skipped numbers",
        params: applicationParams,
        querystring: noQuery,
        response: { 200: envelope(templateApplicationSchema) },
      },
    },
    async (req) => ({ data: await templates.getApplication(req.ctx, req.params.projectId, req.params.applicationId) }),
  );
};
