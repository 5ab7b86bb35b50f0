import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import { versionBodySchema } from '@app/shared/projects/projects';
import {
  orderLineOptionQuerySchema,
  orderLineOptionSchema,
  subtaskCloseResultSchema,
  subtaskInputSchema,
  subtaskParams,
  subtaskSchema,
  subtaskUpdateSchema,
  taskParams,
} from '@app/shared/projects/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import * as subtasks from './subtasks.service';

const tags = ['projects'];
const view = { access: access.employee('projects.view', 'projects.manage') };
const manage = { access: access.employee('projects.manage') };

/** Sub-tasks with their order lines, and the order-line pickers. Registered by tasks.routes.ts. */
export const subtasksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/projects/:projectId/tasks/:taskId/subtasks',
    {
      config: view,
      schema: {
        tags,
        summary: "The task's sub-tasks in their order, each with its order lines",
        params: taskParams,
        querystring: noQuery,
        response: { 200: z.object({ data: z.array(subtaskSchema) }) },
      },
    },
    async (req) => ({ data: await subtasks.listSubtasks(req.ctx, req.params.projectId, req.params.taskId) }),
  );

  app.post(
    '/api/projects/:projectId/tasks/:taskId/subtasks',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a sub-task (open, at the end) with its order lines',
        params: taskParams,
        querystring: noQuery,
        body: subtaskInputSchema,
        response: { 201: envelope(subtaskSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await subtasks.createSubtask(req.ctx, req.params.projectId, req.params.taskId, req.body) }),
  );

  app.get(
    '/api/projects/:projectId/subtasks/:subtaskId',
    {
      config: view,
      schema: {
        tags,
        summary: 'One sub-task with its order lines',
        params: subtaskParams,
        querystring: noQuery,
        response: { 200: envelope(subtaskSchema) },
      },
    },
    async (req) => ({ data: await subtasks.getSubtask(req.ctx, req.params.projectId, req.params.subtaskId) }),
  );

  app.patch(
    '/api/projects/:projectId/subtasks/:subtaskId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a sub-task and replace its order lines (send the version it was based on)',
        params: subtaskParams,
        querystring: noQuery,
        body: subtaskUpdateSchema,
        response: { 200: envelope(subtaskSchema) },
      },
    },
    async (req) => ({
      data: await subtasks.updateSubtask(req.ctx, req.params.projectId, req.params.subtaskId, req.body),
    }),
  );

  app.delete(
    '/api/projects/:projectId/subtasks/:subtaskId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a sub-task with its order lines (send the version)',
        params: subtaskParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await subtasks.deleteSubtask(req.ctx, req.params.projectId, req.params.subtaskId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/projects/:projectId/subtasks/:subtaskId/close',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Close an open sub-task; says whether the task may now be completed',
        params: subtaskParams,
        querystring: noQuery,
        body: versionBodySchema,
        response: { 200: envelope(subtaskCloseResultSchema) },
      },
    },
    async (req) => ({
      data: await subtasks.closeSubtask(req.ctx, req.params.projectId, req.params.subtaskId, req.body.version),
    }),
  );

  app.post(
    '/api/projects/:projectId/subtasks/:subtaskId/open',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Open a closed sub-task again',
        params: subtaskParams,
        querystring: noQuery,
        body: versionBodySchema,
        response: { 200: envelope(subtaskSchema) },
      },
    },
    async (req) => ({
      data: await subtasks.openSubtask(req.ctx, req.params.projectId, req.params.subtaskId, req.body.version),
    }),
  );

  app.post(
    '/api/projects/:projectId/subtasks/:subtaskId/copy',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Copy a sub-task right after it in the same task, with its order lines (open)',
        params: subtaskParams,
        querystring: noQuery,
        body: versionBodySchema,
        response: { 201: envelope(subtaskSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        data: await subtasks.copySubtask(req.ctx, req.params.projectId, req.params.subtaskId, req.body.version),
      }),
  );

  app.get(
    '/api/order-line-options',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Products or articles for an order line, as you type: at most 20, by name (articles also by SKU)',
        querystring: orderLineOptionQuerySchema,
        response: { 200: z.object({ data: z.array(orderLineOptionSchema) }) },
      },
    },
    async (req) => ({ data: await subtasks.orderLineOptions(req.ctx, req.query.kind, req.query.q) }),
  );
};
