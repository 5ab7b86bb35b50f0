import { budgetExportQuerySchema, budgetInputSchema, budgetParams, projectBudgetSchema } from '@app/shared/budgets/budgets';
import { envelope, noQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { sendExport } from '../../platform/list-export';
import { exportBudget, getBudget, saveBudget } from './budgets.service';

const tags = ['budgets'];
// Cost prices and everyone's hours: for who runs projects.
const manage = { access: access.employee('projects.manage') };

/** A project's budget against what it spent: read, replace, export. */
export const budgetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/projects/:projectId/budget',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'The hours budget per activity and the articles budget (project, decks and areas) against the booked hours and the order lines at cost price',
        params: budgetParams,
        querystring: noQuery,
        response: { 200: envelope(projectBudgetSchema) },
      },
    },
    async (req) => ({ data: await getBudget(req.ctx, req.params.projectId) }),
  );

  app.put(
    '/api/projects/:projectId/budget',
    {
      config: manage,
      schema: {
        tags,
        summary: "Replaces the project's budget (STALE_VERSION when it changed since `stamp`)",
        params: budgetParams,
        querystring: noQuery,
        body: budgetInputSchema,
        response: { 200: envelope(projectBudgetSchema) },
      },
    },
    async (req) => ({ data: await saveBudget(req.ctx, req.params.projectId, req.body) }),
  );

  app.get(
    '/api/projects/:projectId/budget/export',
    {
      config: manage,
      schema: {
        tags,
        summary: "The budget against actuals as CSV (in the reader's language) or XLSX",
        params: budgetParams,
        querystring: budgetExportQuerySchema,
        response: { 200: z.any().describe('The file') },
      },
    },
    async (req, reply) =>
      sendExport(
        req,
        reply,
        await exportBudget(req.ctx, req.params.projectId, req.query.format),
        '/api/projects/:projectId/budget/export',
      ),
  );
};
