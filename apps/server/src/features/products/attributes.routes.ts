import { emptyResponse, envelope, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import {
  type Attribute,
  type AttributeKind,
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
import type * as z from 'zod';
import { access } from '../../platform/access';
import { registerListExport } from '../../platform/list-export';
import * as attributes from './attributes.service';

const tags = ['attributes'];

/** The archives' names as the web app calls them (attributes.kinds), for the export's file. */
const KIND_NAMES: Record<AttributeKind, { nl: string; en: string }> = {
  areas: { nl: 'Ruimtes', en: 'Areas' },
  categories: { nl: 'Categorieën', en: 'Categories' },
  features: { nl: 'Kenmerken', en: 'Features' },
  preferences: { nl: 'Voorkeuren', en: 'Preferences' },
  types: { nl: 'Types', en: 'Types' },
  'type-groups': { nl: 'Typegroepen', en: 'Type groups' },
  suppliers: { nl: 'Leveranciers', en: 'Suppliers' },
  materials: { nl: 'Materialen', en: 'Materials' },
};
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

  registerListExport(app, {
    path: '/api/attributes/:kind/export',
    ...manage,
    params: attributeKindParams,
    query: attributeListQuerySchema,
    tags,
    summary: 'One attribute archive as CSV or XLSX, with its search and sort',
    fileName: ({ kind }: { kind: AttributeKind }) => KIND_NAMES[kind],
    columns: ({ kind }) => [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (a: Attribute) => a.id },
      { header: { nl: 'Naam (Nederlands)', en: 'Name (Dutch)' }, type: 'text', width: 32, value: (a) => a.nameNl },
      { header: { nl: 'Naam (Engels)', en: 'Name (English)' }, type: 'text', width: 32, value: (a) => a.nameEn || null },
      ...(kind === 'types'
        ? [
            {
              header: { nl: 'Typegroep', en: 'Type group' },
              type: 'text' as const,
              width: 24,
              value: (a: Attribute) => a.typeGroupNameNl,
            },
          ]
        : []),
      {
        header: kind === 'type-groups' ? { nl: 'Types', en: 'Types' } : { nl: 'Producten', en: 'Products' },
        type: 'integer',
        value: (a) => a.productsCount,
      },
      { header: { nl: 'Bijgewerkt', en: 'Updated' }, type: 'datetime', value: (a) => a.updatedAt },
    ],
    page: async (ctx, q: z.output<typeof attributeListQuerySchema>, { kind }) => ({
      rows: (await attributes.listAttributes(ctx, kind, q)).data,
    }),
  });

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
