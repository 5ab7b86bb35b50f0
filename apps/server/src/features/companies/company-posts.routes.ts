import { companyParams } from '@app/shared/companies/companies';
import {
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
import * as posts from './company-posts.service';

const tags = ['company posts'];
const manage = { access: access.employee('companies.manage') };

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
