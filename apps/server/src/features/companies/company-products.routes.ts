import { companyParams } from '@app/shared/companies/companies';
import {
  type CompanyProduct,
  type CompanyProductListQuery,
  companyProductInputSchema,
  companyProductListQuerySchema,
  companyProductParams,
  companyProductSchema,
  companyProductUpdateSchema,
  portalCompanyProductFiltersSchema,
  portalCompanyProductSchema,
  portalCompanyProductsQuerySchema,
  productOptionQuerySchema,
  productOptionSchema,
} from '@app/shared/companies/company-products';
import { emptyResponse, envelope, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { registerListExport } from '../../platform/list-export';
import * as products from './company-products.service';

const tags = ['company products'];
const manage = { access: access.employee('companies.manage') };

/** company.products (back office) and the portal's company products (spec section 7). */
export const companyProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies/:companyId/products',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The products assigned to the company, with its references',
        params: companyParams,
        querystring: companyProductListQuerySchema,
        response: { 200: pageOf(companyProductSchema) },
      },
    },
    async (req) => products.listCompanyProducts(req.ctx, req.params.companyId, req.query),
  );

  registerListExport(app, {
    path: '/api/companies/:companyId/products/export',
    ...manage,
    params: companyParams,
    query: companyProductListQuerySchema,
    tags,
    summary: "The company's products as CSV or XLSX, with the search and sort of the list",
    fileName: { nl: 'bedrijfsproducten', en: 'company-products' },
    sheetName: { nl: 'Producten', en: 'Products' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (p: CompanyProduct) => p.id },
      { header: { nl: 'Product', en: 'Product' }, type: 'text', width: 32, value: (p) => p.product.name },
      { header: { nl: 'Code', en: 'Code' }, type: 'text', width: 16, value: (p) => p.product.code },
      {
        header: { nl: 'Type', en: 'Type' },
        type: 'text',
        width: 20,
        value: (p, l) => p.typeName ?? { nl: 'Onbekend', en: 'Unknown' }[l],
      },
      { header: { nl: 'Project', en: 'Project' }, type: 'text', width: 28, value: (p) => p.project?.name ?? null },
      { header: { nl: 'Referentie', en: 'Reference' }, type: 'text', width: 20, value: (p) => p.reference || null },
      { header: { nl: 'Opmerkingen', en: 'Notes' }, type: 'text', width: 36, value: (p) => p.notes || null },
    ],
    page: async (ctx, q: CompanyProductListQuery, { companyId }: { companyId: number }) => ({
      rows: (await products.listCompanyProducts(ctx, companyId, q)).data,
    }),
  });

  app.get(
    '/api/companies/:companyId/product-options',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Catalogue products to assign (search by name or code; at most 20)',
        params: companyParams,
        querystring: productOptionQuerySchema,
        response: { 200: envelope(z.array(productOptionSchema)) },
      },
    },
    async (req) => ({ data: await products.productOptions(req.ctx, req.query.q ?? '') }),
  );

  app.post(
    '/api/companies/:companyId/products',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Assign a product to the company (optionally for one of its projects and an order line there)',
        params: companyParams,
        querystring: noQuery,
        body: companyProductInputSchema,
        response: { 201: envelope(companyProductSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await products.addCompanyProduct(req.ctx, req.params.companyId, req.body) }),
  );

  app.get(
    '/api/companies/:companyId/products/:companyProductId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One assigned product',
        params: companyProductParams,
        querystring: noQuery,
        response: { 200: envelope(companyProductSchema) },
      },
    },
    async (req) => ({ data: await products.getCompanyProduct(req.ctx, req.params.companyId, req.params.companyProductId) }),
  );

  app.put(
    '/api/companies/:companyId/products/:companyProductId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change an assigned product: reference, notes, project, order line (send the version)',
        params: companyProductParams,
        querystring: noQuery,
        body: companyProductUpdateSchema,
        response: { 200: envelope(companyProductSchema) },
      },
    },
    async (req) => ({
      data: await products.updateCompanyProduct(req.ctx, req.params.companyId, req.params.companyProductId, req.body),
    }),
  );

  app.delete(
    '/api/companies/:companyId/products/:companyProductId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Take a product away from the company (send the version)',
        params: companyProductParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await products.removeCompanyProduct(req.ctx, req.params.companyId, req.params.companyProductId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/client/company-products',
    {
      config: { access: access.portal },
      schema: {
        tags,
        summary: "The company's products, 24 per page, grouped by article type; filters projects (ids) and types (JSON array)",
        querystring: portalCompanyProductsQuerySchema,
        response: { 200: pageOf(portalCompanyProductSchema) },
      },
    },
    async (req) => products.portalCompanyProducts(req.ctx, req.query),
  );

  app.get(
    '/api/client/company-products/filters',
    {
      config: { access: access.portal },
      schema: {
        tags,
        summary: "The choices of the company products' filters: projects and type names with counts",
        querystring: noQuery,
        response: { 200: envelope(portalCompanyProductFiltersSchema) },
      },
    },
    async (req) => ({ data: await products.portalFilters(req.ctx) }),
  );
};
