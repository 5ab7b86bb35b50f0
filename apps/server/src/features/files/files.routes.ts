import {
  DRAWING_MIME_TYPES,
  FILE_MIME_TYPES,
  fileUploadQuerySchema,
  fileUploadResponseSchema,
  MAX_FILE_BYTES,
  MAX_FILES_PER_UPLOAD,
  UPLOAD_LIMITS,
  UPLOAD_RIGHTS,
} from '@app/shared/files/files';
import { idParam, viewLinkQuery } from '@app/shared/platform/http';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { access } from '../../platform/access';
import { can } from '../../platform/can';
import { AppError } from '../../platform/errors';
import { sendDownload } from './files.download';
import { openFile, uploadFiles } from './files.service';

const tags = ['files'];
const MB = 1024 * 1024;
/** Room for the multipart framing (boundaries, part headers) around the files themselves. */
const MULTIPART_OVERHEAD = MB;
const bodyLimitOf = (l: { maxFiles: number; maxBytes: number }) => l.maxFiles * l.maxBytes + MULTIPART_OVERHEAD;
/** The accepted types by name, for the description (F1). */
const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/zip': 'ZIP',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'text/plain': 'TXT',
  'text/csv': 'CSV',
};
const typeNames = (types: readonly string[]) => types.map((t) => TYPE_NAMES[t] ?? t).join(', ');

/** Attachments: upload, and download for those who may see a record they are attached to. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is accepted on the upload route only (C6); a file over the limit is cut off while
  // streaming and named in the answer, not thrown (F2).
  await app.register(multipart, { throwFileSizeLimit: false });

  app.post(
    '/api/files',
    {
      // Every employee and the portal view pass here; who may upload then follows the purpose
      // (UPLOAD_RIGHTS: the right to the kind of record the file will belong to), checked first thing.
      config: { access: access.employeeOrPortal(), idempotent: true },
      // The largest purpose's (checked per purpose below; the file size limits while streaming).
      bodyLimit: Math.max(bodyLimitOf(UPLOAD_LIMITS.attachment), bodyLimitOf(UPLOAD_LIMITS.drawing)),
      schema: {
        tags,
        summary: `Upload attachments (at most ${MAX_FILES_PER_UPLOAD} files of ${MAX_FILE_BYTES / MB} MB) or one drawing (up to ${UPLOAD_LIMITS.drawing.maxBytes / MB} MB)`,
        description:
          `purpose=attachment (the default): 1 to ${MAX_FILES_PER_UPLOAD} files of at most ${MAX_FILE_BYTES / MB} MB each, of the types ${typeNames(FILE_MIME_TYPES)}. ` +
          `purpose=drawing: exactly one file of at most ${UPLOAD_LIMITS.drawing.maxBytes / MB} MB, of the types ${typeNames(DRAWING_MIME_TYPES)} (many sheets: one ZIP); more than one file is a 400. ` +
          'Files are sent in the multipart field "files". Each file is streamed to a temporary file within its size limit and cut off there (rejected as too_large); ' +
          "a request whose Content-Length is over the purpose's limit is refused with 413 before it is read. " +
          'Each file is checked on its own: its bytes must match its extension (SVG and HTML never pass); a ZIP may hold at most 10 000 entries, 2 GB unpacked and no archive inside. ' +
          'The accepted ones are stored (data), the others are named with the reason (rejected), also when none was accepted. ' +
          'A file is not attached to anything until a record (a project, a task, an order, a drawing) is saved with its id; until then only its uploader sees it. ' +
          'Who may upload follows the purpose (403 otherwise): attachment and drawing, staff with projects.manage or companies.manage and the portal view (a company user, an employee acting as a company); ' +
          'receipt, every employee; hr-document, staff with documents.manage or contracts.manage. At most 100 uploads per 10 minutes per account.',
        consumes: ['multipart/form-data'],
        querystring: fileUploadQuerySchema,
        response: { 201: fileUploadResponseSchema },
      },
    },
    async (req, reply) => {
      const { purpose } = req.query;
      const rights = UPLOAD_RIGHTS[purpose];
      const actor = req.ctx.actor;
      const allowed =
        actor.kind === 'client'
          ? rights.portal
          : actor.kind === 'employee' && (rights.staff === 'any' || can(actor, rights.staff));
      if (!allowed) throw new AppError('FORBIDDEN');
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const limits = UPLOAD_LIMITS[purpose];
      // A body announced over the limit cannot hold an acceptable upload: refused before a byte is read.
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > bodyLimitOf(limits)) {
        req.log.warn(
          { event: 'upload.rejected', reason: 'content-length', purpose, declared },
          'upload refused: body over the limit',
        );
        throw new AppError('PAYLOAD_TOO_LARGE', {
          message: `A ${purpose} upload may be at most ${limits.maxFiles === 1 ? 'one file' : `${limits.maxFiles} files`} of ${limits.maxBytes / MB} MB`,
        });
      }
      const parts = req.parts({
        limits: {
          fileSize: limits.maxBytes,
          files: limits.maxFiles,
          fields: MAX_FILES_PER_UPLOAD,
          parts: MAX_FILES_PER_UPLOAD * 2,
        },
      });
      return reply.status(201).send(await uploadFiles(req.ctx, parts, purpose));
    },
  );

  app.get(
    '/api/files/:fileId',
    {
      // Signed in, checked in the repository (scope.file): the files of records the caller may see, and its own uploads.
      config: { access: access.signedIn, viewLink: true },
      schema: {
        tags,
        summary: 'Download an attachment (always as an attachment, never shown inline), whole or a byte range',
        description:
          'Answers Accept-Ranges: bytes. One range (Range: bytes=a-b, bytes=a- or bytes=-n) is answered 206 with Content-Range ' +
          '(a viewer such as pdf.js opens a large PDF page by page); a range starting past the end 416 with Content-Range: bytes */size; ' +
          'several ranges, another unit, a malformed range, or an If-Range that is not the ETag: the whole file (200).',
        params: idParam('fileId'),
        querystring: viewLinkQuery,
        response: {
          200: z.any().describe('The file bytes'),
          206: z.any().describe('The bytes of the range asked for'),
          416: z.any().describe('No body: the range starts past the end (Content-Range: bytes */size)'),
        },
      },
    },
    async (req, reply) => {
      return sendDownload(req, reply, await openFile(req.ctx, req.params.fileId));
    },
  );
};
