import { envelope, noQuery, pageOf } from '@app/shared/platform/http';
import { projectParams, versionBodySchema } from '@app/shared/projects/projects';
import {
  projectTicketParams,
  ticketInputSchema,
  ticketListQuerySchema,
  ticketParams,
  ticketSchema,
  ticketUpdateSchema,
} from '@app/shared/tickets/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { registerTicketBulkActions } from './tickets.bulk';
import { registerTicketsExport } from './tickets.exports';
import * as tickets from './tickets.service';

const tags = ['tickets'];
const view = { access: access.employee('projects.view', 'projects.manage') };
const manage = { access: access.employee('projects.manage') };

/** Tickets: per project and across projects. */
export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tickets',
    {
      config: view,
      schema: {
        tags,
        summary: 'Tickets across projects (not deleted ones), paged: tabs open, closed, all; filters; search',
        querystring: ticketListQuerySchema,
        response: { 200: pageOf(ticketSchema) },
      },
    },
    async (req) => tickets.listTickets(req.ctx, req.query),
  );
  registerTicketsExport(app);
  registerTicketBulkActions(app);

  app.get(
    '/api/tickets/:ticketId',
    {
      config: view,
      schema: {
        tags,
        summary: 'One ticket',
        params: ticketParams,
        querystring: noQuery,
        response: { 200: envelope(ticketSchema) },
      },
    },
    async (req) => ({ data: await tickets.getTicket(req.ctx, req.params.ticketId) }),
  );

  app.get(
    '/api/projects/:projectId/tickets',
    {
      config: view,
      schema: {
        tags,
        summary: "A project's tickets, paged (the project in the path wins over a projectId in the query)",
        params: projectParams,
        querystring: ticketListQuerySchema,
        response: { 200: pageOf(ticketSchema) },
      },
    },
    async (req) => tickets.listProjectTickets(req.ctx, req.params.projectId, req.query),
  );

  app.post(
    '/api/projects/:projectId/tickets',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Open a ticket, on a task of the project or on none (the task goes to open_ticket)',
        params: projectParams,
        querystring: noQuery,
        body: ticketInputSchema,
        response: { 201: envelope(ticketSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await tickets.createTicket(req.ctx, req.params.projectId, req.body) }),
  );

  app.get(
    '/api/projects/:projectId/tickets/:ticketId',
    {
      config: view,
      schema: {
        tags,
        summary: 'One ticket of the project',
        params: projectTicketParams,
        querystring: noQuery,
        response: { 200: envelope(ticketSchema) },
      },
    },
    async (req) => ({ data: await tickets.getTicket(req.ctx, req.params.ticketId, req.params.projectId) }),
  );

  app.patch(
    '/api/projects/:projectId/tickets/:ticketId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a ticket (send the version it was based on); moving an open ticket moves open_ticket with it',
        params: projectTicketParams,
        querystring: noQuery,
        body: ticketUpdateSchema,
        response: { 200: envelope(ticketSchema) },
      },
    },
    async (req) => ({ data: await tickets.updateTicket(req.ctx, req.params.projectId, req.params.ticketId, req.body) }),
  );

  app.post(
    '/api/projects/:projectId/tickets/:ticketId/close',
    {
      config: manage,
      schema: {
        tags,
        summary: "Close a ticket (send the version); the task's last open ticket returns the task to its previous status",
        params: projectTicketParams,
        querystring: noQuery,
        body: versionBodySchema,
        response: { 200: envelope(ticketSchema) },
      },
    },
    async (req) => ({
      data: await tickets.setTicketStatus(req.ctx, req.params.projectId, req.params.ticketId, req.body.version, 'closed'),
    }),
  );

  app.post(
    '/api/projects/:projectId/tickets/:ticketId/reopen',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Reopen a closed ticket (send the version); its task goes back to open_ticket',
        params: projectTicketParams,
        querystring: noQuery,
        body: versionBodySchema,
        response: { 200: envelope(ticketSchema) },
      },
    },
    async (req) => ({
      data: await tickets.setTicketStatus(req.ctx, req.params.projectId, req.params.ticketId, req.body.version, 'open'),
    }),
  );
};
