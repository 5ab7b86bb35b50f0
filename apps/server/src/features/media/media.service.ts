import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMAGE_EXTENSIONS,
  IMAGE_MIME_TYPES,
  type ImageMimeType,
  type Media,
  type MediaVariant,
  mediaUrl,
} from '@app/shared/media/media';
import { fileTypeFromFile } from 'file-type';
import type { DbOrTx } from '../../db/client';
import type { Ctx } from '../../platform/context';
import { randomToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { processImage } from '../../platform/images';
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

/** The file name as metadata only: no path, no control characters, bounded (F5). */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069"<>|*?:]+/g, '').trim();
  return (cleaned || 'file').slice(-120);
}

export interface UploadPart {
  filename: string;
  file: Readable & { truncated?: boolean };
}

/**
 * Stores uploaded images: streamed to a temporary file within the size limit (F2), the bytes'
 * real type must be an accepted raster image and match the extension (F3, F7), then cleaned and
 * resized. @throws PAYLOAD_TOO_LARGE, MEDIA_TYPE_NOT_ALLOWED
 */
export async function storeImage(ctx: Ctx, part: UploadPart): Promise<Media> {
  const tmpDir = path.join(ctx.config.dataDir, 'tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `upload-${randomToken(12)}`);
  try {
    await pipeline(part.file, createWriteStream(tmp, { mode: 0o600 }));
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
    const originalName = cleanFileName(part.filename);
    const sniffed = await fileTypeFromFile(tmp);
    const mime = sniffed?.mime as ImageMimeType | undefined;
    const ext = originalName.includes('.') ? (originalName.split('.').pop() ?? '').toLowerCase() : '';
    if (!mime || !(IMAGE_MIME_TYPES as readonly string[]).includes(mime) || !IMAGE_EXTENSIONS[mime].includes(ext)) {
      ctx.log.warn({ event: 'upload.rejected', sniffed: sniffed?.mime ?? null, ext }, 'upload refused: not an accepted image');
      throw new AppError('MEDIA_TYPE_NOT_ALLOWED');
    }
    let img: Awaited<ReturnType<typeof processImage>>;
    try {
      img = await processImage(tmp, mime);
    } catch {
      ctx.log.warn({ event: 'upload.rejected', reason: 'undecodable' }, 'upload refused: image could not be read');
      throw new AppError('MEDIA_TYPE_NOT_ALLOWED');
    }
    const key = ctx.storage.newKey();
    await Promise.all([
      ctx.storage.write(key, img.original),
      ctx.storage.write(`${key}.thumb.webp`, img.thumb),
      ctx.storage.write(`${key}.large.webp`, img.large),
    ]);
    const row = await repo.insert(ctx.db.orm, {
      storageKey: key,
      originalName,
      mime,
      size: img.original.length,
      width: img.width,
      height: img.height,
      createdBy: ctx.actor.kind === 'employee' ? ctx.actor.accountId : null,
    });
    return toMedia(row);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

const STAFF_VIEW = ['products.manage', 'inspiration-products.manage', 'articles.view'] as const;

export interface MediaFile {
  stream: Readable;
  mime: string;
  size: number | null;
  fileName: string;
  isPublic: boolean;
}

/**
 * A stored file for display. Images of published products are public (the catalogue); the rest
 * only for staff who work on products or articles. Anything else is simply not found (Z5).
 * @throws MEDIA_NOT_FOUND
 */
export async function openMedia(ctx: Ctx, id: number, variant: MediaVariant): Promise<MediaFile> {
  const row = await repo.find(ctx.db.orm, id);
  if (!row) throw new AppError('MEDIA_NOT_FOUND');
  const isPublic = await repo.isPublic(ctx.db.orm, id);
  const a = ctx.actor;
  const staff = a.kind === 'employee' && STAFF_VIEW.some((p) => a.permissions.has(p));
  if (!isPublic && !staff) throw new AppError('MEDIA_NOT_FOUND');
  const key = variant === 'original' ? row.storageKey : `${row.storageKey}.${variant}.webp`;
  const mime = variant === 'original' ? row.mime : 'image/webp';
  const size = await ctx.storage.size(key);
  if (size === null) throw new AppError('MEDIA_NOT_FOUND');
  const base = row.originalName.replace(/\.[A-Za-z0-9]+$/, '');
  const fileName = variant === 'original' ? row.originalName : `${base}-${variant}.webp`;
  return { stream: ctx.storage.read(key), mime, size, fileName, isPublic };
}
