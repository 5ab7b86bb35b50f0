import {
  contractInputSchema,
  contractListSchema,
  contractParams,
  contractUpdateSchema,
  employeeContractSchema,
} from '@app/shared/hr-documents/contracts';
import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import { userParams } from '@app/shared/users/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as contracts from './contracts.service';
import { registerContractsExport } from './hr-documents.exports';

const tags = ['hr-documents'];
// Reading: any employee (their own record); another person's only with contracts.manage, decided
// by scope.employeeRecord in the WHERE clause (404 otherwise). Writing: contracts.manage.
const read = { access: access.employee() };
const manage = { access: access.employee('contracts.manage') };

/** Contracts: /api/users/:userId/contracts. */
export const contractsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:userId/contracts',
    {
      config: read,
      schema: {
        tags,
        summary: "An employee's contracts with their status, newest first (one's own, or anyone's with contracts.manage)",
        params: userParams,
        querystring: noQuery,
        response: { 200: contractListSchema },
      },
    },
    async (req) => contracts.listContracts(req.ctx, req.params.userId),
  );
  registerContractsExport(app);

  app.post(
    '/api/users/:userId/contracts',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a contract: start, end (null: permanent), minutes per week, optional signed file',
        params: userParams,
        querystring: noQuery,
        body: contractInputSchema,
        response: { 201: envelope(employeeContractSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await contracts.createContract(req.ctx, req.params.userId, req.body) }),
  );

  app.put(
    '/api/users/:userId/contracts/:contractId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a contract (send the version it was based on)',
        params: contractParams,
        querystring: noQuery,
        body: contractUpdateSchema,
        response: { 200: envelope(employeeContractSchema) },
      },
    },
    async (req) => ({
      data: await contracts.updateContract(req.ctx, req.params.userId, req.params.contractId, req.body),
    }),
  );

  app.delete(
    '/api/users/:userId/contracts/:contractId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove a contract (send the version it was based on); the file stays stored for the audit',
        params: contractParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await contracts.deleteContract(req.ctx, req.params.userId, req.params.contractId, req.query.version);
      return reply.status(204).send();
    },
  );
};
