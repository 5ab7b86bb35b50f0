import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from './crypto';

/** A byte range of a stored file, both ends included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: generated names, outside any static root, served only through
 * routes that check access (F5). Local disk under DATA_DIR/files (the default), or an
 * S3-compatible object store (storage-s3.ts) that several app processes share. Bytes always
 * stream: no implementation holds a whole file in memory.
 */
export interface FileStorage {
  /** A fresh, unguessable key ('ab/cd/<random>'). */
  newKey(): string;
  /** Stores the bytes under the key (a stream is read to its end, never buffered whole). */
  write(key: string, data: Buffer | Readable): Promise<void>;
  /**
   * The stored bytes, or the bytes of `range` (both ends included). The key must exist (ask
   * `size` first): a read of a missing key fails on the stream.
   */
  read(key: string, range?: ByteRange): Readable;
  /** The size in bytes, or null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  /** Removes the bytes; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Releases open connections when the app closes (object storage); disk has nothing to release. */
  close?(): void;
}

const KEY = /^[a-z0-9]{2}\/[a-z0-9]{2}\/[A-Za-z0-9_-]+(\.[a-z]+)*$/;

/** Refuses anything but a key made by newKey (with an optional variant suffix such as '.thumb.webp'). */
export function checkStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error('invalid storage key');
  return key;
}

/** A fresh, unguessable storage key: two levels of two characters spread the files over folders or prefixes. */
export function newStorageKey(): string {
  const r = randomToken(18).replace(/[^A-Za-z0-9]/g, 'x');
  return `${r.slice(0, 2).toLowerCase()}/${r.slice(2, 4).toLowerCase()}/${r}`;
}

export function createDiskStorage(root: string): FileStorage {
  const full = (key: string) => path.join(root, checkStorageKey(key));
  return {
    newKey: newStorageKey,
    async write(key, data) {
      const p = full(key);
      await fs.mkdir(path.dirname(p), { recursive: true });
      if (Buffer.isBuffer(data)) await fs.writeFile(p, data, { mode: 0o600 });
      else await pipeline(data, createWriteStream(p, { mode: 0o600 }));
    },
    read(key, range) {
      return range ? createReadStream(full(key), { start: range.start, end: range.end }) : createReadStream(full(key));
    },
    async size(key) {
      try {
        return (await fs.stat(full(key))).size;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
  };
}
