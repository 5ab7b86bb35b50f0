import {
  approveDrawingSchema,
  approverChoicesQuerySchema,
  approverChoicesSchema,
  clientDrawingInputSchema,
  clientDrawingListQuerySchema,
  clientDrawingParams,
  clientDrawingUpdateSchema,
  clientDrawingVersionParams,
  drawingAreaOptionSchema,
  drawingCommentInputSchema,
  drawingInputSchema,
  drawingListQuerySchema,
  drawingPageSchema,
  drawingSchema,
  drawingUpdateSchema,
  drawingVersionSchema,
  newDrawingVersionSchema,
  projectDrawingParams,
  projectDrawingVersionParams,
} from '@app/shared/drawings/drawings';
import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import { projectParams } from '@app/shared/projects/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { listApproverChoices } from './approvers.service';
import { registerDrawingsExport } from './drawings.exports';
import * as drawings from './drawings.service';

const tags = ['drawings'];
const view = { access: access.employee('projects.view', 'projects.manage') };
const manage = { access: access.employee('projects.manage') };
const portal = { access: access.portal };

/** The back office's drawings of a project: /api/projects/:projectId/drawings and the routes under it. */
export const drawingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/projects/:projectId/drawings',
    {
      config: view,
      schema: {
        tags,
        summary: "A project's drawings (not deleted ones), paged: tabs pending (open and pending) and approved; search; sort",
        params: projectParams,
        querystring: drawingListQuerySchema,
        response: { 200: drawingPageSchema },
      },
    },
    async (req) => drawings.listProjectDrawings(req.ctx, req.params.projectId, req.query),
  );
  registerDrawingsExport(app);

  app.get(
    '/api/projects/:projectId/drawing-areas',
    {
      config: view,
      schema: {
        tags,
        summary: 'The decks, areas and sub-areas a drawing of the project may belong to, in tree order, with their labels',
        params: projectParams,
        querystring: noQuery,
        response: { 200: envelope(z.array(drawingAreaOptionSchema)) },
      },
    },
    async (req) => ({ data: await drawings.listAreaOptions(req.ctx, req.params.projectId) }),
  );

  app.get(
    '/api/projects/:projectId/drawing-approvers',
    {
      config: manage,
      schema: {
        tags,
        summary: "Who can be named a drawing's approver: the users of a company attached to the project who can sign in",
        params: projectParams,
        querystring: approverChoicesQuerySchema,
        response: { 200: envelope(approverChoicesSchema) },
      },
    },
    async (req) => ({ data: await listApproverChoices(req.ctx, req.params.projectId, req.query.companyId) }),
  );

  app.post(
    '/api/projects/:projectId/drawings',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a drawing for a company attached to the project, with its first version (pending); tells the company',
        params: projectParams,
        querystring: noQuery,
        body: drawingInputSchema,
        response: { 201: envelope(drawingSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await drawings.createDrawing(req.ctx, req.params.projectId, req.body) }),
  );

  app.get(
    '/api/projects/:projectId/drawings/:drawingId',
    {
      config: view,
      schema: {
        tags,
        summary: 'One drawing of the project with its versions (newest first) and abilities',
        params: projectDrawingParams,
        querystring: noQuery,
        response: { 200: envelope(drawingSchema) },
      },
    },
    async (req) => ({ data: await drawings.getDrawing(req.ctx, req.params.drawingId, req.params.projectId) }),
  );

  app.put(
    '/api/projects/:projectId/drawings/:drawingId',
    {
      config: manage,
      schema: {
        tags,
        summary: "Change a drawing's details (send the version it was based on)",
        params: projectDrawingParams,
        querystring: noQuery,
        body: drawingUpdateSchema,
        response: { 200: envelope(drawingSchema) },
      },
    },
    async (req) => ({
      data: await drawings.updateDrawing(req.ctx, req.params.projectId, req.params.drawingId, req.body),
    }),
  );

  app.delete(
    '/api/projects/:projectId/drawings/:drawingId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a drawing (send the version it was based on)',
        params: projectDrawingParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await drawings.deleteDrawing(req.ctx, req.params.projectId, req.params.drawingId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/projects/:projectId/drawings/:drawingId/versions',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Add the next version (only while the drawing is open: 409 DRAWING_PENDING or DRAWING_APPROVED); tells the company',
        params: projectDrawingParams,
        querystring: noQuery,
        body: newDrawingVersionSchema,
        response: { 201: envelope(drawingVersionSchema) },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ data: await drawings.addDrawingVersion(req.ctx, req.params.projectId, req.params.drawingId, req.body) }),
  );

  app.get(
    '/api/projects/:projectId/drawings/:drawingId/versions/:versionId',
    {
      config: view,
      schema: {
        tags,
        summary: 'One version of a drawing with its comments (oldest first) and abilities',
        params: projectDrawingVersionParams,
        querystring: noQuery,
        response: { 200: envelope(drawingVersionSchema) },
      },
    },
    async (req) => ({
      data: await drawings.getDrawingVersion(req.ctx, req.params.drawingId, req.params.versionId, req.params.projectId),
    }),
  );

  app.post(
    '/api/projects/:projectId/drawings/:drawingId/versions/:versionId/approve',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Record the approval of the latest waiting version (the drawing is approved); tells the company',
        params: projectDrawingVersionParams,
        querystring: noQuery,
        body: approveDrawingSchema,
        response: { 200: envelope(drawingVersionSchema) },
      },
    },
    async (req) => {
      const { projectId, drawingId, versionId } = req.params;
      return {
        data: await drawings.decideDrawingVersion(
          req.ctx,
          drawingId,
          versionId,
          { outcome: 'approved', input: req.body },
          projectId,
        ),
      };
    },
  );

  app.post(
    '/api/projects/:projectId/drawings/:drawingId/versions/:versionId/request-changes',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Send the latest waiting version back with changes (the drawing opens for a new version); tells the company',
        params: projectDrawingVersionParams,
        querystring: noQuery,
        body: drawingCommentInputSchema,
        response: { 200: envelope(drawingVersionSchema) },
      },
    },
    async (req) => {
      const { projectId, drawingId, versionId } = req.params;
      return {
        data: await drawings.decideDrawingVersion(
          req.ctx,
          drawingId,
          versionId,
          { outcome: 'changes_requested', input: req.body },
          projectId,
        ),
      };
    },
  );
};

/** The portal's drawings: /api/client/drawings and the routes under it. */
export const clientDrawingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client/drawings',
    {
      config: portal,
      schema: {
        tags,
        summary: "The company's drawings on the projects it sees, paged: tabs pending and approved; a project filter; search",
        querystring: clientDrawingListQuerySchema,
        response: { 200: drawingPageSchema },
      },
    },
    async (req) => drawings.listClientDrawings(req.ctx, req.query),
  );

  app.post(
    '/api/client/drawings',
    {
      config: portal,
      schema: {
        tags,
        summary:
          'Create a drawing on a project the company sees (in one of its areas when it sees selected areas only), with its first version; tells staff',
        querystring: noQuery,
        body: clientDrawingInputSchema,
        response: { 201: envelope(drawingSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await drawings.createClientDrawing(req.ctx, req.body) }),
  );

  app.get(
    '/api/client/projects/:projectId/drawing-areas',
    {
      config: portal,
      schema: {
        tags,
        summary: 'The decks, areas and sub-areas of the project the company sees, for a drawing, in tree order',
        params: projectParams,
        querystring: noQuery,
        response: { 200: envelope(z.array(drawingAreaOptionSchema)) },
      },
    },
    async (req) => ({ data: await drawings.listAreaOptions(req.ctx, req.params.projectId) }),
  );

  app.get(
    '/api/client/drawings/:drawingId',
    {
      config: portal,
      schema: {
        tags,
        summary: "One of the company's drawings with its versions (newest first)",
        params: clientDrawingParams,
        querystring: noQuery,
        response: { 200: envelope(drawingSchema) },
      },
    },
    async (req) => ({ data: await drawings.getDrawing(req.ctx, req.params.drawingId) }),
  );

  app.put(
    '/api/client/drawings/:drawingId',
    {
      config: portal,
      schema: {
        tags,
        summary: 'Change the details of a drawing the company made (send the version it was based on)',
        params: clientDrawingParams,
        querystring: noQuery,
        body: clientDrawingUpdateSchema,
        response: { 200: envelope(drawingSchema) },
      },
    },
    async (req) => ({ data: await drawings.updateClientDrawing(req.ctx, req.params.drawingId, req.body) }),
  );

  app.delete(
    '/api/client/drawings/:drawingId',
    {
      config: portal,
      schema: {
        tags,
        summary: 'Delete a drawing the company made while nothing was decided on it (send the version it was based on)',
        params: clientDrawingParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await drawings.deleteClientDrawing(req.ctx, req.params.drawingId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/client/drawings/:drawingId/versions',
    {
      config: portal,
      schema: {
        tags,
        summary:
          'Add the next version (only while the drawing is open: 409 DRAWING_PENDING or DRAWING_APPROVED); staff decide it and are told',
        params: clientDrawingParams,
        querystring: noQuery,
        body: newDrawingVersionSchema,
        response: { 201: envelope(drawingVersionSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await drawings.addDrawingVersion(req.ctx, undefined, req.params.drawingId, req.body) }),
  );

  app.get(
    '/api/client/drawings/:drawingId/versions/:versionId',
    {
      config: portal,
      schema: {
        tags,
        summary: 'One version of a drawing with its comments (oldest first) and abilities',
        params: clientDrawingVersionParams,
        querystring: noQuery,
        response: { 200: envelope(drawingVersionSchema) },
      },
    },
    async (req) => ({ data: await drawings.getDrawingVersion(req.ctx, req.params.drawingId, req.params.versionId) }),
  );

  app.post(
    '/api/client/drawings/:drawingId/versions/:versionId/approve',
    {
      config: portal,
      schema: {
        tags,
        summary: 'Approve the latest waiting version (the drawing is approved); tells the employee responsible',
        params: clientDrawingVersionParams,
        querystring: noQuery,
        body: approveDrawingSchema,
        response: { 200: envelope(drawingVersionSchema) },
      },
    },
    async (req) => ({
      data: await drawings.decideDrawingVersion(req.ctx, req.params.drawingId, req.params.versionId, {
        outcome: 'approved',
        input: req.body,
      }),
    }),
  );

  app.post(
    '/api/client/drawings/:drawingId/versions/:versionId/request-changes',
    {
      config: portal,
      schema: {
        tags,
        summary: 'Ask for changes to the latest waiting version, with a comment and attachments; tells the employee responsible',
        params: clientDrawingVersionParams,
        querystring: noQuery,
        body: drawingCommentInputSchema,
        response: { 200: envelope(drawingVersionSchema) },
      },
    },
    async (req) => ({
      data: await drawings.decideDrawingVersion(req.ctx, req.params.drawingId, req.params.versionId, {
        outcome: 'changes_requested',
        input: req.body,
      }),
    }),
  );
};
