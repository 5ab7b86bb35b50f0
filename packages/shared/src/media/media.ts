import * as z from 'zod';

/** Raster images only: SVG is never accepted (F7); the bytes must match the type (F3). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export const IMAGE_EXTENSIONS: Record<ImageMimeType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
};
/** Per file; a larger upload is cut off while streaming and answered 413 (F2). */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Files per upload request (F1). */
export const MAX_IMAGES_PER_UPLOAD = 10;

export const MEDIA_VARIANTS = ['thumb', 'large', 'original'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

export const mediaSchema = z.object({
  id: z.number().int(),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  thumbUrl: z.string().describe('400 px wide WebP'),
  largeUrl: z.string().describe('1600 px wide WebP'),
  url: z.string().describe('The original file'),
  createdAt: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

/**
 * Why one file of an upload was not stored: not an accepted image (F3, F7), over the size limit
 * (F2), or a name with a NUL character (I10). The web app names the file with the reason.
 */
export const UPLOAD_REJECTIONS = ['type_not_allowed', 'too_large', 'invalid_character'] as const;
export type UploadRejection = (typeof UPLOAD_REJECTIONS)[number];

export const rejectedFileSchema = z.object({
  name: z.string().describe('The file name as sent, cleaned'),
  code: z.enum(UPLOAD_REJECTIONS),
});
export type RejectedFile = z.infer<typeof rejectedFileSchema>;

/** Every accepted file is stored; the others are named in `rejected`, so one bad file does not lose the rest. */
export const mediaUploadResponseSchema = z.object({
  data: z.array(mediaSchema),
  rejected: z.array(rejectedFileSchema),
});

export function mediaUrl(id: number, variant: MediaVariant): string {
  return `/api/media/${id}/${variant}`;
}
