import { emptyResponse, envelope, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import {
  attributeInputSchema,
  attributeKindParams,
  attributeListQuerySchema,
  attributeOptionsSchema,
  attributeOverviewSchema,
  attributeParams,
  attributeSchema,
  attributeUpdateSchema,
} from '@app/shared/products/attributes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as attributes from './attributes.service';

const tags = ['attributes'];
const manage = { access: access.employee('products.manage') };

/** The attribute archives under 'Attributen' (areas, categories, features, ...). */
export const attributesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/attributes',
    {
      config: manage,
      schema: {
        tags,
        summary: 'How many attributes each kind has',
        querystring: noQuery,
        response: { 200: attributeOverviewSchema },
      },
    },
    async (req) => ({ data: await attributes.attributeOverview(req.ctx) }),
  );

  app.get(
    '/api/attributes/options',
    {
      // The sort screen picks a category from these: whoever sorts products may read them too.
      config: { access: access.employee('products.manage', 'products.sort') },
      schema: {
        tags,
        summary: 'Every attribute of every kind, for selects and filters',
        querystring: noQuery,
        response: { 200: attributeOptionsSchema },
      },
    },
    async (req) => ({ data: await attributes.attributeOptions(req.ctx) }),
  );

  app.get(
    '/api/attributes/:kind',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One attribute archive, paged',
        params: attributeKindParams,
        querystring: attributeListQuerySchema,
        response: { 200: pageOf(attributeSchema) },
      },
    },
    async (req) => attributes.listAttributes(req.ctx, req.params.kind, req.query),
  );

  app.post(
    '/api/attributes/:kind',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add an attribute (a type may name its type group)',
        params: attributeKindParams,
        querystring: noQuery,
        body: attributeInputSchema,
        response: { 201: envelope(attributeSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await attributes.createAttribute(req.ctx, req.params.kind, req.body) }),
  );

  app.patch(
    '/api/attributes/:kind/:attributeId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename an attribute (send the version it was based on)',
        params: attributeParams,
        querystring: noQuery,
        body: attributeUpdateSchema,
        response: { 200: envelope(attributeSchema) },
      },
    },
    async (req) => ({
      data: await attributes.updateAttribute(req.ctx, req.params.kind, req.params.attributeId, req.body),
    }),
  );

  app.delete(
    '/api/attributes/:kind/:attributeId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an attribute nothing uses (send the version)',
        params: attributeParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await attributes.deleteAttribute(req.ctx, req.params.kind, req.params.attributeId, req.query.version);
      return reply.status(204).send();
    },
  );
};
