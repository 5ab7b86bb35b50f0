import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Employees to pick (managers, attached users, assignees). */
export const employeesRoutes: FastifyPluginAsyncZod = async () => {};
