import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import {
  areaInputSchema,
  areaListQuerySchema,
  areaListSchema,
  areaParams,
  areaSchema,
  areaSummarySchema,
  areaUpdateSchema,
  bulkAreasInputSchema,
  bulkAreasResultSchema,
  markerMoveSchema,
  markerPositionSchema,
} from '@app/shared/projects/areas';
import { projectParams, versionBodySchema } from '@app/shared/projects/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import * as areas from './areas.service';
import { registerAreasExport } from './projects.exports';

const tags = ['projects'];
const view = { access: access.employee('projects.view', 'projects.manage') };
const manage = { access: access.employee('projects.manage') };
const base = '/api/projects/:projectId/areas';

/** Decks, areas and sub-areas of a project, their floor plans and markers, bulk-add. */
export const areasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      config: view,
      schema: {
        tags,
        summary: "The project's decks and areas (not sub-areas) with their completion; filter on number or name and status",
        params: projectParams,
        querystring: areaListQuerySchema,
        response: { 200: envelope(areaListSchema) },
      },
    },
    async (req) => ({ data: await areas.listAreas(req.ctx, req.params.projectId, req.query) }),
  );
  registerAreasExport(app);

  app.post(
    base,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a deck, an area (in a deck or none) or a sub-area (in an area); the number is unique per kind',
        params: projectParams,
        querystring: noQuery,
        body: areaInputSchema,
        response: { 201: envelope(areaSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await areas.createArea(req.ctx, req.params.projectId, req.body) }),
  );

  app.post(
    `${base}/bulk`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add many at once from text ("Cabin 5001-5120"); numbers that exist are skipped and named',
        params: projectParams,
        querystring: noQuery,
        body: bulkAreasInputSchema,
        response: { 201: envelope(bulkAreasResultSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await areas.bulkCreateAreas(req.ctx, req.params.projectId, req.body) }),
  );

  app.get(
    `${base}/:areaId`,
    {
      config: view,
      schema: {
        tags,
        summary: 'One deck, area or sub-area with its images, parent and the markers of its plan',
        params: areaParams,
        querystring: noQuery,
        response: { 200: envelope(areaSchema) },
      },
    },
    async (req) => ({ data: await areas.getArea(req.ctx, req.params.projectId, req.params.areaId) }),
  );

  app.patch(
    `${base}/:areaId`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a deck, area or sub-area (send the version it was based on)',
        params: areaParams,
        querystring: noQuery,
        body: areaUpdateSchema,
        response: { 200: envelope(areaSchema) },
      },
    },
    async (req) => ({ data: await areas.updateArea(req.ctx, req.params.projectId, req.params.areaId, req.body) }),
  );

  app.delete(
    `${base}/:areaId`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Delete a deck, area or sub-area with everything under it: sub-areas, tasks, sub-tasks, order lines (send the version)',
        params: areaParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await areas.deleteArea(req.ctx, req.params.projectId, req.params.areaId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.get(
    `${base}/:areaId/subareas`,
    {
      config: view,
      schema: {
        tags,
        summary: 'The sub-areas of an area, in number order, with their completion',
        params: areaParams,
        querystring: noQuery,
        response: { 200: envelope(z.array(areaSummarySchema)) },
      },
    },
    async (req) => ({ data: await areas.listSubareas(req.ctx, req.params.projectId, req.params.areaId) }),
  );

  app.post(
    `${base}/:areaId/complete`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Complete a deck, area or sub-area (a feed row area.completed; send the version)',
        params: areaParams,
        querystring: noQuery,
        body: versionBodySchema,
        response: { 200: envelope(areaSchema) },
      },
    },
    async (req) => ({ data: await areas.setAreaDone(req.ctx, req.params.projectId, req.params.areaId, req.body.version, true) }),
  );

  app.post(
    `${base}/:areaId/reopen`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Reopen a completed deck, area or sub-area (a feed row area.opened; send the version)',
        params: areaParams,
        querystring: noQuery,
        body: versionBodySchema,
        response: { 200: envelope(areaSchema) },
      },
    },
    async (req) => ({ data: await areas.setAreaDone(req.ctx, req.params.projectId, req.params.areaId, req.body.version, false) }),
  );

  app.patch(
    `${base}/:areaId/markers`,
    {
      config: manage,
      schema: {
        tags,
        summary:
          "Place a marker of this area's plan (a child area, or a task): where it was dropped in px of the plan as rendered; stored as fractions",
        params: areaParams,
        querystring: noQuery,
        body: markerMoveSchema,
        response: { 200: envelope(markerPositionSchema) },
      },
    },
    async (req) => ({ data: await areas.moveMarker(req.ctx, req.params.projectId, req.params.areaId, req.body) }),
  );
};
