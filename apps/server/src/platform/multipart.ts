import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FieldError } from '@app/shared/platform/errors';
import { type Actor, signedInAccountId } from './actor';
import type { Clock } from './clock';
import { randomToken } from './crypto';
import { AppError } from './errors';
import type { RateLimiter } from './rate-limit';
import { printableText } from './text-guard';

/**
 * A file name as sent, made safe to keep and show: the last path segment, without control and
 * bidi characters or characters Windows refuses, at most 120 characters ('file' when nothing is left).
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069"<>|*?:]+/g, '').trim();
  return (cleaned || 'file').slice(-120);
}

/**
 * Upload requests per signed-in account (F9): 100 in 10 minutes, shared by images and attachments
 * and by every app process. A day of drawings and photos stays far below it; a script filling the
 * disk does not.
 */
export const UPLOAD_RATE = { max: 100, windowMs: 10 * 60_000 } as const;

/** Counts one upload request of the account. @throws RATE_LIMITED (429 with Retry-After) over UPLOAD_RATE */
export async function countUpload(ctx: { actor: Actor; limiter: RateLimiter; clock: Clock }): Promise<void> {
  const account = signedInAccountId(ctx.actor);
  if (account === null) return;
  const now = ctx.clock();
  const hit = await ctx.limiter.hit(`upload:${account}`, UPLOAD_RATE.windowMs, now);
  if (hit.count <= UPLOAD_RATE.max) return;
  const retryAfter = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', {
    message: `At most ${UPLOAD_RATE.max} uploads per ${UPLOAD_RATE.windowMs / 60_000} minutes`,
    headers: { 'retry-after': String(retryAfter) },
    details: { retryAfter },
  });
}

/** One part of a multipart upload, as @fastify/multipart hands it over. */
export interface UploadPart {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  file?: Readable & { truncated?: boolean };
}

/** A file of an upload, read to a temporary file and not yet judged. */
export interface StagedFile {
  /** The name as sent, for the NUL check; `name` is what is kept and shown. */
  sentName: string;
  name: string;
  tmp: string;
  /** Cut off at the size limit while streaming (F2). */
  truncated: boolean;
}

const MULTIPART_LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads every part to a temporary file in `tmpDir` within the size limit (F2) before anything is
 * stored, so a request over the file count is refused whole (400 `<field>: too_many_files`).
 * Form fields are not taken: their names come back as `unknown_field` errors. The staged files
 * are pushed onto `staged` as they come, so the caller can remove them whatever happens.
 */
export async function stageParts(
  parts: AsyncIterable<UploadPart>,
  tmpDir: string,
  staged: StagedFile[],
  limit: { field: string; max: number; message: string },
): Promise<Record<string, FieldError>> {
  const fields: Record<string, FieldError> = {};
  try {
    for await (const part of parts) {
      if (part.type !== 'file' || !part.file) {
        fields[printableText(part.fieldname).slice(0, 100) || '_'] = { code: 'unknown_field' };
        continue;
      }
      const sentName = part.filename ?? '';
      const f: StagedFile = {
        sentName,
        name: cleanFileName(sentName),
        tmp: path.join(tmpDir, `upload-${randomToken(12)}`),
        truncated: false,
      };
      staged.push(f);
      await pipeline(part.file, createWriteStream(f.tmp, { mode: 0o600 }));
      f.truncated = part.file.truncated === true;
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && MULTIPART_LIMIT_CODES.has(code)) {
      throw new AppError('VALIDATION_FAILED', {
        message: limit.message,
        fieldErrors: { [limit.field]: { code: 'too_many_files', params: { max: limit.max } } },
      });
    }
    // A system error (a full disk) is ours; anything else the parser raised is a malformed body.
    if (err instanceof AppError || (typeof code === 'string' && /^E[A-Z]+$/.test(code))) throw err;
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new AppError('VALIDATION_FAILED', { message: 'Malformed multipart body' });
  }
  return fields;
}
