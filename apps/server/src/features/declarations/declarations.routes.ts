import {
  categoryParams,
  declarationDecisionSchema,
  declarationInputSchema,
  declarationListQuerySchema,
  declarationOptionInputSchema,
  declarationOptionListSchema,
  declarationOptionQuerySchema,
  declarationOptionSchema,
  declarationOptionUpdateSchema,
  declarationPageSchema,
  declarationParams,
  declarationRejectSchema,
  declarationSchema,
  declarationUpdateSchema,
  paymentTypeParams,
  userDeclarationListQuerySchema,
} from '@app/shared/declarations/declarations';
import { emptyResponse, envelope, noQuery, versionQuery } from '@app/shared/platform/http';
import { userParams } from '@app/shared/users/people';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as settings from './declaration-settings.service';
import { registerDeclarationsExport } from './declarations.exports';
import * as declarations from './declarations.service';

const tags = ['declarations'];
/** Any employee: their own declarations; the service and the scope decide about another person's. */
const anyEmployee = { access: access.employee() };
/** Decisions and the settings: the hours rights (PEOPLE_RIGHTS.hours). */
const hours = { access: access.employee(...PEOPLE_RIGHTS.hours) };

/** Declarations: /api/declarations and /api/users/:userId/declarations; categories and payment types under /api/settings/declarations/... */
export const declarationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/declarations',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary:
          "One's own declarations, or with the hours rights everyone's; filtered, paged, with the sum of the matching amounts",
        querystring: declarationListQuerySchema,
        response: { 200: declarationPageSchema },
      },
    },
    async (req) => declarations.listDeclarations(req.ctx, req.query),
  );

  app.get(
    '/api/users/:userId/declarations',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: "One person's declarations (one's own, or anyone's with the hours rights), paged, with the sum",
        params: userParams,
        querystring: userDeclarationListQuerySchema,
        response: { 200: declarationPageSchema },
      },
    },
    async (req) => declarations.listUserDeclarations(req.ctx, req.params.userId, req.query),
  );
  registerDeclarationsExport(app);

  app.post(
    '/api/declarations',
    {
      config: { ...anyEmployee, idempotent: true },
      schema: {
        tags,
        summary: "File a declaration with its receipt (one's own; another person's with the hours rights); it is submitted",
        querystring: noQuery,
        body: declarationInputSchema,
        response: { 201: envelope(declarationSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await declarations.createDeclaration(req.ctx, req.body) }),
  );

  app.get(
    '/api/declarations/:declarationId',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'One declaration with its receipt and abilities',
        params: declarationParams,
        querystring: noQuery,
        response: { 200: envelope(declarationSchema) },
      },
    },
    async (req) => ({ data: await declarations.getDeclaration(req.ctx, req.params.declarationId) }),
  );

  app.put(
    '/api/declarations/:declarationId',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'Change a declaration while it is submitted (send the version it was based on)',
        params: declarationParams,
        querystring: noQuery,
        body: declarationUpdateSchema,
        response: { 200: envelope(declarationSchema) },
      },
    },
    async (req) => ({ data: await declarations.updateDeclaration(req.ctx, req.params.declarationId, req.body) }),
  );

  app.delete(
    '/api/declarations/:declarationId',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: 'Remove a declaration while it is submitted (send the version it was based on)',
        params: declarationParams,
        querystring: versionQuery,
        response: { 204: emptyResponse },
      },
    },
    async (req, reply) => {
      await declarations.deleteDeclaration(req.ctx, req.params.declarationId, req.query.version);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/declarations/:declarationId/approve',
    {
      config: hours,
      schema: {
        tags,
        summary: "Approve a submitted declaration (not one's own); tells the employee",
        params: declarationParams,
        querystring: noQuery,
        body: declarationDecisionSchema,
        response: { 200: envelope(declarationSchema) },
      },
    },
    async (req) => ({
      data: await declarations.decideDeclaration(req.ctx, req.params.declarationId, req.body.version, { outcome: 'approved' }),
    }),
  );

  app.post(
    '/api/declarations/:declarationId/reject',
    {
      config: hours,
      schema: {
        tags,
        summary: "Reject a submitted declaration with a reason (not one's own); tells the employee",
        params: declarationParams,
        querystring: noQuery,
        body: declarationRejectSchema,
        response: { 200: envelope(declarationSchema) },
      },
    },
    async (req) => ({
      data: await declarations.decideDeclaration(req.ctx, req.params.declarationId, req.body.version, {
        outcome: 'rejected',
        reason: req.body.reason,
      }),
    }),
  );

  app.post(
    '/api/declarations/:declarationId/pay',
    {
      config: hours,
      schema: {
        tags,
        summary: "Mark an approved declaration paid (not one's own); tells the employee",
        params: declarationParams,
        querystring: noQuery,
        body: declarationDecisionSchema,
        response: { 200: envelope(declarationSchema) },
      },
    },
    async (req) => ({
      data: await declarations.decideDeclaration(req.ctx, req.params.declarationId, req.body.version, { outcome: 'paid' }),
    }),
  );

  // ---- settings: categories and payment types, the same five routes each

  const kinds = [
    { kind: 'categories', path: '/api/settings/declarations/categories', params: categoryParams, param: 'categoryId' },
    {
      kind: 'payment-types',
      path: '/api/settings/declarations/payment-types',
      params: paymentTypeParams,
      param: 'paymentTypeId',
    },
  ] as const;
  for (const k of kinds) {
    const idOf = (params: unknown) => (params as Record<typeof k.param, number>)[k.param];
    const what = k.kind === 'categories' ? 'category' : 'payment type';

    app.get(
      k.path,
      {
        config: anyEmployee,
        schema: {
          tags,
          summary: `The declaration ${what} list by name: active ones (the form offers them); ?all=1 inactive ones too, for the hours rights`,
          querystring: declarationOptionQuerySchema,
          response: { 200: declarationOptionListSchema },
        },
      },
      async (req) => ({ data: await settings.listOptions(req.ctx, k.kind, req.query.all === '1') }),
    );

    app.post(
      k.path,
      {
        config: hours,
        schema: {
          tags,
          summary: `Add a declaration ${what} (the name is unique, case ignored)`,
          querystring: noQuery,
          body: declarationOptionInputSchema,
          response: { 201: envelope(declarationOptionSchema) },
        },
      },
      async (req, reply) => reply.status(201).send({ data: await settings.createOption(req.ctx, k.kind, req.body) }),
    );

    app.put(
      `${k.path}/:${k.param}`,
      {
        config: hours,
        schema: {
          tags,
          summary: `Rename or (de)activate a declaration ${what} (send the version it was based on)`,
          params: k.params,
          querystring: noQuery,
          body: declarationOptionUpdateSchema,
          response: { 200: envelope(declarationOptionSchema) },
        },
      },
      async (req) => ({ data: await settings.updateOption(req.ctx, k.kind, idOf(req.params), req.body) }),
    );

    app.delete(
      `${k.path}/:${k.param}`,
      {
        config: hours,
        schema: {
          tags,
          summary: `Delete an unused declaration ${what} (a used one: 409 REFERENCE_IN_USE; deactivate it instead)`,
          params: k.params,
          querystring: versionQuery,
          response: { 204: emptyResponse },
        },
      },
      async (req, reply) => {
        await settings.deleteOption(req.ctx, k.kind, idOf(req.params), req.query.version);
        return reply.status(204).send();
      },
    );
  }
};
