import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD, MEDIA_VARIANTS, mediaUploadResponseSchema } from '@app/shared/media/media';
import { idSchema, noQuery, viewLinkQuery } from '@app/shared/platform/http';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { contentDisposition } from '../../platform/content-disposition';
import { AppError } from '../../platform/errors';
import { openMedia, uploadImages } from './media.service';

const tags = ['media'];

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is accepted here only: everywhere else a multipart body is a 415 (C6).
  // A file over the size limit is cut off while streaming and named in the answer, not thrown (F2).
  await app.register(multipart, { throwFileSizeLimit: false });

  app.post(
    '/api/media',
    {
      // Product editors, project managers for a project's featured image and the areas' plans, and
      // the portal view for a product request's thumbnail (a new product); it sees its own uploads.
      config: { access: access.employeeOrPortal('products.manage', 'projects.manage') },
      bodyLimit: MAX_IMAGE_BYTES * MAX_IMAGES_PER_UPLOAD + 1024 * 1024,
      schema: {
        tags,
        summary: `Upload images (JPEG, PNG or WebP; at most ${MAX_IMAGES_PER_UPLOAD} files of ${MAX_IMAGE_BYTES / 1024 / 1024} MB)`,
        description:
          'Each file is checked on its own: the accepted ones are stored (data), the others are named with the reason (rejected). When none is accepted: 415, or 413 when every file was too large. ' +
          'Staff with products.manage or projects.manage, and the portal view (a company user, an employee acting as a company), may upload; at most 100 uploads per 10 minutes per account.',
        consumes: ['multipart/form-data'],
        querystring: noQuery,
        response: { 201: mediaUploadResponseSchema },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      // Fields are counted (and refused by the service) rather than cut off at 0, so the answer can name them.
      const parts = req.parts({
        limits: {
          fileSize: MAX_IMAGE_BYTES,
          files: MAX_IMAGES_PER_UPLOAD,
          fields: MAX_IMAGES_PER_UPLOAD,
          parts: MAX_IMAGES_PER_UPLOAD * 2,
        },
      });
      return reply.status(201).send(await uploadImages(req.ctx, parts));
    },
  );

  app.get(
    '/api/media/:mediaId/:variant',
    {
      // Public route, checked in the service: published-product images for everyone, the rest for staff.
      config: { access: access.public, viewLink: true },
      schema: {
        tags,
        summary: 'An image: public when it belongs to a published product, else staff only',
        params: z.strictObject({ mediaId: idSchema, variant: z.enum(MEDIA_VARIANTS) }),
        querystring: viewLinkQuery,
        response: { 200: z.any().describe('The image bytes') },
      },
    },
    async (req, reply) => {
      const file = await openMedia(req.ctx, req.params.mediaId, req.params.variant);
      reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition('inline', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', file.isPublic ? 'public, max-age=3600' : 'private, no-store');
      if (file.size !== null) reply.header('content-length', String(file.size));
      return reply.send(file.stream);
    },
  );
};
