import {
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_UPLOAD,
  type Media,
  type mediaUploadResponseSchema,
} from '@app/shared/media/media';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { api } from '../lib/api';
import { errorMessage } from '../lib/errors';
import { notify } from '../lib/notify';

type UploadResponse = z.infer<typeof mediaUploadResponseSchema>;

/** What the file pickers accept: raster images only (SECURITY F7; the server checks the bytes, F3). */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

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
 * file was left out (type, size, the field's maximum). Resolves with the stored media, in order.
 */
export function useMediaUpload() {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);

  const upload = async (files: readonly File[], room: number): Promise<Media[]> => {
    const { ok, badType, tooBig, over } = screenImages(files, room);
    for (const f of badType) notify.warning(t('common.media.badType', { name: f.name }));
    for (const f of tooBig) notify.warning(t('common.media.tooBig', { name: f.name, max: MAX_IMAGE_BYTES / 1024 / 1024 }));
    if (over > 0) notify.warning(t('common.media.tooMany', { count: over }));
    if (ok.length === 0) return [];
    setUploading(true);
    const stored: Media[] = [];
    try {
      for (let i = 0; i < ok.length; i += MAX_IMAGES_PER_UPLOAD) {
        const res = await api.upload<UploadResponse>('/api/media', ok.slice(i, i + MAX_IMAGES_PER_UPLOAD));
        stored.push(...res.data);
      }
      notify.success(t('common.media.uploaded', { count: stored.length }));
    } catch (err) {
      notify.error(errorMessage(t, err));
    } finally {
      setUploading(false);
    }
    return stored;
  };

  return { upload, uploading };
}
