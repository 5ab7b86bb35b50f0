import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, readStored, startLocalS3 } from '../../test/helpers/storage';
import { createStorage } from '../app';
import { ConfigError, loadConfig } from '../config';
import { createDiskStorage, type FileStorage } from './storage';

/**
 * The FileStorage contract, on local disk and on S3-compatible storage (s3rver, started here on
 * a free port in a temporary folder): the same writes, reads, ranges, sizes and removals.
 */
let s3: LocalS3;
const dirs: string[] = [];

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** `size` bytes of a fixed pattern, generated in chunks (never one buffer of the whole). */
function patterned(size: number, chunk = 1024 * 1024): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      const n = Math.min(chunk, size - sent);
      const buf = Buffer.allocUnsafe(n);
      for (let i = 0; i < n; i++) buf[i] = (sent + i) % 251;
      sent += n;
      this.push(buf);
    },
  });
}
const patternSlice = (start: number, end: number) =>
  Buffer.from(Array.from({ length: end - start + 1 }, (_, i) => (start + i) % 251));

async function sha256(stream: Readable): Promise<string> {
  const h = createHash('sha256');
  for await (const c of stream) h.update(c as Buffer);
  return h.digest('hex');
}

const kinds: [string, () => FileStorage][] = [
  [
    'disk',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outfit-disk-'));
      dirs.push(dir);
      return createDiskStorage(dir);
    },
  ],
  ['s3', () => s3.storage()],
];

describe.each(kinds)('FileStorage on %s', (_kind, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  it('writes a buffer and reads it back whole and by range (both ends included)', async () => {
    const key = storage.newKey();
    expect(key).toMatch(/^[a-z0-9]{2}\/[a-z0-9]{2}\/[A-Za-z0-9_-]+$/);
    const data = Buffer.from('%PDF-1.7\nhello range requests\n%%EOF\n');
    await storage.write(key, data);
    expect(await storage.size(key)).toBe(data.length);
    expect((await readStored(storage, key)).equals(data)).toBe(true);
    expect((await readStored(storage, key, { start: 0, end: 7 })).toString()).toBe('%PDF-1.7');
    expect((await readStored(storage, key, { start: 9, end: 13 })).toString()).toBe('hello');
    expect((await readStored(storage, key, { start: data.length - 6, end: data.length - 1 })).toString()).toBe('%%EOF\n');
    // A variant next to it (an image's thumbnail) is a key of its own.
    await storage.write(`${key}.thumb.webp`, Buffer.from('thumb'));
    expect(await storage.size(`${key}.thumb.webp`)).toBe(5);
  });

  it('streams a large write in parts and reads a range across a part boundary', async () => {
    const key = storage.newKey();
    const size = 12 * 1024 * 1024 + 12_345;
    await storage.write(key, patterned(size));
    expect(await storage.size(key)).toBe(size);
    expect(await sha256(storage.read(key))).toBe(await sha256(patterned(size)));
    const start = 8 * 1024 * 1024 - 100;
    const end = 8 * 1024 * 1024 + 99;
    expect((await readStored(storage, key, { start, end })).equals(patternSlice(start, end))).toBe(true);
    expect((await readStored(storage, key, { start: size - 10, end: size - 1 })).equals(patternSlice(size - 10, size - 1))).toBe(
      true,
    );
  });

  it('answers null for the size of a missing key, removes (twice without error), and fails a read of a missing key on the stream', async () => {
    const key = storage.newKey();
    expect(await storage.size(key)).toBeNull();
    await storage.write(key, Buffer.from('x'));
    await storage.remove(key);
    await storage.remove(key);
    expect(await storage.size(key)).toBeNull();
    await expect(readStored(storage, key)).rejects.toThrow();
  });

  it('lets a reader stop early without hanging', async () => {
    const key = storage.newKey();
    await storage.write(key, patterned(3 * 1024 * 1024));
    const stream = storage.read(key);
    const first = await new Promise<Buffer>((resolve, reject) => {
      stream.once('data', (c) => resolve(c as Buffer));
      stream.once('error', reject);
    });
    expect(first[1]).toBe(1);
    stream.destroy();
    await new Promise((r) => setTimeout(r, 50));
    // The storage still answers after an abandoned read.
    expect(await storage.size(key)).toBe(3 * 1024 * 1024);
  });

  it('refuses a key it did not make (no path tricks)', async () => {
    for (const bad of ['../etc/passwd', 'ab/cd/../../x', '/abs/key', 'AB/cd/x', 'ab/cd/x y']) {
      await expect(storage.write(bad, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      expect(() => storage.read(bad)).toThrow(/invalid storage key/);
    }
  });
});

describe('storage settings (STORAGE, S3_*)', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir() };

  it('is disk by default, and S3 with the bucket, region and path style from the environment', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'outfit-files' }).storage).toEqual({
      kind: 's3',
      bucket: 'outfit-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        ...base,
        STORAGE: 's3',
        S3_BUCKET: 'outfit-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-west-1',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'outfit-files',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
    expect(
      loadConfig({
        ...base,
        STORAGE: 's3',
        S3_BUCKET: 'outfit-files',
        S3_ENDPOINT: 'https://s3.example.test',
        S3_FORCE_PATH_STYLE: 'false',
      }).storage,
    ).toMatchObject({ forcePathStyle: false });
  });

  it('refuses S3 without a bucket and malformed values, naming the variable', () => {
    expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...base, STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    );
  });

  it('builds the storage the settings name: S3 on the configured endpoint, else disk under DATA_DIR/files', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outfit-data-'));
    dirs.push(dataDir);
    const disk = createStorage(loadConfig({ ...base, DATA_DIR: dataDir }));
    const key = disk.newKey();
    await disk.write(key, Buffer.from('on disk'));
    expect(fs.readFileSync(path.join(dataDir, 'files', key), 'utf8')).toBe('on disk');

    const viaS3 = createStorage(loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint }));
    expect('client' in viaS3).toBe(true);
    viaS3.close?.();
  });
});
