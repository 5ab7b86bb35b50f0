import {
  leaveCardQuerySchema,
  leaveCardSchema,
  leaveCorrectionInputSchema,
  leaveLinePageSchema,
  leaveLineQuerySchema,
  leaveLineSchema,
} from '@app/shared/leave/leave';
import { LEAVE_RIGHTS } from '@app/shared/leave/leave.rules';
import { envelope, noQuery } from '@app/shared/platform/http';
import { userParams } from '@app/shared/users/people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import * as card from './card.service';
import { registerLeaveLinesExport } from './leave.exports';

const tags = ['leave'];
/** Any employee: their own card; the scope decides about another person's (PEOPLE_RIGHTS.leave, else 404). */
const anyEmployee = { access: access.employee() };

/** The leave card: totals, lines, corrections. */
export const leaveCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:userId/leave-card',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary:
          "A person's leave card for a year: every total as the sum of its lines, the entitlement per contract, the carry-over chain",
        params: userParams,
        querystring: leaveCardQuerySchema,
        response: { 200: leaveCardSchema },
      },
    },
    async (req) => card.getCard(req.ctx, req.params.userId, req.query.year),
  );

  app.get(
    '/api/users/:userId/leave-card/lines',
    {
      config: anyEmployee,
      schema: {
        tags,
        summary: "The stored lines of a person's card for a year (one total's, or all), paged, with their sum",
        params: userParams,
        querystring: leaveLineQuerySchema,
        response: { 200: leaveLinePageSchema },
      },
    },
    async (req) => card.listLines(req.ctx, req.params.userId, req.query),
  );
  registerLeaveLinesExport(app);

  app.post(
    '/api/users/:userId/leave-corrections',
    {
      config: { access: access.employee(...LEAVE_RIGHTS.manage) },
      schema: {
        tags,
        summary: 'Add a correction line to the card, in hours or in days (days times the average working day)',
        params: userParams,
        querystring: noQuery,
        body: leaveCorrectionInputSchema,
        response: { 201: envelope(leaveLineSchema) },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await card.addCorrection(req.ctx, req.params.userId, req.body) }),
  );
};
