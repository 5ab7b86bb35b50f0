import { emptyResponse, envelope, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import { localName } from '@app/shared/products/attributes';
import {
  type ProductListItem,
  type ProductListQuery,
  type PublicProductQuery,
  productCreateSchema,
  productDetailSchema,
  productListItemSchema,
  productListQuerySchema,
  productMoveSchema,
  productOrderQuerySchema,
  productOrderSchema,
  productParams,
  productSaveSchema,
  publicFiltersSchema,
  publicProductCardSchema,
  publicProductQuerySchema,
  publicProductSchema,
} from '@app/shared/products/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { registerListExport } from '../../platform/list-export';
import { attributesRoutes } from './attributes.routes';
import * as order from './product-order.service';
import { registerProductBulkActions } from './products.bulk';
import * as products from './products.service';
import * as catalogue from './public-catalogue.service';

const tags = ['products'];
const manage = { access: access.employee('products.manage') };
const sort = { access: access.employee('products.sort') };
/** The catalogue is the same for everyone, so shared caches may keep it for a minute. */
const PUBLIC_CACHE = 'public, max-age=60';

/** Products, attributes, manual order and the public catalogue. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(attributesRoutes);

  app.get(
    '/api/products',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Products for staff: search, publication and attribute filters, paged',
        querystring: productListQuerySchema,
        response: { 200: pageOf(productListItemSchema) },
      },
    },
    async (req) => products.listProducts(req.ctx, req.query as unknown as ProductListQuery),
  );

  registerProductBulkActions(app, manage.access);

  registerListExport(app, {
    path: '/api/products/export',
    ...manage,
    query: productListQuerySchema,
    tags,
    summary: 'The products list as CSV or XLSX, with its search, publication and attribute filters and sort',
    fileName: { nl: 'producten', en: 'products' },
    sheetName: { nl: 'Producten', en: 'Products' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (p: ProductListItem) => p.id },
      { header: { nl: 'Naam', en: 'Name' }, type: 'text', width: 36, value: (p, l) => localName(p, l) },
      { header: { nl: 'Naam (Nederlands)', en: 'Name (Dutch)' }, type: 'text', width: 36, value: (p) => p.nameNl },
      { header: { nl: 'Naam (Engels)', en: 'Name (English)' }, type: 'text', width: 36, value: (p) => p.nameEn || null },
      {
        header: { nl: 'Categorieën', en: 'Categories' },
        type: 'text',
        width: 36,
        value: (p, l) => p.categories.map((c) => localName(c, l)).join(', ') || null,
      },
      { header: { nl: 'Gekoppeld artikel', en: 'Linked article' }, type: 'text', width: 18, value: (p) => p.articleSku },
      {
        header: { nl: 'Status', en: 'Status' },
        type: 'text',
        width: 16,
        value: (p, l) =>
          (p.published ? { nl: 'Gepubliceerd', en: 'Published' } : { nl: 'Niet gepubliceerd', en: 'Not published' })[l],
      },
      { header: { nl: 'Bijgewerkt', en: 'Updated' }, type: 'datetime', value: (p) => p.updatedAt },
    ],
    page: async (ctx, q: ProductListQuery) => ({ rows: (await products.listProducts(ctx, q)).data }),
  });

  app.post(
    '/api/products',
    {
      config: manage,
      schema: {
        tags,
        summary: 'A new product, from an ERP article or from scratch (goes to the end of the order)',
        querystring: noQuery,
        body: productCreateSchema,
        response: { 201: envelope(productDetailSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await products.createProduct(req.ctx, req.body) }),
  );

  app.get(
    '/api/products/order',
    {
      config: sort,
      schema: {
        tags,
        summary: 'The manual order: of all products, or within one category',
        querystring: productOrderQuerySchema,
        response: { 200: productOrderSchema },
      },
    },
    async (req) => ({ data: await order.getOrder(req.ctx, req.query.categoryId ?? null) }),
  );

  app.post(
    '/api/products/order/move',
    {
      config: sort,
      schema: {
        tags,
        summary: 'Move one product to a place in the order; answers the new order (D5)',
        querystring: noQuery,
        body: productMoveSchema,
        response: { 200: productOrderSchema },
      },
    },
    async (req) => ({ data: await order.moveProduct(req.ctx, req.body) }),
  );

  app.get(
    '/api/products/:productId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Everything the product editor shows',
        params: productParams,
        querystring: noQuery,
        response: { 200: envelope(productDetailSchema) },
      },
    },
    async (req) => ({ data: await products.getProduct(req.ctx, req.params.productId) }),
  );

  app.put(
    '/api/products/:productId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Save the whole editor state (send the version it was loaded at; publishing needs inspiration-products.manage)',
        params: productParams,
        querystring: noQuery,
        body: productSaveSchema,
        response: { 200: envelope(productDetailSchema) },
      },
    },
    async (req) => ({ data: await products.saveProduct(req.ctx, req.params.productId, req.body) }),
  );

  app.delete(
    '/api/products/:productId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a product (send the version); children lose their parent',
        params: productParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await products.deleteProduct(req.ctx, req.params.productId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/public/products',
    {
      config: { access: access.public },
      schema: {
        tags: ['public'],
        summary:
          'The inspiration catalogue: published products, searched, filtered, in the manual order (or by name or newest), paged',
        querystring: publicProductQuerySchema,
        response: { 200: pageOf(publicProductCardSchema) },
      },
    },
    async (req, reply) => {
      const page = await catalogue.listPublicProducts(req.ctx, req.query as unknown as PublicProductQuery);
      reply.header('cache-control', PUBLIC_CACHE);
      return page;
    },
  );

  app.get(
    '/api/public/products/:productId',
    {
      config: { access: access.public },
      schema: {
        tags: ['public'],
        summary: 'One published product; an unpublished one is not found',
        params: productParams,
        querystring: noQuery,
        response: { 200: envelope(publicProductSchema) },
      },
    },
    async (req, reply) => {
      const data = await catalogue.getPublicProduct(req.ctx, req.params.productId);
      reply.header('cache-control', PUBLIC_CACHE);
      return { data };
    },
  );

  app.get(
    '/api/public/filters',
    {
      config: { access: access.public },
      schema: {
        tags: ['public'],
        summary: 'The filter values that published products use',
        querystring: noQuery,
        response: { 200: publicFiltersSchema },
      },
    },
    async (req, reply) => {
      const data = await catalogue.publicFilters(req.ctx);
      reply.header('cache-control', PUBLIC_CACHE);
      return { data };
    },
  );
};
