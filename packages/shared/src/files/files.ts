import * as z from 'zod';
import { MAX_DRAWING_BYTES } from '../drawings/drawings.rules';
import type { Permission } from '../platform/permissions';

/**
 * Attachments: documents, drawings, spreadsheets, archives and pictures. The bytes must match the
 * type (F3); SVG and HTML are never accepted (F7). The file picker advises a ZIP for many files.
 */
export const FILE_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/plain',
  'text/csv',
] as const;
export type FileMimeType = (typeof FILE_MIME_TYPES)[number];
/** Per file (F2). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 10;

/**
 * What an upload is for (`POST /api/files?purpose=`): `attachment` (the default) takes up to
 * MAX_FILES_PER_UPLOAD files of MAX_FILE_BYTES of any FILE_MIME_TYPES; `drawing` exactly one file
 * of up to MAX_DRAWING_BYTES (500 MB), only DRAWING_MIME_TYPES (many sheets go as one ZIP);
 * `receipt` a declaration's receipt (a picture or a PDF); `hr-document` a file of an employee's
 * HR record (a document, a signed contract).
 */
export const FILE_PURPOSES = ['attachment', 'drawing', 'receipt', 'hr-document'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
export const DRAWING_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'application/zip'] as const;
export type DrawingMimeType = (typeof DRAWING_MIME_TYPES)[number];
/** What a declaration's receipt may be. */
export const RECEIPT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
/** The limits of each purpose: how many files per upload, how large each, which types. */
export const UPLOAD_LIMITS: Record<FilePurpose, { maxFiles: number; maxBytes: number; types: readonly FileMimeType[] }> = {
  attachment: { maxFiles: MAX_FILES_PER_UPLOAD, maxBytes: MAX_FILE_BYTES, types: FILE_MIME_TYPES },
  drawing: { maxFiles: 1, maxBytes: MAX_DRAWING_BYTES, types: DRAWING_MIME_TYPES },
  receipt: { maxFiles: MAX_FILES_PER_UPLOAD, maxBytes: MAX_FILE_BYTES, types: RECEIPT_MIME_TYPES },
  'hr-document': { maxFiles: MAX_FILES_PER_UPLOAD, maxBytes: MAX_FILE_BYTES, types: FILE_MIME_TYPES },
};

/**
 * Who may upload for each purpose: the people who may save the record the file will
 * belong to. Staff need one of `staff` ('any': every employee, as everyone files their own
 * declarations); `portal`: a company user or an employee acting as a company. The record's own
 * save still checks its right and that the file is the saver's own unattached upload.
 */
export const UPLOAD_RIGHTS: Record<FilePurpose, { staff: readonly Permission[] | 'any'; portal: boolean }> = {
  // Projects, tasks and drawings (projects.manage), orders (companies.manage); the portal's product
  // requests, order feedback and drawing comments.
  attachment: { staff: ['projects.manage', 'companies.manage'], portal: true },
  drawing: { staff: ['projects.manage', 'companies.manage'], portal: true },
  receipt: { staff: 'any', portal: false },
  'hr-document': { staff: ['documents.manage', 'contracts.manage'], portal: false },
};

export const fileUploadQuerySchema = z.strictObject({
  purpose: z
    .enum(FILE_PURPOSES)
    .default('attachment')
    .describe(
      'attachment (default): up to 10 files of 50 MB; drawing: exactly one PDF, PNG, JPEG, WebP or ZIP of up to 500 MB; ' +
        "receipt: a declaration's receipt (PDF, JPEG, PNG, WebP; every employee); hr-document: a file of an HR record (documents.manage or contracts.manage)",
    ),
});
export type FileUploadQuery = z.input<typeof fileUploadQuerySchema>;

export const fileSchema = z.object({
  id: z.number().int(),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string().describe('Download address; answers only to those who may see a record the file is attached to'),
  uploadedBy: z.string().nullable().describe('Who uploaded it (name)'),
  createdAt: z.string(),
});
export type FileInfo = z.infer<typeof fileSchema>;

export const FILE_REJECTIONS = ['type_not_allowed', 'too_large', 'invalid_character'] as const;
export const fileUploadResponseSchema = z.object({
  data: z.array(fileSchema),
  rejected: z.array(z.object({ name: z.string(), code: z.enum(FILE_REJECTIONS) })),
});

export function fileUrl(id: number): string {
  return `/api/files/${id}`;
}
