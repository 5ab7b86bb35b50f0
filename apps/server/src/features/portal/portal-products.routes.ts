import { envelope, noQuery, pageOf } from '@app/shared/platform/http';
import {
  archiveFileSchema,
  archiveZipBodySchema,
  portalCompanyProductDetailSchema,
  portalCompanyProductParams,
  portalOrderLineDetailSchema,
  portalOrderLineParams,
  productFilesQuerySchema,
} from '@app/shared/portal/portal-products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { contentDisposition } from '../../platform/content-disposition';
import * as products from './portal-products.service';

const tags = ['portal'];
const config = { access: access.portal };

/** The customer area's product pages: a company user, or an employee acting as the company. */
export const portalProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client/projects/:projectId/orderlines/:orderLineId',
    {
      config,
      schema: {
        tags,
        summary: 'An order line of the project the company sees: its item, quantity and where it sits',
        params: portalOrderLineParams,
        querystring: noQuery,
        response: { 200: envelope(portalOrderLineDetailSchema) },
      },
    },
    async (req) => ({ data: await products.getOrderLine(req.ctx, req.params.projectId, req.params.orderLineId) }),
  );

  app.get(
    '/api/client/company-products/:companyProductId',
    {
      config,
      schema: {
        tags,
        summary: "One of the company's products: the product, its images, the company's reference and notes, its files",
        params: portalCompanyProductParams,
        querystring: noQuery,
        response: { 200: envelope(portalCompanyProductDetailSchema) },
      },
    },
    async (req) => ({ data: await products.getCompanyProduct(req.ctx, req.params.companyProductId) }),
  );

  app.get(
    '/api/client/company-products/:companyProductId/tearsheet',
    {
      config,
      schema: {
        tags,
        summary: "Download a company product's tearsheet (always as an attachment)",
        params: portalCompanyProductParams,
        querystring: noQuery,
        response: { 200: z.any().describe('The file bytes') },
      },
    },
    async (req, reply) => {
      const file = await products.openTearsheet(req.ctx, req.params.companyProductId);
      reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store');
      return reply.send(file.stream);
    },
  );

  app.get(
    '/api/client/product-files',
    {
      config,
      schema: {
        tags,
        summary:
          "The company's files archive: its products' tearsheets and download links, its orders' final files and its drawings' approved versions, one row per file",
        querystring: productFilesQuerySchema,
        response: { 200: pageOf(archiveFileSchema) },
      },
    },
    async (req) => products.listProductFiles(req.ctx, req.query),
  );

  app.post(
    '/api/client/product-files/zip',
    {
      config,
      schema: {
        tags,
        summary:
          'Download selected archive files as one ZIP, streamed (404 for the whole request when one is not visible, before any byte)',
        querystring: noQuery,
        body: archiveZipBodySchema,
        response: { 200: z.any().describe('The ZIP bytes (application/zip)') },
      },
    },
    async (req, reply) => {
      const zip = await products.openArchiveZip(req.ctx, req.body, req.ctx.clock());
      reply
        .header('content-type', 'application/zip')
        .header('content-length', String(zip.size))
        .header('content-disposition', contentDisposition('attachment', zip.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(zip.stream);
    },
  );
};
