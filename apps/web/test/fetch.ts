import { type Mock, vi } from 'vitest';

/** One call the app made through fetch, with what the tests look at. */
export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
  init: RequestInit;
}

export type FetchHandler = (req: RecordedRequest) => Response | Promise<Response> | undefined;

export interface FetchMock {
  fn: Mock<typeof fetch>;
  requests: RecordedRequest[];
  /** The calls to one path (without the query string), optionally one method. */
  to(path: string, method?: string): RecordedRequest[];
}

function headerRecord(h: HeadersInit | undefined): Record<string, string> {
  if (!h) return {};
  if (h instanceof Headers) return Object.fromEntries(h.entries());
  if (Array.isArray(h)) return Object.fromEntries(h);
  return { ...(h as Record<string, string>) };
}

/**
 * Replaces the global fetch for this test (undone by vi.unstubAllGlobals in setup). A request the
 * handler does not answer fails the way a network failure would, and stays in `requests`.
 */
export function mockFetch(handler: FetchHandler): FetchMock {
  const requests: RecordedRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const raw = init.body;
    let body: unknown = raw ?? undefined;
    if (typeof raw === 'string') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const req: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: headerRecord(init.headers),
      body,
      init,
    };
    requests.push(req);
    const res = await handler(req);
    if (!res) throw new TypeError(`unexpected fetch: ${req.method} ${url}`);
    return res;
  });
  vi.stubGlobal('fetch', fn);
  return {
    fn: fn as unknown as Mock<typeof fetch>,
    requests,
    to: (path, method) => requests.filter((r) => r.path === path && (!method || r.method === method)),
  };
}

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const noContent = (): Response => new Response(null, { status: 204 });

/** The error shape every API answer uses. */
export const apiError = (status: number, code: string, extra: Record<string, unknown> = {}): Response =>
  json(status, { code, message: 'developer text', requestId: 'req-1', ...extra });
