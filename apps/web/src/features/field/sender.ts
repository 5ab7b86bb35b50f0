/**
 * Sends the outbox (issue 28): oldest first, one at a time, each write with its Idempotency-Key
 * (a declaration's photo first, then the declaration with the photo's file id). What happens to an
 * entry follows the answer:
 *
 * - 2xx: done, removed (and the screens refreshed);
 * - no answer, 5xx, 429, 409 IDEMPOTENCY_IN_PROGRESS, or signed out (401/419): it waits and is
 *   tried again later with the same key; the round stops there, so the order holds;
 * - any other 4xx (a locked period, a full day, a field the server refuses): "Geweigerd" with the
 *   server's reason, kept until the fitter corrects it (sent again with a new key) or removes it.
 */
import type { fileUploadResponseSchema } from '@app/shared/files/files';
import type * as z from 'zod';
import { ApiError, api } from '../../lib/api';
import { newKey, type OutboxEntry, type OutboxRefusal, type OutboxStore, type OutboxWrite } from './outbox';

/** Posts JSON or a form with an Idempotency-Key (lib/api.ts: CSRF, 419 once more, ApiError on anything but 2xx). */
export type Transport = (path: string, body: unknown, key: string) => Promise<unknown>;

export const apiTransport: Transport = (path, body, key) => api.post(path, body, { headers: { 'Idempotency-Key': key } });

type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

const PATHS = { hours: '/api/hours', overnight: '/api/overnights', declaration: '/api/declarations' } as const;

/** The answers after which the same request is simply tried again later. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return (
    err.status === 0 ||
    err.status >= 500 ||
    err.status === 429 ||
    err.status === 401 ||
    err.status === 419 ||
    err.status === 408 ||
    err.code === 'IDEMPOTENCY_IN_PROGRESS'
  );
}

export function refusalOf(err: unknown): OutboxRefusal {
  if (err instanceof ApiError) {
    return { status: err.status, code: err.code, ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}) };
  }
  return { status: 0, code: 'UNKNOWN' };
}

/** The upload answered but took no file: the photo's reason (type_not_allowed, too_large) as a refusal. */
class PhotoRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Sends one entry: the photo (when not uploaded yet; its file id is saved at once, so a retry does
 * not upload it again), then the write. Resolves with the server's answer; throws what the API threw.
 */
export async function sendEntry(entry: OutboxEntry, store: OutboxStore | null, send: Transport): Promise<unknown> {
  let body: unknown = entry.input;
  if (entry.kind === 'declaration') {
    const photo = entry.photo;
    if (!photo) throw new PhotoRefused('receipt_missing');
    if (photo.fileId === null) {
      const form = new FormData();
      form.append('files', new File([photo.blob], photo.name, { type: photo.type }), photo.name);
      const up = (await send('/api/files?purpose=receipt', form, photo.key)) as FileUploadResponse;
      const stored = up.data[0];
      if (!stored) throw new PhotoRefused(up.rejected[0]?.code ?? 'type_not_allowed');
      photo.fileId = stored.id;
      if (store) await store.put(entry);
    }
    body = { ...entry.input, receiptFileId: photo.fileId };
  }
  return send(PATHS[entry.kind], body, entry.key);
}

export interface Outbox {
  /** The signed-in account's entries, oldest first (a snapshot; `subscribe` tells of changes). */
  entries(): readonly OutboxEntry[];
  subscribe(listener: () => void): () => void;
  /** Loads what the phone kept for this account (app start). */
  load(accountId: number): Promise<void>;
  /** Keeps a new entry (or a corrected one: `replaces` is the refused entry it takes the place of). */
  add(
    write: OutboxWrite,
    o: { labels: Record<string, string>; photo?: { name: string; type: string; blob: Blob } | null; replaces?: string },
  ): Promise<OutboxEntry>;
  /**
   * A form's submit: online, the entry is sent at once (kept only if it gets no answer); offline
   * it is kept. Resolves 'sent' or 'queued'; rejects with the server's refusal (the form shows it).
   */
  submit(
    write: OutboxWrite,
    o: { labels: Record<string, string>; photo?: { name: string; type: string; blob: Blob } | null; replaces?: string },
    online: boolean,
  ): Promise<'sent' | 'queued'>;
  /** Sends the waiting entries, oldest first; resolves when the round is over. */
  flush(): Promise<void>;
  remove(id: string): Promise<void>;
}

export function createOutbox(
  store: OutboxStore,
  send: Transport,
  o: { onSent?: (kind: OutboxEntry['kind']) => void; now?: () => Date } = {},
): Outbox {
  const now = o.now ?? (() => new Date());
  let accountId: number | null = null;
  let list: OutboxEntry[] = [];
  const listeners = new Set<() => void>();
  let round: Promise<void> | null = null;

  const publish = async () => {
    list = accountId === null ? [] : (await store.all()).filter((e) => e.accountId === accountId);
    for (const l of listeners) l();
  };

  const build = (
    write: OutboxWrite,
    x: { labels: Record<string, string>; photo?: { name: string; type: string; blob: Blob } | null },
  ): OutboxEntry => {
    if (accountId === null) throw new Error('the outbox is not loaded for an account');
    return {
      ...write,
      id: newKey(),
      accountId,
      key: newKey(),
      createdAt: now().toISOString(),
      labels: x.labels,
      photo: x.photo ? { ...x.photo, key: newKey(), fileId: null } : null,
      state: 'waiting',
      refusal: null,
      attempts: 0,
      lastTriedAt: null,
    } as OutboxEntry;
  };

  /**
   * A corrected entry keeps its place in the order and, when no new photo was taken, the old photo
   * (its upload too, when that went through). The refused entry goes only once the new one is sent or kept.
   */
  const replacing = (entry: OutboxEntry, replaces: string | undefined): OutboxEntry => {
    const old = replaces ? list.find((e) => e.id === replaces) : undefined;
    if (!old) return entry;
    return {
      ...entry,
      createdAt: old.createdAt,
      photo: entry.photo ?? (old.photo?.fileId ? old.photo : old.photo ? { ...old.photo, key: newKey() } : null),
    };
  };
  const forget = async (replaces: string | undefined) => {
    if (replaces) await store.remove(replaces);
  };

  const outbox: Outbox = {
    entries: () => list,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load(id) {
      accountId = id;
      await publish();
    },
    async add(write, x) {
      const entry = replacing(build(write, x), x.replaces);
      await store.put(entry);
      await forget(x.replaces);
      await publish();
      return entry;
    },
    async submit(write, x, online) {
      const entry = replacing(build(write, x), x.replaces);
      if (!online) {
        await store.put(entry);
        await forget(x.replaces);
        await publish();
        return 'queued';
      }
      entry.attempts = 1;
      entry.lastTriedAt = now().toISOString();
      try {
        await sendEntry(entry, null, send);
      } catch (err) {
        if (err instanceof PhotoRefused || !isRetryable(err)) {
          await publish();
          throw err instanceof PhotoRefused
            ? new ApiError(400, { code: 'VALIDATION_FAILED', fieldErrors: { receipt: { code: err.reason } } })
            : err;
        }
        await store.put(entry);
        await forget(x.replaces);
        await publish();
        return 'queued';
      }
      await forget(x.replaces);
      await publish();
      o.onSent?.(entry.kind);
      return 'sent';
    },
    flush() {
      round ??= (async () => {
        try {
          for (const entry of await store.all()) {
            if (entry.accountId !== accountId || entry.state !== 'waiting') continue;
            entry.attempts += 1;
            entry.lastTriedAt = now().toISOString();
            try {
              await sendEntry(entry, store, send);
            } catch (err) {
              if (err instanceof PhotoRefused) {
                await store.put({
                  ...entry,
                  state: 'refused',
                  refusal: { status: 400, code: 'VALIDATION_FAILED', fieldErrors: { receipt: { code: err.reason } } },
                });
                continue;
              }
              if (isRetryable(err)) {
                await store.put(entry);
                break;
              }
              await store.put({ ...entry, state: 'refused', refusal: refusalOf(err) });
              continue;
            } finally {
              await publish();
            }
            await store.remove(entry.id);
            await publish();
            o.onSent?.(entry.kind);
          }
        } finally {
          round = null;
        }
      })();
      return round;
    },
    async remove(id) {
      await store.remove(id);
      await publish();
    },
  };
  return outbox;
}
