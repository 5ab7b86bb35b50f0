/**
 * The field app's outbox (issue 28): what a fitter books, registers or declares while there is no
 * connection (or while a request gets no answer) waits here, on the phone, in IndexedDB, until it
 * is sent. It survives closing the app and days offline. Each entry carries the Idempotency-Key it
 * is sent with, and keeps it across retries, so the server does it exactly once.
 */

import type { DeclarationInput } from '@app/shared/declarations/declarations';
import type { OvernightInput } from '@app/shared/declarations/overnights';
import type { BookedHourInput } from '@app/shared/hours/hours';

/** A declaration before its photo is uploaded: the receipt's id comes from the upload. */
export type DeclarationDraft = Omit<DeclarationInput, 'receiptFileId' | 'employeeId'>;

export type OutboxWrite =
  | { kind: 'hours'; input: Omit<BookedHourInput, 'employeeId'> }
  | { kind: 'overnight'; input: Omit<OvernightInput, 'employeeId'> }
  | { kind: 'declaration'; input: DeclarationDraft };

export type OutboxKind = OutboxWrite['kind'];

/** The photo of a declaration, kept as the camera gave it until it is uploaded. */
export interface OutboxPhoto {
  name: string;
  type: string;
  blob: Blob;
  /** Its Idempotency-Key: the upload is repeated with it until the server answered. */
  key: string;
  /** The stored file's id, once uploaded (the declaration is then sent with it). */
  fileId: number | null;
}

/** Why the server refused an entry, as it said it: the code (translated on screen) and the fields. */
export interface OutboxRefusal {
  status: number;
  code: string;
  fieldErrors?: Record<string, { code: string; params?: Record<string, string | number> }>;
}

export type OutboxEntry = OutboxWrite & {
  id: string;
  /** Whose entry: only that account's session sends it (a shared phone never sends another's). */
  accountId: number;
  /** The Idempotency-Key of the write itself. */
  key: string;
  /** Order of creation: entries are sent oldest first, one at a time. */
  createdAt: string;
  /** Names for the list (the project's, the category's), as the form showed them. */
  labels: Record<string, string>;
  photo: OutboxPhoto | null;
  state: 'waiting' | 'refused';
  refusal: OutboxRefusal | null;
  attempts: number;
  lastTriedAt: string | null;
};

/** Where entries are kept: IndexedDB in the browser, memory in tests. */
export interface OutboxStore {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

const byAge = (a: OutboxEntry, b: OutboxEntry) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

export function memoryOutboxStore(initial: OutboxEntry[] = []): OutboxStore {
  const rows = new Map(initial.map((e) => [e.id, e]));
  return {
    all: async () => [...rows.values()].sort(byAge),
    put: async (e) => {
      rows.set(e.id, e);
    },
    remove: async (id) => {
      rows.delete(id);
    },
  };
}

const DB_NAME = 'outfitting-field';
const STORE = 'outbox';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function run<T>(db: IDBDatabase, mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export function indexedDbOutboxStore(): OutboxStore {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    db ??= openDb();
    return db;
  };
  return {
    all: async () => ((await run(await open(), 'readonly', (s) => s.getAll())) as OutboxEntry[]).sort(byAge),
    put: async (e) => {
      await run(await open(), 'readwrite', (s) => s.put(e));
    },
    remove: async (id) => {
      await run(await open(), 'readwrite', (s) => s.delete(id));
    },
  };
}

/** A new random key: a UUID (v4 from getRandomValues where randomUUID is missing, outside a secure context). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
