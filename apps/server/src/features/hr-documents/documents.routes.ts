import {
  documentInputSchema,
  documentListSchema,
  documentParams,
  documentUpdateSchema,
  employeeDocumentSchema,
  expiringListSchema,
} from '@app/shared/hr-documents/documents';
import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import { userParams } from '@app/shared/users/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as documents from './documents.service';
import { registerDocumentsExport, registerExpiringExport } from './hr-documents.exports';

const tags = ['hr-documents'];
// Reading: any employee (their own record); another person's only with documents.manage, decided
// by scope.employeeRecord in the WHERE clause (404 otherwise). Writing: documents.manage.
const read = { access: access.employee() };
const manage = { access: access.employee('documents.manage') };

/** HR documents: /api/users/:userId/documents, and the expiring list for HR. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:userId/documents',
    {
      config: read,
      schema: {
        tags,
        summary: "An employee's documents with their expiry status (one's own, or anyone's with documents.manage)",
        params: userParams,
        querystring: noQuery,
        response: { 200: documentListSchema },
      },
    },
    async (req) => documents.listDocuments(req.ctx, req.params.userId),
  );
  registerDocumentsExport(app);

  app.post(
    '/api/users/:userId/documents',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a document (an image or PDF uploaded with POST /api/files) with its type and optional expiry date',
        params: userParams,
        querystring: noQuery,
        body: documentInputSchema,
        response: { 201: envelope(employeeDocumentSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await documents.createDocument(req.ctx, req.params.userId, req.body) }),
  );

  app.put(
    '/api/users/:userId/documents/:documentId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a document (send the version it was based on)',
        params: documentParams,
        querystring: noQuery,
        body: documentUpdateSchema,
        response: { 200: envelope(employeeDocumentSchema) },
      },
    },
    async (req) => ({
      data: await documents.updateDocument(req.ctx, req.params.userId, req.params.documentId, req.body),
    }),
  );

  app.delete(
    '/api/users/:userId/documents/:documentId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove a document (send the version it was based on); the file stays stored for the audit',
        params: documentParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await documents.deleteDocument(req.ctx, req.params.userId, req.params.documentId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/hr/expiring',
    {
      config: { access: access.employee('documents.manage', 'contracts.manage') },
      schema: {
        tags,
        summary:
          'What needs HR: documents expired or expiring within 30 days, contracts ending within 30 days or ended without a later one (active employees; each part by its right), by date',
        querystring: noQuery,
        response: { 200: expiringListSchema },
      },
    },
    async (req) => documents.listExpiring(req.ctx),
  );
  registerExpiringExport(app);
};
