/// <reference path="./s3rver.d.ts" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { ByteRange, FileStorage } from '../../src/platform/storage';
import { createS3Storage } from '../../src/platform/storage-s3';

/** The stored bytes of a key, read through the storage (any implementation). */
export async function readStored(storage: FileStorage, key: string, range?: ByteRange): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key, range)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The fixed account s3rver accepts. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** A storage on the bucket (path style, s3rver's credentials). */
  storage(): ReturnType<typeof createS3Storage>;
  /** Stops the server (once; later calls do nothing) and removes its folder. */
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a free loopback port, with its objects in a fresh
 * temporary folder and one empty bucket: what the S3 storage is tested against, with no service
 * installed. close() stops it and removes the folder.
 */
export async function startLocalS3(bucket = 'outfit-test-files'): Promise<LocalS3> {
  // The pinned SDK supports this Node; its notice about later SDK versions is noise in test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outfit-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storages: ReturnType<typeof createS3Storage>[] = [];
  let closed = false;
  const storage = () => {
    const s = createS3Storage({ bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
    storages.push(s);
    return s;
  };
  const admin = storage();
  await admin.client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    storage,
    async close() {
      if (closed) return;
      closed = true;
      for (const s of storages) s.close?.();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
