import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Payroll exports (issue 12): /api/exports (hours, overnight stays; XLSX and CSV) run as a job with progress, and the download. */
export const exportsRoutes: FastifyPluginAsyncZod = async (_app) => {};
