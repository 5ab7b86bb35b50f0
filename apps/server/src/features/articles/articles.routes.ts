import {
  type ArticleListItem,
  type ArticleListQuery,
  articleDetailSchema,
  articleFacetsSchema,
  articleListItemSchema,
  articleListQuerySchema,
  articleParams,
  articleUpdateSchema,
  type SyncRun,
  type SyncRunListQuery,
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
import { registerListExport } from '../../platform/list-export';
import { registerArticleBulkActions } from './articles.bulk';
import * as articles from './articles.service';
import * as sync from './sync.service';

const tags = ['articles'];
const view = { access: access.employee('articles.view') };
const manage = { access: access.employee('products.manage') };
const syncHistory = { access: access.employee('articles.view', 'articles.sync') };

// '/api/articles/facets' and '/api/articles/sync' share their shape with '/api/articles/:articleId':
// another method on them is a 405 naming the allowed one, not a 400 about a malformed id (I8).
const siblings: Record<string, string> = { facets: 'GET', sync: 'POST', export: 'GET' };

const ARTICLE_STATUS = {
  active: { nl: 'Actief', en: 'Active' },
  blocked: { nl: 'Geblokkeerd', en: 'Blocked' },
  discontinued: { nl: 'Uit assortiment', en: 'Discontinued' },
} as const;
const SYNC_STATUS = {
  queued: { nl: 'In de wachtrij', en: 'Queued' },
  running: { nl: 'Bezig', en: 'Running' },
  succeeded: { nl: 'Geslaagd', en: 'Succeeded' },
  failed: { nl: 'Mislukt', en: 'Failed' },
  aborted: { nl: 'Afgebroken', en: 'Aborted' },
} as const;
const SYNC_TRIGGER = { manual: { nl: 'Handmatig', en: 'Manual' }, schedule: { nl: 'Automatisch', en: 'Scheduled' } } as const;
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

  registerArticleBulkActions(app, manage.access);

  registerListExport(app, {
    path: '/api/articles/export',
    ...view,
    query: articleListQuerySchema,
    tags,
    summary: 'The articles list (active or deleted tab) as CSV or XLSX, with its search, filters and sort',
    fileName: { nl: 'artikelen', en: 'articles' },
    sheetName: { nl: 'Artikelen', en: 'Articles' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (a: ArticleListItem) => a.id },
      { header: { nl: 'ERP-id', en: 'ERP id' }, type: 'text', width: 12, value: (a) => a.erpId },
      { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 40, value: (a) => a.name },
      { header: { nl: 'Artikelnummer', en: 'Article no.' }, type: 'text', width: 16, value: (a) => a.sku },
      { header: { nl: 'Type', en: 'Type' }, type: 'text', width: 20, value: (a) => a.typeName ?? a.typeCode },
      { header: { nl: 'Leverancier', en: 'Supplier' }, type: 'text', width: 24, value: (a) => a.supplierName },
      {
        header: { nl: 'Status', en: 'Status' },
        type: 'text',
        width: 16,
        value: (a, l) => ARTICLE_STATUS[a.status]?.[l] ?? a.status,
      },
      { header: { nl: 'Eenheid', en: 'Unit' }, type: 'text', width: 10, value: (a) => a.unit },
      { header: { nl: 'Product', en: 'Product' }, type: 'integer', width: 10, value: (a) => a.productId },
      { header: { nl: 'Gesynchroniseerd', en: 'Synced' }, type: 'datetime', value: (a) => a.syncedAt },
      { header: { nl: 'Verwijderd op', en: 'Deleted on' }, type: 'datetime', value: (a) => a.deletedAt },
    ],
    page: async (ctx, q: ArticleListQuery) => ({ rows: (await articles.listArticles(ctx, q)).data }),
  });

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

  registerListExport(app, {
    path: '/api/articles/sync/runs/export',
    ...syncHistory,
    query: syncRunListQuerySchema,
    tags,
    summary: 'The sync history as CSV or XLSX, newest first',
    fileName: { nl: 'synchronisaties', en: 'syncs' },
    sheetName: { nl: 'Synchronisaties', en: 'Syncs' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (r: SyncRun) => r.id },
      { header: { nl: 'Gestart', en: 'Started' }, type: 'datetime', value: (r) => r.startedAt },
      { header: { nl: 'Door', en: 'By' }, type: 'text', width: 24, value: (r) => r.triggeredBy },
      {
        header: { nl: 'Aanleiding', en: 'Trigger' },
        type: 'text',
        width: 14,
        value: (r, l) => SYNC_TRIGGER[r.trigger]?.[l] ?? r.trigger,
      },
      {
        header: { nl: 'Status', en: 'Status' },
        type: 'text',
        width: 14,
        value: (r, l) => SYNC_STATUS[r.status]?.[l] ?? r.status,
      },
      { header: { nl: 'Nieuw', en: 'New' }, type: 'integer', value: (r) => r.created },
      { header: { nl: 'Bijgewerkt', en: 'Updated' }, type: 'integer', value: (r) => r.updated },
      { header: { nl: 'Ongewijzigd', en: 'Unchanged' }, type: 'integer', value: (r) => r.unchanged },
      { header: { nl: 'Verwijderd', en: 'Deleted' }, type: 'integer', value: (r) => r.deleted },
      { header: { nl: 'Opgehaald', en: 'Fetched' }, type: 'integer', value: (r) => r.fetched },
      { header: { nl: 'Fout', en: 'Error' }, type: 'text', width: 20, value: (r) => r.error },
      { header: { nl: 'Klaar', en: 'Finished' }, type: 'datetime', value: (r) => r.finishedAt },
    ],
    page: async (ctx, q: SyncRunListQuery) => ({ rows: (await sync.listSyncRuns(ctx, q)).data }),
  });

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
