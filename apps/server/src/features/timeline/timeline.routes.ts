import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import { projectParams } from '@app/shared/projects/projects';
import {
  timelineInputSchema,
  timelineItemSchema,
  timelineParams,
  timelineQuerySchema,
  timelineSchema,
  timelineUpdateSchema,
} from '@app/shared/timeline/timeline';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as timeline from './timeline.service';

const tags = ['timeline'];
const view = { access: access.employee('projects.view', 'projects.manage') };
const manage = { access: access.employee('projects.manage') };

/** The project's timeline: items planned per ISO week on its areas or tasks. */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/projects/:projectId/timeline',
    {
      config: view,
      schema: {
        tags,
        summary: 'The items overlapping a window of ISO weeks (default: 12 from this week), with the rows of the grid',
        params: projectParams,
        querystring: timelineQuerySchema,
        response: { 200: envelope(timelineSchema) },
      },
    },
    async (req) => ({ data: await timeline.getTimeline(req.ctx, req.params.projectId, req.query) }),
  );

  app.post(
    '/api/projects/:projectId/timeline',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Plan an item on an area or a task of the project',
        params: projectParams,
        querystring: noQuery,
        body: timelineInputSchema,
        response: { 201: envelope(timelineItemSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await timeline.createItem(req.ctx, req.params.projectId, req.body) }),
  );

  app.patch(
    '/api/projects/:projectId/timeline/:timelineTaskId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change an item: title, notes, target, start week, weeks (send the version it was based on)',
        params: timelineParams,
        querystring: noQuery,
        body: timelineUpdateSchema,
        response: { 200: envelope(timelineItemSchema) },
      },
    },
    async (req) => ({
      data: await timeline.updateItem(req.ctx, req.params.projectId, req.params.timelineTaskId, req.body),
    }),
  );

  app.delete(
    '/api/projects/:projectId/timeline/:timelineTaskId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an item (send the version)',
        params: timelineParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await timeline.deleteItem(req.ctx, req.params.projectId, req.params.timelineTaskId, req.query.version);
      return reply.status(204).send();
    },
  );
};
