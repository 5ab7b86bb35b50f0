import {
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_UPLOAD,
  type Media,
  type mediaUploadResponseSchema,
  type RejectedFile,
  UPLOAD_REJECTIONS,
} from '@app/shared/media/media';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { ApiError, api } from '../lib/api';
import { notifyError } from '../lib/attempt';
import { errorMessage, translateFieldErrors } from '../lib/errors';
import { notify } from '../lib/notify';

type UploadResponse = z.infer<typeof mediaUploadResponseSchema>;

/** What the file pickers accept: raster images only (F7; the server checks the bytes, F3). */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

const MAX_MB = MAX_IMAGE_BYTES / 1024 / 1024;

/** The catalogue key that names a file the server refused, per reason. */
const REJECTION_KEYS: Record<RejectedFile['code'], string> = {
  type_not_allowed: 'common.media.badType',
  too_large: 'common.media.tooBig',
  invalid_character: 'common.media.badName',
};

/** The files a failed upload names as refused (a 4xx when none of them could be stored), if any. */
function rejectedIn(err: unknown): RejectedFile[] {
  const list = err instanceof ApiError ? err.details?.rejected : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (r): r is RejectedFile =>
      typeof r?.name === 'string' && (UPLOAD_REJECTIONS as readonly unknown[]).includes((r as { code?: unknown }).code),
  );
}

/** Splits picked files into those that may be sent and the reasons the others may not. */
export function screenImages(
  files: readonly File[],
  room: number,
): { ok: File[]; badType: File[]; tooBig: File[]; over: number } {
  const badType = files.filter((f) => !(IMAGE_MIME_TYPES as readonly string[]).includes(f.type));
  const tooBig = files.filter((f) => !badType.includes(f) && f.size > MAX_IMAGE_BYTES);
  const fine = files.filter((f) => !badType.includes(f) && !tooBig.includes(f));
  const ok = fine.slice(0, Math.max(0, room));
  return { ok, badType, tooBig, over: fine.length - ok.length };
}

/**
 * Uploads images to POST /api/media, at most MAX_IMAGES_PER_UPLOAD per request, and says why a
 * file was left out (type, size, the field's maximum), also for each file the server refused.
 * Resolves with the stored media, in order: the accepted files of a mixed upload are kept.
 */
export function useMediaUpload() {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);

  const upload = async (files: readonly File[], room: number): Promise<Media[]> => {
    const { ok, badType, tooBig, over } = screenImages(files, room);
    for (const f of badType) notify.warning(t('common.media.badType', { name: f.name }));
    for (const f of tooBig) notify.warning(t('common.media.tooBig', { name: f.name, max: MAX_MB }));
    if (over > 0) notify.warning(t('common.media.tooMany', { count: over }));
    if (ok.length === 0) return [];
    const refused = (r: RejectedFile) => t(REJECTION_KEYS[r.code], { name: r.name, max: MAX_MB });
    setUploading(true);
    const stored: Media[] = [];
    try {
      for (let i = 0; i < ok.length; i += MAX_IMAGES_PER_UPLOAD) {
        // A failed request does not lose what earlier requests stored.
        try {
          const res = await api.upload<UploadResponse>('/api/media', ok.slice(i, i + MAX_IMAGES_PER_UPLOAD));
          stored.push(...res.data);
          for (const r of res.rejected) notify.warning(refused(r));
        } catch (err) {
          const named = rejectedIn(err);
          const fileError = err instanceof ApiError ? err.fieldErrors?.file : undefined;
          if (named.length > 0) for (const r of named) notify.error(refused(r));
          else if (fileError) notify.error(translateFieldErrors(t, { file: fileError }).file ?? errorMessage(t, err));
          else notifyError(t, err);
          // A refusal of these files leaves the next batch worth trying; anything else (offline, signed out) would repeat.
          if (named.length === 0) break;
        }
      }
      if (stored.length > 0) notify.success(t('common.media.uploaded', { count: stored.length }));
    } finally {
      setUploading(false);
    }
    return stored;
  };

  return { upload, uploading };
}
