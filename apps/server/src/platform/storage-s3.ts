import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkStorageKey, type FileStorage, newStorageKey } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, …); undefined: AWS S3 itself. */
  endpoint?: string | undefined;
  /** Bucket in the path (http://host/bucket/key) rather than in the host name: what MinIO-like servers need. */
  forcePathStyle: boolean;
  /** Only for tests; otherwise the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bytes per part of a streamed multipart upload (at least 5 MiB; default 8 MiB). */
  partSize?: number;
}

/** Parts sent at once per upload: memory per upload is about (queueSize + 1) × partSize, whatever the file's size. */
const QUEUE_SIZE = 2;
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchKey';
}

/**
 * FileStorage on S3-compatible object storage (AWS SDK v3), so any number of app processes share
 * the files. Uploads stream as a multipart upload (lib-storage: a few parts in memory at a time,
 * never the whole file); downloads stream the object's body, or a byte range of it (GetObject
 * with Range), into the response.
 */
export function createS3Storage(o: S3StorageOptions): FileStorage & { client: S3Client } {
  const config: S3ClientConfig = {
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    ...(o.credentials ? { credentials: o.credentials } : {}),
    // S3-compatible servers do not all know the SDK's newer default checksums (aws-chunked
    // trailers): send them only where an operation requires one.
    ...(o.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  };
  const client = new S3Client(config);
  const Bucket = o.bucket;
  const partSize = Math.max(5 * 1024 * 1024, o.partSize ?? DEFAULT_PART_SIZE);

  return {
    client,
    newKey: newStorageKey,
    async write(key, data) {
      const Key = checkStorageKey(key);
      if (Buffer.isBuffer(data)) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.length }));
        return;
      }
      // One PutObject for a stream shorter than a part, else a multipart upload; a failed one is aborted.
      const upload = new Upload({ client, params: { Bucket, Key, Body: data }, partSize, queueSize: QUEUE_SIZE });
      await upload.done();
    },
    read(key, range) {
      const Key = checkStorageKey(key);
      // The stream is handed out at once and filled when the object answers; a reader that
      // goes away (a closed download) aborts the request or the body.
      const out = new PassThrough();
      const abort = new AbortController();
      let piped = false;
      out.once('close', () => {
        if (!piped) abort.abort();
      });
      client
        .send(new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }), {
          abortSignal: abort.signal,
        })
        .then((res) => {
          piped = true;
          const body = res.Body as Readable | undefined;
          if (!body) throw new Error('S3 object has no body');
          if (out.destroyed) {
            body.destroy();
            return;
          }
          return pipeline(body, out);
        })
        .catch((err: unknown) => {
          if (!out.destroyed) out.destroy(err as Error);
        });
      return out;
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkStorageKey(key) }));
        return head.ContentLength ?? null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkStorageKey(key) }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
    close() {
      client.destroy();
    },
  };
}
