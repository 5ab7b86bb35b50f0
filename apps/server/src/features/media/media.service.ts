import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  IMAGE_EXTENSIONS,
  IMAGE_MIME_TYPES,
  type ImageMimeType,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_UPLOAD,
  type Media,
  type MediaVariant,
  mediaUrl,
  type RejectedFile,
} from '@app/shared/media/media';
import { fileTypeFromFile } from 'file-type';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { processImage } from '../../platform/images';
import { countUpload, type StagedFile, stageParts, type UploadPart } from '../../platform/multipart';
import { isStorableText } from '../../platform/text-guard';
import * as repo from './media.repository';

export function toMedia(r: repo.MediaRow): Media {
  return {
    id: r.id,
    originalName: r.originalName,
    mime: r.mime,
    size: r.size,
    width: r.width,
    height: r.height,
    thumbUrl: mediaUrl(r.id, 'thumb'),
    largeUrl: mediaUrl(r.id, 'large'),
    url: mediaUrl(r.id, 'original'),
    createdAt: r.createdAt.toISOString(),
  };
}

/** Media by id, in the order asked; unknown ids are left out. */
export async function mediaByIds(db: DbOrTx, ids: readonly number[]): Promise<Media[]> {
  const rows = await repo.findMany(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toMedia(r)] : [];
  });
}

/** The outcome of one upload: what was stored, and each refused file with its reason. */
export interface UploadResult {
  data: Media[];
  rejected: RejectedFile[];
}

/** Checks and stores one staged file, or says why not. */
async function storeStaged(ctx: Ctx, f: StagedFile): Promise<Media | RejectedFile> {
  if (!isStorableText(f.sentName)) {
    ctx.log.warn({ event: 'upload.rejected', reason: 'name' }, 'upload refused: NUL in the file name');
    return { name: f.name, code: 'invalid_character' };
  }
  if (f.truncated) {
    ctx.log.warn({ event: 'upload.rejected', reason: 'size' }, 'upload refused: over the size limit');
    return { name: f.name, code: 'too_large' };
  }
  const sniffed = await fileTypeFromFile(f.tmp);
  const mime = sniffed?.mime as ImageMimeType | undefined;
  const ext = f.name.includes('.') ? (f.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!mime || !(IMAGE_MIME_TYPES as readonly string[]).includes(mime) || !IMAGE_EXTENSIONS[mime].includes(ext)) {
    ctx.log.warn({ event: 'upload.rejected', sniffed: sniffed?.mime ?? null, ext }, 'upload refused: not an accepted image');
    return { name: f.name, code: 'type_not_allowed' };
  }
  let img: Awaited<ReturnType<typeof processImage>>;
  try {
    img = await processImage(f.tmp, mime);
  } catch {
    ctx.log.warn({ event: 'upload.rejected', reason: 'undecodable' }, 'upload refused: image could not be read');
    return { name: f.name, code: 'type_not_allowed' };
  }
  const key = ctx.storage.newKey();
  await Promise.all([
    ctx.storage.write(key, img.original),
    ctx.storage.write(`${key}.thumb.webp`, img.thumb),
    ctx.storage.write(`${key}.large.webp`, img.large),
  ]);
  const row = await repo.insert(ctx.db.orm, {
    storageKey: key,
    originalName: f.name,
    mime,
    size: img.original.length,
    width: img.width,
    height: img.height,
    // The signed-in account (a company user's, or the employee's when acting as a company): scope.media shows a client its own uploads.
    createdBy: signedInAccountId(ctx.actor),
  });
  return toMedia(row);
}

/** The answer when not one file could be stored: named per file, with the status of the reason. */
function noneStored(rejected: RejectedFile[]): AppError {
  const details = { rejected };
  if (rejected.every((r) => r.code === 'too_large')) {
    return new AppError('PAYLOAD_TOO_LARGE', { message: `Files may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, details });
  }
  if (rejected.some((r) => r.code === 'type_not_allowed')) return new AppError('MEDIA_TYPE_NOT_ALLOWED', { details });
  return new AppError('VALIDATION_FAILED', {
    message: 'No file could be stored',
    fieldErrors: { file: { code: 'invalid_character' } },
    details,
  });
}

/**
 * Stores the images of one upload, each on its own: every file is streamed to a temporary file
 * within the size limit (F2), its bytes must be an accepted raster image matching its extension
 * (F3, F7), then it is cleaned and resized and kept under a generated key with its cleaned name
 * (F5). A refused file is named in `rejected` and the others are still stored.
 * @throws RATE_LIMITED (over UPLOAD_RATE), VALIDATION_FAILED (no file, over MAX_IMAGES_PER_UPLOAD files, a form field),
 *   MEDIA_TYPE_NOT_ALLOWED or PAYLOAD_TOO_LARGE when no file at all could be stored
 */
export async function uploadImages(ctx: Ctx, parts: AsyncIterable<UploadPart>): Promise<UploadResult> {
  await countUpload(ctx);
  const tmpDir = path.join(ctx.config.dataDir, 'tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  const staged: StagedFile[] = [];
  try {
    const fields = await stageParts(parts, tmpDir, staged, {
      field: 'file',
      max: MAX_IMAGES_PER_UPLOAD,
      message: `At most ${MAX_IMAGES_PER_UPLOAD} files per upload`,
    });
    if (Object.keys(fields).length > 0 || staged.length === 0) {
      throw new AppError('VALIDATION_FAILED', {
        message: staged.length === 0 ? 'Send at least one file in the field "file"' : 'Only files are accepted',
        fieldErrors: { ...fields, ...(staged.length === 0 ? { file: { code: 'required' } } : {}) },
      });
    }
    const data: Media[] = [];
    const rejected: RejectedFile[] = [];
    for (const f of staged) {
      const r = await storeStaged(ctx, f);
      if ('code' in r) rejected.push(r);
      else data.push(r);
    }
    if (data.length === 0) throw noneStored(rejected);
    return { data, rejected };
  } finally {
    await Promise.all(staged.map((f) => fs.rm(f.tmp, { force: true })));
  }
}

export interface MediaFile {
  stream: Readable;
  mime: string;
  size: number | null;
  fileName: string;
  isPublic: boolean;
}

/**
 * A stored file for display, within the actor's scope (scope.media): images of published products
 * for everyone (the catalogue), the rest for staff who work on products or articles. Anything
 * else is simply not found (Z5).
 * @throws MEDIA_NOT_FOUND
 */
export async function openMedia(ctx: Ctx, id: number, variant: MediaVariant): Promise<MediaFile> {
  const row = await repo.findVisible(ctx.db.orm, ctx.actor, id);
  if (!row) throw new AppError('MEDIA_NOT_FOUND');
  const { isPublic } = row;
  const key = variant === 'original' ? row.storageKey : `${row.storageKey}.${variant}.webp`;
  const mime = variant === 'original' ? row.mime : 'image/webp';
  const size = await ctx.storage.size(key);
  if (size === null) throw new AppError('MEDIA_NOT_FOUND');
  const base = row.originalName.replace(/\.[A-Za-z0-9]+$/, '');
  const fileName = variant === 'original' ? row.originalName : `${base}-${variant}.webp`;
  return { stream: ctx.storage.read(key), mime, size, fileName, isPublic };
}
