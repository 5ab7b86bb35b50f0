import {
  articleDetailSchema,
  articleFacetsSchema,
  articleListItemSchema,
  articleListQuerySchema,
  articleParams,
  articleUpdateSchema,
  syncRunListQuerySchema,
  syncRunParams,
  syncRunSchema,
  syncStartSchema,
} from '@app/shared/articles/articles';
import { envelope, noQuery, pageOf } from '@app/shared/platform/http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { AppError } from '../../platform/errors';
import * as articles from './articles.service';
import * as sync from './sync.service';

const tags = ['articles'];
const view = { access: access.employee('articles.view') };
const manage = { access: access.employee('products.manage') };
const syncHistory = { access: access.employee('articles.view', 'articles.sync') };

// '/api/articles/facets' and '/api/articles/sync' share their shape with '/api/articles/:articleId':
// another method on them is a 405 naming the allowed one, not a 400 about a malformed id (I8).
const siblings: Record<string, string> = { facets: 'GET', sync: 'POST' };
async function notAnArticleId(req: FastifyRequest): Promise<void> {
  const id = (req.params as { articleId?: string }).articleId;
  const allow = id === undefined ? undefined : siblings[id];
  if (allow) throw new AppError('METHOD_NOT_ALLOWED', { headers: { allow } });
}

/** Articles (ERP) and the ERP sync. */
export const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  sync.setSyncLogger(app.platform, app.log);

  app.get(
    '/api/articles',
    {
      config: view,
      schema: {
        tags,
        summary: 'List articles (active or deleted tab), searched, filtered, sorted and paged',
        querystring: articleListQuerySchema,
        response: { 200: pageOf(articleListItemSchema) },
      },
    },
    async (req) => articles.listArticles(req.ctx, req.query),
  );

  app.get(
    '/api/articles/facets',
    {
      config: view,
      schema: {
        tags,
        summary: 'Types, suppliers and statuses of the live articles, with counts',
        querystring: noQuery,
        response: { 200: articleFacetsSchema },
      },
    },
    async (req) => ({ data: await articles.getArticleFacets(req.ctx) }),
  );

  app.get(
    '/api/articles/:articleId',
    {
      config: view,
      preValidation: notAnArticleId,
      schema: {
        tags,
        summary: 'One article with its media',
        params: articleParams,
        querystring: noQuery,
        response: { 200: envelope(articleDetailSchema) },
      },
    },
    async (req) => ({ data: await articles.getArticle(req.ctx, req.params.articleId) }),
  );

  app.patch(
    '/api/articles/:articleId',
    {
      config: manage,
      preValidation: notAnArticleId,
      schema: {
        tags,
        summary: "Save staff fields (usage, specifications, options, media, impression); the ERP's fields are read-only",
        params: articleParams,
        querystring: noQuery,
        body: articleUpdateSchema,
        response: { 200: envelope(articleDetailSchema) },
      },
    },
    async (req) => ({ data: await articles.updateArticle(req.ctx, req.params.articleId, req.body) }),
  );

  app.post(
    '/api/articles/sync',
    {
      config: { access: access.employee('articles.sync') },
      schema: {
        tags,
        summary: 'Sync Articles: queue a run of the ERP sync (409 while one is queued or running)',
        querystring: noQuery,
        body: syncStartSchema.nullish(),
        response: { 202: envelope(syncRunSchema) },
      },
    },
    async (req, reply) => reply.status(202).send({ data: await sync.startSync(req.ctx) }),
  );

  app.get(
    '/api/articles/sync/runs',
    {
      config: syncHistory,
      schema: {
        tags,
        summary: 'The sync history, newest first',
        querystring: syncRunListQuerySchema,
        response: { 200: pageOf(syncRunSchema) },
      },
    },
    async (req) => sync.listSyncRuns(req.ctx, req.query),
  );

  app.get(
    '/api/articles/sync/runs/:runId',
    {
      config: syncHistory,
      schema: {
        tags,
        summary: 'One sync run with its progress',
        params: syncRunParams,
        querystring: noQuery,
        response: { 200: envelope(syncRunSchema) },
      },
    },
    async (req) => ({ data: await sync.getSyncRun(req.ctx, req.params.runId) }),
  );
};
