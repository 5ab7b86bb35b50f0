import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Booked hours (issue 12): /api/hours (book, change, remove; the list across projects), /api/hours/week, /api/hours/lock, /api/projects/:projectId/hours. */
export const hoursRoutes: FastifyPluginAsyncZod = async (_app) => {};
