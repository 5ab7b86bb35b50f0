import { MAX_DRAWING_BYTES } from '@app/shared/drawings/drawings.rules';
import type { FileInfo, fileUploadResponseSchema } from '@app/shared/files/files';
import type { ApiErrorBody } from '@app/shared/platform/errors';
import type * as z from 'zod';
import { ApiError, currentActingAsHeader, fetchCsrfCookie, readXsrfToken } from '../../lib/api';

export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

/** What a drawing (a version's media) may be: PDF, PNG, JPEG, WebP or ZIP, one file up to 500 MB. */
export const DRAWING_ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.zip,application/pdf,image/png,image/jpeg,image/webp,application/zip';
const DRAWING_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/zip',
  'application/x-zip-compressed',
];
const DRAWING_EXTENSIONS = /\.(pdf|png|jpe?g|webp|zip)$/i;
export const MAX_DRAWING_MB = MAX_DRAWING_BYTES / 1024 / 1024;

/** Why a picked file cannot be a drawing before it is sent, or null. */
export function drawingFileProblem(file: File): 'type' | 'size' | null {
  if (!DRAWING_TYPES.includes(file.type) && !DRAWING_EXTENSIONS.test(file.name)) return 'type';
  if (file.size > MAX_DRAWING_BYTES) return 'size';
  return null;
}

/** How the preview shows a file: inline image, pdf.js, or a download button. */
export function previewKind(file: Pick<FileInfo, 'mime'>): 'image' | 'pdf' | 'download' {
  if (['image/png', 'image/jpeg', 'image/webp'].includes(file.mime)) return 'image';
  if (file.mime === 'application/pdf') return 'pdf';
  return 'download';
}

function send(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files?purpose=drawing');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = readXsrfToken();
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    const actingAs = currentActingAsHeader();
    if (actingAs) xhr.setRequestHeader('Acting-As', actingAs);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('files', file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads one drawing file to POST /api/files?purpose=drawing with XMLHttpRequest, so the
 * upload's progress can be shown (fetch cannot report it). CSRF and Acting-As as every call.
 */
export async function uploadDrawingFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<FileUploadResponse> {
  if (!readXsrfToken()) await fetchCsrfCookie();
  let res = await send(file, onProgress, signal);
  if (res.status === 419) {
    await fetchCsrfCookie();
    res = await send(file, onProgress, signal);
  }
  if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, res.body as Partial<ApiErrorBody> | null);
  return res.body as FileUploadResponse;
}
