import { envelope } from '@app/shared/platform/http';
import { taskListParams, taskListQuerySchema, taskListSchema } from '@app/shared/task-list/task-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { getTaskList } from './task-list.service';

const tags = ['projects'];

/** The printable assembly list of a project (project-tasks.print). */
export const taskListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/projects/:projectId/task-list',
    {
      config: { access: access.employee('projects.view', 'projects.manage') },
      schema: {
        tags,
        summary:
          'The assembly list: the chosen decks, areas and sub-areas (all when areaIds is left out) in tree order with their tasks, sub-tasks and order lines, and the project tree',
        params: taskListParams,
        querystring: taskListQuerySchema,
        response: { 200: envelope(taskListSchema) },
      },
    },
    async (req) => ({ data: await getTaskList(req.ctx, req.params.projectId, req.query.areaIds) }),
  );
};
