import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Attachments: upload, and download for those who may see a record they are attached to. */
export const filesRoutes: FastifyPluginAsyncZod = async () => {};
