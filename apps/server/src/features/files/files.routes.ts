import { fileUploadResponseSchema, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@app/shared/files/files';
import { idParam, noQuery } from '@app/shared/platform/http';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { contentDisposition } from '../media/media.routes';
import { openFile, uploadFiles } from './files.service';

const tags = ['files'];

/** Attachments: upload, and download for those who may see a record they are attached to. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is accepted on the upload route only (C6); a file over the limit is cut off while
  // streaming and named in the answer, not thrown (F2).
  await app.register(multipart, { throwFileSizeLimit: false });

  app.post(
    '/api/files',
    {
      // Project managers attach files to projects and tasks; later features add their rights here.
      config: { access: access.employee('projects.manage') },
      bodyLimit: MAX_FILE_BYTES * MAX_FILES_PER_UPLOAD + 1024 * 1024,
      schema: {
        tags,
        summary: `Upload attachments (PDF, JPEG, PNG, WebP, ZIP, DOCX, XLSX, PPTX, TXT, CSV; at most ${MAX_FILES_PER_UPLOAD} files of ${MAX_FILE_BYTES / 1024 / 1024} MB)`,
        description:
          'Each file is checked on its own: its bytes must match its extension; a ZIP may hold at most 10 000 entries, 2 GB unpacked and no archive inside. ' +
          'The accepted ones are stored (data), the others are named with the reason (rejected), also when none was accepted. ' +
          'A file is not attached to anything until a record (a project, a task) is saved with its id; until then only its uploader sees it.',
        consumes: ['multipart/form-data'],
        querystring: noQuery,
        response: { 201: fileUploadResponseSchema },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const parts = req.parts({
        limits: {
          fileSize: MAX_FILE_BYTES,
          files: MAX_FILES_PER_UPLOAD,
          fields: MAX_FILES_PER_UPLOAD,
          parts: MAX_FILES_PER_UPLOAD * 2,
        },
      });
      return reply.status(201).send(await uploadFiles(req.ctx, parts));
    },
  );

  app.get(
    '/api/files/:fileId',
    {
      // Signed in, checked in the repository (scope.file): the files of records the caller may see, and its own uploads.
      config: { access: access.signedIn },
      schema: {
        tags,
        summary: 'Download an attachment (always as an attachment, never shown inline)',
        params: idParam('fileId'),
        querystring: noQuery,
        response: { 200: z.any().describe('The file bytes') },
      },
    },
    async (req, reply) => {
      const file = await openFile(req.ctx, req.params.fileId);
      const type = file.mime.startsWith('text/') ? `${file.mime}; charset=utf-8` : file.mime;
      reply
        .header('content-type', type)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store');
      return reply.send(file.stream);
    },
  );
};
