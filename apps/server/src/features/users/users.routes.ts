import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Employees (issue 12): /api/users list (active, deleted), one employee, create with an invitation, edit (S10: own e-mail needs the current password), deactivate (S5/S7: sessions end at once), restore, end sessions, mobile settings. */
export const usersRoutes: FastifyPluginAsyncZod = async (_app) => {};
