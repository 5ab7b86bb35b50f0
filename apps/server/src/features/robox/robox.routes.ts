import { emptyResponse, envelope, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import {
  roboxCategoryInputSchema,
  roboxCategoryListQuerySchema,
  roboxCategoryParams,
  roboxCategorySchema,
  roboxCategoryUpdateSchema,
  roboxMaterialInputSchema,
  roboxMaterialListQuerySchema,
  roboxMaterialOptionsSchema,
  roboxMaterialParams,
  roboxMaterialSchema,
  roboxMaterialUpdateSchema,
} from '@app/shared/robox/robox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as robox from './robox.service';

const tags = ['robox'];
const manage = { access: access.employee('products.manage') };

/** Robox materials and material categories. */
export const roboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/robox/material-categories',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Material categories, paged',
        querystring: roboxCategoryListQuerySchema,
        response: { 200: pageOf(roboxCategorySchema) },
      },
    },
    async (req) => robox.listCategories(req.ctx, req.query),
  );

  app.post(
    '/api/robox/material-categories',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a material category',
        querystring: noQuery,
        body: roboxCategoryInputSchema,
        response: { 201: envelope(roboxCategorySchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await robox.createCategory(req.ctx, req.body) }),
  );

  app.get(
    '/api/robox/material-categories/:roboxMaterialCategoryId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One material category',
        params: roboxCategoryParams,
        querystring: noQuery,
        response: { 200: envelope(roboxCategorySchema) },
      },
    },
    async (req) => ({ data: await robox.getCategory(req.ctx, req.params.roboxMaterialCategoryId) }),
  );

  app.patch(
    '/api/robox/material-categories/:roboxMaterialCategoryId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a material category (send the version it was based on)',
        params: roboxCategoryParams,
        querystring: noQuery,
        body: roboxCategoryUpdateSchema,
        response: { 200: envelope(roboxCategorySchema) },
      },
    },
    async (req) => ({ data: await robox.updateCategory(req.ctx, req.params.roboxMaterialCategoryId, req.body) }),
  );

  app.delete(
    '/api/robox/material-categories/:roboxMaterialCategoryId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a material category without materials (send the version)',
        params: roboxCategoryParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await robox.deleteCategory(req.ctx, req.params.roboxMaterialCategoryId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/robox/materials',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Materials, paged: search on name, code and colour; filter on category, supplier, thickness',
        querystring: roboxMaterialListQuerySchema,
        response: { 200: pageOf(roboxMaterialSchema) },
      },
    },
    async (req) => robox.listMaterials(req.ctx, req.query),
  );

  app.get(
    '/api/robox/materials/options',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Every material in short (id, name, code), for the product editor',
        querystring: noQuery,
        response: { 200: roboxMaterialOptionsSchema },
      },
    },
    async (req) => ({ data: await robox.materialOptions(req.ctx) }),
  );

  app.post(
    '/api/robox/materials',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a material (the code is unique, whatever its case)',
        querystring: noQuery,
        body: roboxMaterialInputSchema,
        response: { 201: envelope(roboxMaterialSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await robox.createMaterial(req.ctx, req.body) }),
  );

  app.get(
    '/api/robox/materials/:roboxMaterialId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One material',
        params: roboxMaterialParams,
        querystring: noQuery,
        response: { 200: envelope(roboxMaterialSchema) },
      },
    },
    async (req) => ({ data: await robox.getMaterial(req.ctx, req.params.roboxMaterialId) }),
  );

  app.patch(
    '/api/robox/materials/:roboxMaterialId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a material (send the version it was based on)',
        params: roboxMaterialParams,
        querystring: noQuery,
        body: roboxMaterialUpdateSchema,
        response: { 200: envelope(roboxMaterialSchema) },
      },
    },
    async (req) => ({ data: await robox.updateMaterial(req.ctx, req.params.roboxMaterialId, req.body) }),
  );

  app.delete(
    '/api/robox/materials/:roboxMaterialId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a material no product uses (send the version)',
        params: roboxMaterialParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await robox.deleteMaterial(req.ctx, req.params.roboxMaterialId, req.query.version);
      return reply.status(204).send();
    },
  );
};
