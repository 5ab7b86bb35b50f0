import { emptyResponse, envelope, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import { areaParams } from '@app/shared/projects/areas';
import { projectParams, versionBodySchema } from '@app/shared/projects/projects';
import {
  projectTaskListQuerySchema,
  taskInputSchema,
  taskParams,
  taskSchema,
  taskSummarySchema,
  taskUpdateSchema,
} from '@app/shared/projects/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { registerTaskBulkActions } from './projects.bulk';
import { registerTasksExport } from './projects.exports';
import { subtasksRoutes } from './subtasks.routes';
import * as tasks from './tasks.service';

const tags = ['projects'];
const view = { access: access.employee('projects.view', 'projects.manage') };
const manage = { access: access.employee('projects.manage') };

/** Tasks, sub-tasks and order lines of a project's areas, and the project's task list. */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/projects/:projectId/areas/:areaId/tasks',
    {
      config: view,
      schema: {
        tags,
        summary: "The area's tasks (not its sub-areas'), by sort order then name",
        params: areaParams,
        querystring: noQuery,
        response: { 200: z.object({ data: z.array(taskSummarySchema) }) },
      },
    },
    async (req) => ({ data: await tasks.listAreaTasks(req.ctx, req.params.projectId, req.params.areaId) }),
  );

  app.post(
    '/api/projects/:projectId/areas/:areaId/tasks',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a task to the area (at the end of its tasks)',
        params: areaParams,
        querystring: noQuery,
        body: taskInputSchema,
        response: { 201: envelope(taskSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await tasks.createTask(req.ctx, req.params.projectId, req.params.areaId, req.body) }),
  );

  app.get(
    '/api/projects/:projectId/tasks',
    {
      config: view,
      schema: {
        tags,
        summary: "The project's tasks, paged: filter on status, assignee and area (with its sub-areas); search task and area",
        params: projectParams,
        querystring: projectTaskListQuerySchema,
        response: { 200: pageOf(taskSummarySchema) },
      },
    },
    async (req) => tasks.listProjectTasks(req.ctx, req.params.projectId, req.query),
  );
  registerTasksExport(app);
  registerTaskBulkActions(app);

  app.get(
    '/api/projects/:projectId/tasks/:taskId',
    {
      config: view,
      schema: {
        tags,
        summary: 'One task with its attachments',
        params: taskParams,
        querystring: noQuery,
        response: { 200: envelope(taskSchema) },
      },
    },
    async (req) => ({ data: await tasks.getTask(req.ctx, req.params.projectId, req.params.taskId) }),
  );

  app.patch(
    '/api/projects/:projectId/tasks/:taskId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a task: name, assignee, notes, attachments (send the version it was based on)',
        params: taskParams,
        querystring: noQuery,
        body: taskUpdateSchema,
        response: { 200: envelope(taskSchema) },
      },
    },
    async (req) => ({ data: await tasks.updateTask(req.ctx, req.params.projectId, req.params.taskId, req.body) }),
  );

  app.delete(
    '/api/projects/:projectId/tasks/:taskId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a task with its sub-tasks and order lines (send the version)',
        params: taskParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await tasks.deleteTask(req.ctx, req.params.projectId, req.params.taskId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/projects/:projectId/tasks/:taskId/complete',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Complete a pending task (not while it has an open ticket)',
        params: taskParams,
        querystring: noQuery,
        body: versionBodySchema,
        response: { 200: envelope(taskSchema) },
      },
    },
    async (req) => ({
      data: await tasks.setTaskDone(req.ctx, req.params.projectId, req.params.taskId, req.body.version, true),
    }),
  );

  app.post(
    '/api/projects/:projectId/tasks/:taskId/reopen',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Reopen a completed task (back to pending)',
        params: taskParams,
        querystring: noQuery,
        body: versionBodySchema,
        response: { 200: envelope(taskSchema) },
      },
    },
    async (req) => ({
      data: await tasks.setTaskDone(req.ctx, req.params.projectId, req.params.taskId, req.body.version, false),
    }),
  );

  await app.register(subtasksRoutes);
};
