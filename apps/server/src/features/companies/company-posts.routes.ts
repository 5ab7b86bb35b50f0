import { companyParams } from '@app/shared/companies/companies';
import {
  type CompanyPost,
  type CompanyPostListQuery,
  companyPostInputSchema,
  companyPostListQuerySchema,
  companyPostParams,
  companyPostSchema,
  companyPostUpdateSchema,
  portalPostParams,
  portalPostSchema,
} from '@app/shared/companies/company-posts';
import { emptyResponse, envelope, listQueryBase, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { registerListExport } from '../../platform/list-export';
import * as posts from './company-posts.service';

const tags = ['company posts'];
const manage = { access: access.employee('companies.manage') };
const POST_STATUS = {
  draft: { nl: 'Concept', en: 'Draft' },
  scheduled: { nl: 'Gepland', en: 'Scheduled' },
  published: { nl: 'Gepubliceerd', en: 'Published' },
} as const;

/** company.posts (back office) and the portal's company news. */
export const companyPostsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:companyId/posts',
    {
      config: manage,
      schema: {
        tags,
        summary: "The company's news, newest first (drafts on top)",
        params: companyParams,
        querystring: companyPostListQuerySchema,
        response: { 200: pageOf(companyPostSchema) },
      },
    },
    async (req) => posts.listPosts(req.ctx, req.params.companyId, req.query),
  );

  registerListExport(app, {
    path: '/api/companies/:companyId/posts/export',
    ...manage,
    params: companyParams,
    query: companyPostListQuerySchema,
    tags,
    summary: "The company's news as CSV or XLSX, with the search and status filter of the list",
    fileName: { nl: 'bedrijfsberichten', en: 'company-posts' },
    sheetName: { nl: 'Berichten', en: 'Posts' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (p: CompanyPost) => p.id },
      { header: { nl: 'Titel', en: 'Title' }, type: 'text', width: 40, value: (p) => p.title },
      {
        header: { nl: 'Status', en: 'Status' },
        type: 'text',
        width: 14,
        value: (p, l) =>
          (p.status === 'draft' ? POST_STATUS.draft : p.scheduled ? POST_STATUS.scheduled : POST_STATUS.published)[l],
      },
      { header: { nl: 'Publicatie', en: 'Publication' }, type: 'datetime', value: (p) => p.publishAt },
      { header: { nl: 'Gewijzigd', en: 'Changed' }, type: 'datetime', value: (p) => p.updatedAt },
    ],
    page: async (ctx, q: CompanyPostListQuery, { companyId }: { companyId: number }) => ({
      rows: (await posts.listPosts(ctx, companyId, q)).data,
    }),
  });

  app.post(
    '/api/companies/:companyId/posts',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Write a post (draft, or published now or from a time); the body keeps only the allowed HTML',
        params: companyParams,
        querystring: noQuery,
        body: companyPostInputSchema,
        response: { 201: envelope(companyPostSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await posts.createPost(req.ctx, req.params.companyId, req.body) }),
  );

  app.get(
    '/api/companies/:companyId/posts/:postId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One post',
        params: companyPostParams,
        querystring: noQuery,
        response: { 200: envelope(companyPostSchema) },
      },
    },
    async (req) => ({ data: await posts.getPost(req.ctx, req.params.companyId, req.params.postId) }),
  );

  app.put(
    '/api/companies/:companyId/posts/:postId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Save a post (send the version it was based on)',
        params: companyPostParams,
        querystring: noQuery,
        body: companyPostUpdateSchema,
        response: { 200: envelope(companyPostSchema) },
      },
    },
    async (req) => ({ data: await posts.updatePost(req.ctx, req.params.companyId, req.params.postId, req.body) }),
  );

  app.delete(
    '/api/companies/:companyId/posts/:postId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a post (send the version)',
        params: companyPostParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await posts.deletePost(req.ctx, req.params.companyId, req.params.postId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/client/posts',
    {
      config: { access: access.portal },
      schema: {
        tags,
        summary: "The company's published news, newest first",
        querystring: listQueryBase.pick({ page: true, perPage: true }).strict(),
        response: { 200: pageOf(portalPostSchema) },
      },
    },
    async (req) => posts.listPortalPosts(req.ctx, req.query),
  );

  app.get(
    '/api/client/posts/:postId',
    {
      config: { access: access.portal },
      schema: {
        tags,
        summary: 'One published post of the company',
        params: portalPostParams,
        querystring: noQuery,
        response: { 200: envelope(portalPostSchema) },
      },
    },
    async (req) => ({ data: await posts.getPortalPost(req.ctx, req.params.postId) }),
  );
};
