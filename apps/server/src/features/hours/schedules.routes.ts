import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Schedules (issue 12): /api/users/:userId/schedules, versions of the even and odd weeks with an effective date. */
export const schedulesRoutes: FastifyPluginAsyncZod = async (_app) => {};
