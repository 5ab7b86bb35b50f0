import * as z from 'zod';

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
