import { envelope, noQuery, pageOf } from '@app/shared/platform/http';
import {
  portalAreaDetailSchema,
  portalAreaParams,
  portalAreaSchema,
  portalProjectListQuerySchema,
  portalProjectParams,
  portalProjectSchema,
  portalProjectSummarySchema,
  portalSubtaskDetailSchema,
  portalSubtaskParams,
  portalTaskDetailSchema,
  portalTaskParams,
  portalUserSchema,
} from '@app/shared/portal/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import * as portal from './portal.service';

const tags = ['portal'];
const config = { access: access.portal };

/** The customer area's project views: a company user, or an employee acting as the company. */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client/projects',
    {
      config,
      schema: {
        tags,
        summary: "The company's projects (active or archived), most recently changed first",
        querystring: portalProjectListQuerySchema,
        response: { 200: pageOf(portalProjectSummarySchema) },
      },
    },
    async (req) => portal.listProjects(req.ctx, req.query),
  );

  app.get(
    '/api/client/projects/:projectId',
    {
      config,
      schema: {
        tags,
        summary: 'One project of the company',
        params: portalProjectParams,
        querystring: noQuery,
        response: { 200: envelope(portalProjectSchema) },
      },
    },
    async (req) => ({ data: await portal.getProject(req.ctx, req.params.projectId) }),
  );

  app.get(
    '/api/client/projects/:projectId/areas',
    {
      config,
      schema: {
        tags,
        summary: 'The decks and areas of the project the company sees, in tree order',
        params: portalProjectParams,
        querystring: noQuery,
        response: { 200: envelope(z.array(portalAreaSchema)) },
      },
    },
    async (req) => ({ data: await portal.listAreas(req.ctx, req.params.projectId) }),
  );

  app.get(
    '/api/client/projects/:projectId/areas/:areaId',
    {
      config,
      schema: {
        tags,
        summary: 'An area the company sees, with its tasks',
        params: portalAreaParams,
        querystring: noQuery,
        response: { 200: envelope(portalAreaDetailSchema) },
      },
    },
    async (req) => ({ data: await portal.getArea(req.ctx, req.params.projectId, req.params.areaId) }),
  );

  app.get(
    '/api/client/projects/:projectId/areas/:areaId/subareas',
    {
      config,
      schema: {
        tags,
        summary: "An area's sub-areas the company sees",
        params: portalAreaParams,
        querystring: noQuery,
        response: { 200: envelope(z.array(portalAreaSchema)) },
      },
    },
    async (req) => ({ data: await portal.listSubareas(req.ctx, req.params.projectId, req.params.areaId) }),
  );

  app.get(
    '/api/client/tasks/:taskId',
    {
      config,
      schema: {
        tags,
        summary: 'A task the company sees, with its sub-tasks',
        params: portalTaskParams,
        querystring: noQuery,
        response: { 200: envelope(portalTaskDetailSchema) },
      },
    },
    async (req) => ({ data: await portal.getTask(req.ctx, req.params.taskId) }),
  );

  app.get(
    '/api/client/tasks/:taskId/subtasks/:subtaskId',
    {
      config,
      schema: {
        tags,
        summary: 'A sub-task the company sees, with its order lines',
        params: portalSubtaskParams,
        querystring: noQuery,
        response: { 200: envelope(portalSubtaskDetailSchema) },
      },
    },
    async (req) => ({ data: await portal.getSubtask(req.ctx, req.params.taskId, req.params.subtaskId) }),
  );

  app.get(
    '/api/client/users',
    {
      config,
      schema: {
        tags,
        summary: 'The people of the own company, by name (read only)',
        querystring: noQuery,
        response: { 200: envelope(z.array(portalUserSchema)) },
      },
    },
    async (req) => ({ data: await portal.listUsers(req.ctx) }),
  );
};
