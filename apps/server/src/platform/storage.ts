import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from './crypto';

/**
 * Where uploaded files live: generated names, outside any static root, served only through
 * routes that check access (F5). Local disk under DATA_DIR/files; the interface is what an S3
 * implementation would fill in.
 */
export interface FileStorage {
  /** A fresh, unguessable key ('ab/cd/<random>'). */
  newKey(): string;
  write(key: string, data: Buffer | Readable): Promise<void>;
  read(key: string): Readable;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** A local path for tools that need one (image processing). */
  localPath(key: string): string;
}

export function createDiskStorage(root: string): FileStorage {
  const full = (key: string) => {
    if (!/^[a-z0-9]{2}\/[a-z0-9]{2}\/[A-Za-z0-9_-]+(\.[a-z]+)*$/.test(key)) throw new Error('invalid storage key');
    return path.join(root, key);
  };
  return {
    newKey() {
      const r = randomToken(18).replace(/[^A-Za-z0-9]/g, 'x');
      return `${r.slice(0, 2).toLowerCase()}/${r.slice(2, 4).toLowerCase()}/${r}`;
    },
    async write(key, data) {
      const p = full(key);
      await fs.mkdir(path.dirname(p), { recursive: true });
      if (Buffer.isBuffer(data)) await fs.writeFile(p, data, { mode: 0o600 });
      else await pipeline(data, createWriteStream(p, { mode: 0o600 }));
    },
    read(key) {
      return createReadStream(full(key));
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
    localPath: full,
  };
}
