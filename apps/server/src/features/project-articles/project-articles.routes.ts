import { envelope } from '@app/shared/platform/http';
import {
  projectArticlesExportQuerySchema,
  projectArticlesParams,
  projectArticlesQuerySchema,
  projectArticlesSchema,
} from '@app/shared/project-articles/project-articles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { sendExport } from '../../platform/list-export';
import { exportProjectArticles, listProjectArticles } from './project-articles.service';

const tags = ['project-articles'];
const view = { access: access.employee('projects.view', 'projects.manage') };

/** The articles and products on a project's order lines, summed per area and in total; CSV and XLSX. */
export const projectArticlesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/projects/:projectId/articles',
    {
      config: view,
      schema: {
        tags,
        summary:
          "The products and articles on the project's order lines with quantities per area (sub-areas included) and in total; sorted and searched, not paged",
        params: projectArticlesParams,
        querystring: projectArticlesQuerySchema,
        response: { 200: envelope(projectArticlesSchema) },
      },
    },
    async (req) => ({ data: await listProjectArticles(req.ctx, req.params.projectId, req.query) }),
  );

  app.get(
    '/api/projects/:projectId/articles/export',
    {
      config: view,
      schema: {
        tags,
        summary:
          'The same list as a download, like every list\'s export: CSV (UTF-8 with BOM; Dutch ";" and decimal commas, English "," and dots) or XLSX (totals, and per area)',
        params: projectArticlesParams,
        querystring: projectArticlesExportQuerySchema,
        response: { 200: z.any().describe('The file') },
      },
    },
    async (req, reply) =>
      sendExport(
        req,
        reply,
        await exportProjectArticles(req.ctx, req.params.projectId, req.query),
        '/api/projects/:projectId/articles/export',
      ),
  );
};
