import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  FILE_MIME_TYPES,
  type FileInfo,
  type FileMimeType,
  type FilePurpose,
  fileUrl,
  UPLOAD_LIMITS,
} from '@app/shared/files/files';
import { fileTypeFromFile } from 'file-type';
import type { DbOrTx } from '../../db/client';
import { type Actor, signedInAccountId } from '../../platform/actor';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { countUpload, type StagedFile, stageParts, type UploadPart } from '../../platform/multipart';
import type { ByteRange, FileStorage } from '../../platform/storage';
import { isStorableText } from '../../platform/text-guard';
import * as repo from './files.repository';
import { inspectZip } from './files.zip';

/** The extensions each accepted type may carry: the name must agree with the bytes (F3). */
const EXTENSIONS: Record<FileMimeType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'application/zip': ['zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
};
const TEXT_TYPES: Record<string, FileMimeType> = { txt: 'text/plain', csv: 'text/csv' };

export type FileRejection = { name: string; code: 'type_not_allowed' | 'too_large' | 'invalid_character' };

/** The stored file as the API shows it. */
export function toFileInfo(r: repo.FileInfoRow): FileInfo {
  return {
    id: r.id,
    originalName: r.originalName,
    mime: r.mime,
    size: r.size,
    url: fileUrl(r.id),
    uploadedBy: r.uploadedBy,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Files by id in the order asked, as the API shows them (unknown ids left out). For the records
 * that list attachments (projects, tasks): they decide who sees the record, and so its files.
 */
export async function fileInfos(db: DbOrTx, ids: readonly number[]): Promise<FileInfo[]> {
  const rows = await repo.infos(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toFileInfo(r)] : [];
  });
}

/**
 * The ids among `ids` that the actor may attach: files it may see (scope.file). An editor checks
 * its attachmentIds with this and reports the others as `attachmentIds: not_found`.
 */
export async function attachableFileIds(db: DbOrTx, actor: Actor, ids: readonly number[]): Promise<Set<number>> {
  return repo.visibleIds(db, actor, ids);
}

/** True when the file is UTF-8 text without NUL characters (read as a stream, never whole). */
async function isPlainText(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file)) {
      const buf = chunk as Buffer;
      if (buf.includes(0)) return false;
      decoder.decode(buf, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The accepted type (one of `types`) of a staged file from its bytes and its extension, or why not. */
async function sniff(
  f: StagedFile,
  types: readonly FileMimeType[],
): Promise<{ mime: FileMimeType } | { code: 'type_not_allowed' | 'too_large'; why: string }> {
  const ext = f.name.includes('.') ? (f.name.split('.').pop() ?? '').toLowerCase() : '';
  const sniffed = await fileTypeFromFile(f.tmp);
  let mime: FileMimeType | undefined;
  if (sniffed) {
    if ((FILE_MIME_TYPES as readonly string[]).includes(sniffed.mime)) mime = sniffed.mime as FileMimeType;
  } else if (TEXT_TYPES[ext] && (await isPlainText(f.tmp))) {
    mime = TEXT_TYPES[ext];
  }
  if (!mime || !types.includes(mime) || !EXTENSIONS[mime].includes(ext))
    return { code: 'type_not_allowed', why: `sniffed ${sniffed?.mime ?? 'nothing'}, .${ext}` };
  if (mime === 'application/zip' || mime.startsWith('application/vnd.openxmlformats-officedocument.')) {
    const zip = await inspectZip(f.tmp, { allowArchivesInside: mime !== 'application/zip' });
    if (!zip.ok) return { code: zip.code, why: zip.reason };
  }
  return { mime };
}

/** Checks and stores one staged file, or says why not. */
async function storeStaged(ctx: Ctx, f: StagedFile, types: readonly FileMimeType[]): Promise<FileInfo | FileRejection> {
  if (!isStorableText(f.sentName)) {
    ctx.log.warn({ event: 'upload.rejected', reason: 'name' }, 'upload refused: NUL in the file name');
    return { name: f.name, code: 'invalid_character' };
  }
  if (f.truncated) {
    ctx.log.warn({ event: 'upload.rejected', reason: 'size' }, 'upload refused: over the size limit');
    return { name: f.name, code: 'too_large' };
  }
  const type = await sniff(f, types);
  if ('code' in type) {
    ctx.log.warn({ event: 'upload.rejected', reason: type.why }, 'upload refused: not an accepted file');
    return { name: f.name, code: type.code };
  }
  const { size } = await fs.stat(f.tmp);
  const key = ctx.storage.newKey();
  await ctx.storage.write(key, createReadStream(f.tmp));
  // The signed-in account: a company user's own, or the employee's when acting as a company (scope.file shows it its own uploads).
  const createdBy = signedInAccountId(ctx.actor);
  const id = await repo.insert(ctx.db.orm, { storageKey: key, originalName: f.name, mime: type.mime, size, createdBy });
  const [info] = await fileInfos(ctx.db.orm, [id]);
  if (!info) throw new Error('stored file not found');
  return info;
}

/**
 * Stores the files of one upload, each on its own, within the limits of its purpose
 * (UPLOAD_LIMITS: attachments up to 10 files of 50 MB of any accepted type; a drawing one PDF,
 * image or ZIP of up to 500 MB): every file is streamed to a temporary
 * file within the size limit (F2), then to storage; its bytes must be an accepted type that agrees with its
 * extension (F3; text when it is UTF-8 without NUL, named .txt or .csv); a ZIP (and an Office
 * document, a ZIP too) is checked from its headers for size, entry count and archives inside (F4); it is kept under a generated key with
 * its cleaned name (F5). A refused file is named in `rejected` with its reason and the others are
 * still stored; when none could be stored the answer says so the same way (data empty).
 * @throws RATE_LIMITED (over UPLOAD_RATE), VALIDATION_FAILED (no file, more than MAX_FILES_PER_UPLOAD files, a form field)
 */
export async function uploadFiles(
  ctx: Ctx,
  parts: AsyncIterable<UploadPart>,
  purpose: FilePurpose = 'attachment',
): Promise<{ data: FileInfo[]; rejected: FileRejection[] }> {
  const limits = UPLOAD_LIMITS[purpose];
  const mb = limits.maxBytes / 1024 / 1024;
  await countUpload(ctx);
  const tmpDir = path.join(ctx.config.dataDir, 'tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  const staged: StagedFile[] = [];
  try {
    const fields = await stageParts(parts, tmpDir, staged, {
      field: 'files',
      max: limits.maxFiles,
      message:
        limits.maxFiles === 1
          ? `One file per ${purpose} upload; send many files as one ZIP`
          : `At most ${limits.maxFiles} files per upload; send many files as one ZIP`,
    });
    if (Object.keys(fields).length > 0 || staged.length === 0) {
      throw new AppError('VALIDATION_FAILED', {
        message:
          staged.length === 0
            ? limits.maxFiles === 1
              ? `Send one file (multipart/form-data, field "files") of at most ${mb} MB`
              : `Send 1 to ${limits.maxFiles} files (multipart/form-data) of at most ${mb} MB each`
            : 'Only files are accepted',
        fieldErrors: { ...fields, ...(staged.length === 0 ? { files: { code: 'required' } } : {}) },
      });
    }
    const data: FileInfo[] = [];
    const rejected: FileRejection[] = [];
    for (const f of staged) {
      const r = await storeStaged(ctx, f, limits.types);
      if ('code' in r) rejected.push(r);
      else data.push(r);
    }
    return { data, rejected };
  } finally {
    await Promise.all(staged.map((f) => fs.rm(f.tmp, { force: true })));
  }
}

export interface OpenedFile {
  mime: string;
  /** The whole file's size in bytes. */
  size: number;
  fileName: string;
  /** A strong validator for If-Range: a stored file's bytes never change. */
  etag: string;
  /** The bytes, or those of a range (both ends included, within size). */
  read(range?: ByteRange): Readable;
}

/**
 * A stored attachment for download, within the actor's scope (scope.file): the files of the
 * records the actor may see (projects, tasks, orders, drawings), and its own uploads not attached
 * yet. Anything else is simply not found (Z5).
 * @throws FILE_NOT_FOUND
 */
export async function openFile(ctx: Ctx, id: number): Promise<OpenedFile> {
  const row = await repo.findVisible(ctx.db.orm, ctx.actor, id);
  if (!row) throw new AppError('FILE_NOT_FOUND');
  const size = await ctx.storage.size(row.storageKey);
  if (size === null) {
    ctx.log.error({ event: 'file.missing', fileId: id }, 'stored file has no bytes');
    throw new AppError('FILE_NOT_FOUND');
  }
  const key = row.storageKey;
  return {
    mime: row.mime,
    size,
    fileName: row.originalName,
    etag: `"f${row.id}-${size}"`,
    read: (range) => ctx.storage.read(key, range),
  };
}

/** How long a file nothing holds is kept: an upload waiting for its form to be saved, or a file just taken off a record. */
export const UNATTACHED_GRACE_MS = 7 * 24 * 60 * 60_000;

/**
 * Removes files that no project or task holds and that are older than UNATTACHED_GRACE_MS, rows
 * first and then their bytes (bytes left by a failed removal are only unreachable, never
 * shown). Run by the hourly files.purge job (files.plugin.ts). @returns how many went
 */
export async function purgeUnattachedFiles(p: { db: { orm: DbOrTx }; storage: FileStorage }, now: Date): Promise<number> {
  const keys = await repo.removeUnattached(p.db.orm, new Date(now.getTime() - UNATTACHED_GRACE_MS));
  for (const key of keys) await p.storage.remove(key).catch(() => undefined);
  return keys.length;
}
