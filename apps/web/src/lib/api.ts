import type { ApiErrorBody, ErrorCode, FieldError } from '@app/shared/platform/errors';
import { noteReadAnswer, OFFLINE_CACHED_AT_HEADER } from './offline';
import { storage } from './storage';

/** An answer other than 2xx. The UI shows t('errors.' + code), never the server's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN';
  readonly fieldErrors: Record<string, FieldError> | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly requestId: string | undefined;

  constructor(status: number, body: Partial<ApiErrorBody> | null, fallback: 'NETWORK' | 'UNKNOWN' = 'UNKNOWN') {
    super(body?.code ?? fallback);
    this.status = status;
    this.code = body?.code ?? fallback;
    this.fieldErrors = body?.fieldErrors;
    this.details = body?.details;
    this.requestId = body?.requestId;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/**
 * At start-up the header follows the session exactly as section 4 decides it: only a signed-in
 * employee with a stored company acts. A leftover Acting-As for a guest or a client is not sent (the
 * server refuses Acting-As from anyone but an employee allowed to act, so every call would fail).
 */
function initialActingAs(): string | null {
  if (!storage.isAuthenticated() || storage.model() !== 'employee') return null;
  const acting = storage.actingAs();
  return acting ? String(acting.id) : null;
}

let actingAsHeader: string | null = initialActingAs();

/** Every request carries Acting-As while an employee acts as a company (spec section 7). */
export function currentActingAsHeader(): string | null {
  return actingAsHeader;
}

export function setActingAsHeader(companyId: number | null): void {
  actingAsHeader = companyId === null ? null : String(companyId);
}

export function readXsrfToken(): string | undefined {
  const m = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) qs.append(k, String(item));
    else qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

let csrfInFlight: Promise<void> | null = null;

/**
 * Fetches a fresh CSRF token (and an anonymous session when there is none). Callers at the same
 * moment share one request: two would each start a session, and the cookie of one could end up
 * beside the token of the other.
 */
export function fetchCsrfCookie(): Promise<void> {
  csrfInFlight ??= fetch('/sanctum/csrf-cookie', {
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  })
    .then(() => undefined)
    .finally(() => {
      csrfInFlight = null;
    });
  return csrfInFlight;
}

async function send(method: string, path: string, o: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...o.headers };
  // FormData (file uploads) sets its own multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && o.body instanceof FormData;
  if (o.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (!SAFE.has(method)) {
    const token = readXsrfToken();
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  if (actingAsHeader) headers['Acting-As'] = actingAsHeader;
  return fetch(buildUrl(path, o.query), {
    method,
    headers,
    body: o.body === undefined ? undefined : isForm ? (o.body as FormData) : JSON.stringify(o.body),
    credentials: 'same-origin',
    signal: o.signal,
  });
}

/**
 * One call to the API. An unsafe call that meets 419 (no session yet, or it expired) fetches a
 * fresh CSRF cookie and tries exactly once more, as Sanctum clients do.
 */
export async function request<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
  let res: Response;
  let text: string;
  try {
    if (!SAFE.has(method) && !readXsrfToken()) await fetchCsrfCookie();
    res = await send(method, path, o);
    if (res.status === 419 && !SAFE.has(method)) {
      await fetchCsrfCookie();
      res = await send(method, path, o);
    }
    // Reading the body is part of getting the answer: a page being left or reloaded cuts it off
    // after the status came in, and that is no answer either (a TypeError, not an AbortError).
    text = res.status === 204 ? '' : await res.text();
    if (method === 'GET' && res.ok) noteReadAnswer(res.headers.get(OFFLINE_CACHED_AT_HEADER));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, null, 'NETWORK');
  }
  if (res.status === 204) return undefined as T;
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) throw new ApiError(res.status, body as Partial<ApiErrorBody> | null);
  return body as T;
}

export const api = {
  get: <T>(path: string, o?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, o),
  post: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('POST', path, { ...o, body }),
  patch: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PATCH', path, { ...o, body }),
  put: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PUT', path, { ...o, body }),
  delete: <T>(path: string, o?: RequestOptions) => request<T>('DELETE', path, o),
  /** Sends files as multipart/form-data, one 'file' field each. */
  upload: <T>(path: string, files: readonly File[], o?: Omit<RequestOptions, 'body'>) => {
    const form = new FormData();
    for (const f of files) form.append('file', f, f.name);
    return request<T>('POST', path, { ...o, body: form });
  },
};
