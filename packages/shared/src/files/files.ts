import * as z from 'zod';
import { MAX_DRAWING_BYTES } from '../drawings/drawings.rules';

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
 * of up to MAX_DRAWING_BYTES (500 MB), only DRAWING_MIME_TYPES (many sheets go as one ZIP).
 */
export const FILE_PURPOSES = ['attachment', 'drawing'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
export const DRAWING_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'application/zip'] as const;
export type DrawingMimeType = (typeof DRAWING_MIME_TYPES)[number];
/** The limits of each purpose: how many files per upload, how large each, which types. */
export const UPLOAD_LIMITS: Record<FilePurpose, { maxFiles: number; maxBytes: number; types: readonly FileMimeType[] }> = {
  attachment: { maxFiles: MAX_FILES_PER_UPLOAD, maxBytes: MAX_FILE_BYTES, types: FILE_MIME_TYPES },
  drawing: { maxFiles: 1, maxBytes: MAX_DRAWING_BYTES, types: DRAWING_MIME_TYPES },
};

export const fileUploadQuerySchema = z.strictObject({
  purpose: z
    .enum(FILE_PURPOSES)
    .default('attachment')
    .describe('attachment (default): up to 10 files of 50 MB; drawing: exactly one PDF, PNG, JPEG, WebP or ZIP of up to 500 MB'),
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
