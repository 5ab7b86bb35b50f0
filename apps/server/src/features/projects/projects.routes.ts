import { emptyResponse, envelope, noQuery, pageOf, versionQuery } from '@app/shared/platform/http';
import {
  projectInputSchema,
  projectListItemSchema,
  projectListQuerySchema,
  projectParams,
  projectSchema,
  projectUpdateSchema,
  versionBodySchema,
} from '@app/shared/projects/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { registerProjectBulkActions } from './projects.bulk';
import { registerProjectsExport } from './projects.exports';
import * as projects from './projects.service';

const tags = ['projects'];
const read = { access: access.employee('projects.view', 'projects.manage') };
const manage = { access: access.employee('projects.manage') };

/** Projects: the list with its tabs, one project, archive, delete and restore. */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/projects',
    {
      config: read,
      schema: {
        tags,
        summary: 'Projects, paged: tabs active, archived and deleted; search on name and trimitId',
        description:
          'areasCount counts areas and sub-areas (not decks); completion counts tasks and sub-tasks of the whole project.',
        querystring: projectListQuerySchema,
        response: { 200: pageOf(projectListItemSchema) },
      },
    },
    async (req) => projects.listProjects(req.ctx, req.query),
  );
  registerProjectsExport(app);
  registerProjectBulkActions(app);

  app.post(
    '/api/projects',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a project (name and at least one project manager)',
        querystring: noQuery,
        body: projectInputSchema,
        response: { 201: envelope(projectSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await projects.createProject(req.ctx, req.body) }),
  );

  app.get(
    '/api/projects/:projectId',
    {
      config: read,
      schema: {
        tags,
        summary: 'One project, with its people, companies, featured image and attachments',
        params: projectParams,
        querystring: noQuery,
        response: { 200: envelope(projectSchema) },
      },
    },
    async (req) => ({ data: await projects.getProject(req.ctx, req.params.projectId) }),
  );

  app.patch(
    '/api/projects/:projectId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a project; replaces its managers, attached users, companies and attachments (send the version)',
        params: projectParams,
        querystring: noQuery,
        body: projectUpdateSchema,
        response: { 200: envelope(projectSchema) },
      },
    },
    async (req) => ({ data: await projects.updateProject(req.ctx, req.params.projectId, req.body) }),
  );

  app.post(
    '/api/projects/:projectId/archive',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Archive a project (status inactive; send the version)',
        params: projectParams,
        querystring: noQuery,
        body: versionBodySchema,
        response: { 200: envelope(projectSchema) },
      },
    },
    async (req) => ({ data: await projects.archiveProject(req.ctx, req.params.projectId, req.body.version) }),
  );

  app.post(
    '/api/projects/:projectId/restore',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Restore a project: a deleted one comes back as it was, an archived one becomes active (send the version)',
        params: projectParams,
        querystring: noQuery,
        body: versionBodySchema,
        response: { 200: envelope(projectSchema) },
      },
    },
    async (req) => ({ data: await projects.restoreProject(req.ctx, req.params.projectId, req.body.version) }),
  );

  app.delete(
    '/api/projects/:projectId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a project softly: it moves to the deleted tab with everything in it, until restored (send the version)',
        params: projectParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await projects.deleteProject(req.ctx, req.params.projectId, req.query.version);
      return reply.status(204).send();
    },
  );
};
