import { emptyResponse, envelope, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import {
  type RoboxCategory,
  type RoboxMaterial,
  type RoboxMaterialListQuery,
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
import type * as z from 'zod';
import { access } from '../../platform/access';
import { registerListExport } from '../../platform/list-export';
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

  registerListExport(app, {
    path: '/api/robox/material-categories/export',
    ...manage,
    query: roboxCategoryListQuerySchema,
    tags,
    summary: 'Material categories as CSV or XLSX, with the search and sort of the list',
    fileName: { nl: 'robox-materiaalcategorieen', en: 'robox-material-categories' },
    sheetName: { nl: 'Materiaalcategorieën', en: 'Material categories' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (c: RoboxCategory) => c.id },
      { header: { nl: 'Volgorde', en: 'Order' }, type: 'integer', value: (c) => c.sortOrder },
      { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 30, value: (c) => c.name },
      { header: { nl: 'Omschrijving', en: 'Description' }, type: 'text', width: 50, value: (c) => c.description || null },
      { header: { nl: 'Materialen', en: 'Materials' }, type: 'integer', value: (c) => c.materialsCount },
      { header: { nl: 'Bijgewerkt', en: 'Updated' }, type: 'datetime', value: (c) => c.updatedAt },
    ],
    page: async (ctx, q: z.output<typeof roboxCategoryListQuerySchema>) => ({ rows: (await robox.listCategories(ctx, q)).data }),
  });

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

  registerListExport(app, {
    path: '/api/robox/materials/export',
    ...manage,
    query: roboxMaterialListQuerySchema,
    tags,
    summary: 'Materials as CSV or XLSX, with the search, filters and sort of the list',
    fileName: { nl: 'robox-materialen', en: 'robox-materials' },
    sheetName: { nl: 'Materialen', en: 'Materials' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (m: RoboxMaterial) => m.id },
      { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 30, value: (m) => m.name },
      { header: { nl: 'Code', en: 'Code' }, type: 'text', width: 14, value: (m) => m.code },
      { header: { nl: 'Categorie', en: 'Category' }, type: 'text', width: 22, value: (m) => m.categoryName },
      { header: { nl: 'Dikte (mm)', en: 'Thickness (mm)' }, type: 'decimal', value: (m) => m.thicknessMm },
      { header: { nl: 'Plaatlengte (mm)', en: 'Sheet length (mm)' }, type: 'decimal', value: (m) => m.sheetLengthMm },
      { header: { nl: 'Plaatbreedte (mm)', en: 'Sheet width (mm)' }, type: 'decimal', value: (m) => m.sheetWidthMm },
      {
        header: { nl: 'Kleur / afwerking', en: 'Colour / finish' },
        type: 'text',
        width: 22,
        value: (m) => m.colourFinish || null,
      },
      { header: { nl: 'Leverancier', en: 'Supplier' }, type: 'text', width: 22, value: (m) => m.supplierName },
      { header: { nl: 'Gekoppeld artikel', en: 'Linked article' }, type: 'text', width: 16, value: (m) => m.articleSku },
      { header: { nl: 'Producten', en: 'Products' }, type: 'integer', value: (m) => m.productsCount },
    ],
    page: async (ctx, q: RoboxMaterialListQuery) => ({ rows: (await robox.listMaterials(ctx, q)).data }),
  });

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
