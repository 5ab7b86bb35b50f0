import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, setXsrfCookie } from '../../test/cookies';
import { apiError, json, mockFetch, noContent } from '../../test/fetch';
import { ApiError, api, buildUrl, isApiError, readXsrfToken, request, setActingAsHeader } from './api';

const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

beforeEach(() => {
  setActingAsHeader(null);
});
afterEach(() => {
  setActingAsHeader(null);
});

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api request headers', () => {
  it('sends X-Requested-With and Accept on every call, safe or not', async () => {
    setXsrfCookie('tok');
    const f = mockFetch(() => json(200, { ok: true }));
    await api.get('/api/a');
    for (const m of UNSAFE) await request(m, '/api/a', { body: {} });
    expect(f.requests).toHaveLength(5);
    for (const r of f.requests) {
      expect(r.headers['X-Requested-With']).toBe('XMLHttpRequest');
      expect(r.headers.Accept).toBe('application/json');
      expect(r.init.credentials).toBe('same-origin');
    }
  });

  it('sends the URL-decoded XSRF-TOKEN cookie as X-XSRF-TOKEN on unsafe methods only', async () => {
    setXsrfCookie('a%2Bb');
    expect(readXsrfToken()).toBe('a+b');
    const f = mockFetch(() => json(200, {}));
    await api.get('/api/a');
    await request('HEAD', '/api/a');
    await request('OPTIONS', '/api/a');
    for (const m of UNSAFE) await request(m, '/api/a');
    const byMethod = Object.fromEntries(f.requests.map((r) => [r.method, r.headers['X-XSRF-TOKEN']]));
    expect(byMethod).toEqual({
      GET: undefined,
      HEAD: undefined,
      OPTIONS: undefined,
      POST: 'a+b',
      PUT: 'a+b',
      PATCH: 'a+b',
      DELETE: 'a+b',
    });
    expect(f.to('/sanctum/csrf-cookie')).toHaveLength(0);
  });

  it('sends Acting-As while set, and stops when cleared', async () => {
    setXsrfCookie('tok');
    const f = mockFetch(() => json(200, {}));
    await api.get('/api/a');
    setActingAsHeader(31);
    await api.get('/api/b');
    await api.post('/api/c', { x: 1 });
    setActingAsHeader(null);
    await api.get('/api/d');
    expect(f.requests.map((r) => r.headers['Acting-As'])).toEqual([undefined, '31', '31', undefined]);
  });

  it('sends a JSON body with Content-Type, and no body or Content-Type without one', async () => {
    setXsrfCookie('tok');
    const f = mockFetch(() => json(200, {}));
    await api.patch('/api/locale', { locale: 'en' });
    await api.delete('/api/thing');
    const [patch, del] = f.requests;
    expect(patch?.init.body).toBe('{"locale":"en"}');
    expect(patch?.headers['Content-Type']).toBe('application/json');
    expect(del?.init.body).toBeUndefined();
    expect(del?.headers['Content-Type']).toBeUndefined();
  });
});

describe('api CSRF handling', () => {
  it('fetches /sanctum/csrf-cookie first when an unsafe call has no token yet', async () => {
    const f = mockFetch((r) => {
      if (r.path === '/sanctum/csrf-cookie') {
        setXsrfCookie('fresh');
        return noContent();
      }
      return json(200, { ok: true });
    });
    await api.post('/login', { email: 'x' });
    expect(f.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /login']);
    expect(f.requests[1]?.headers['X-XSRF-TOKEN']).toBe('fresh');
  });

  it('two writes sent before there is a token share one /sanctum/csrf-cookie request', async () => {
    clearCookies();
    const f = mockFetch((r) => {
      if (r.path === '/sanctum/csrf-cookie') {
        setXsrfCookie('shared');
        return noContent();
      }
      return json(200, { ok: true });
    });
    await Promise.all([api.post('/api/science', {}), api.put('/api/locale', { locale: 'en' })]);
    expect(f.to('/sanctum/csrf-cookie')).toHaveLength(1);
    expect(f.to('/api/science')[0]?.headers['X-XSRF-TOKEN']).toBe('shared');
    expect(f.to('/api/locale')[0]?.headers['X-XSRF-TOKEN']).toBe('shared');
  });

  it('on 419 for an unsafe call fetches a fresh cookie and retries exactly once', async () => {
    setXsrfCookie('old');
    let posts = 0;
    const f = mockFetch((r) => {
      if (r.path === '/sanctum/csrf-cookie') {
        setXsrfCookie('new');
        return noContent();
      }
      posts += 1;
      return posts === 1 ? apiError(419, 'CSRF_TOKEN_MISMATCH') : json(200, { data: 'saved' });
    });
    await expect(api.put('/api/x', { a: 1 })).resolves.toEqual({ data: 'saved' });
    expect(f.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /api/x', 'GET /sanctum/csrf-cookie', 'PUT /api/x']);
    expect(f.requests[0]?.headers['X-XSRF-TOKEN']).toBe('old');
    expect(f.requests[2]?.headers['X-XSRF-TOKEN']).toBe('new');
    expect(f.requests[2]?.body).toEqual({ a: 1 });
  });

  it('gives up after the one retry when the second answer is 419 again', async () => {
    setXsrfCookie('old');
    const f = mockFetch((r) => (r.path === '/sanctum/csrf-cookie' ? noContent() : apiError(419, 'CSRF_TOKEN_MISMATCH')));
    const err = await caught(api.post('/api/x', {}));
    expect(err.status).toBe(419);
    expect(err.code).toBe('CSRF_TOKEN_MISMATCH');
    expect(f.to('/api/x')).toHaveLength(2);
    expect(f.to('/sanctum/csrf-cookie')).toHaveLength(1);
  });

  it('does not retry a 419 on a safe call', async () => {
    setXsrfCookie('tok');
    const f = mockFetch(() => apiError(419, 'CSRF_TOKEN_MISMATCH'));
    const err = await caught(api.get('/api/x'));
    expect(err.status).toBe(419);
    expect(f.requests).toHaveLength(1);
  });
});

describe('api answers', () => {
  it('turns a non-2xx answer into ApiError with status, code, fieldErrors, details and requestId', async () => {
    setXsrfCookie('tok');
    mockFetch(() =>
      apiError(400, 'VALIDATION_FAILED', {
        requestId: 'r-77',
        fieldErrors: { name: { code: 'too_short', params: { min: 2 } } },
        details: { hint: 1 },
      }),
    );
    const err = await caught(api.post('/api/roles', {}));
    expect(isApiError(err)).toBe(true);
    expect(err).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fieldErrors: { name: { code: 'too_short', params: { min: 2 } } },
      details: { hint: 1 },
      requestId: 'r-77',
    });
  });

  it('turns an answer without the error shape into code UNKNOWN with its status', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await caught(api.get('/api/x'));
    expect(err.status).toBe(502);
    expect(err.code).toBe('UNKNOWN');
    expect(err.fieldErrors).toBeUndefined();
  });

  it("turns a network failure into code 'NETWORK' with status 0", async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = await caught(api.get('/api/x'));
    expect(err.code).toBe('NETWORK');
    expect(err.status).toBe(0);
  });

  it("turns a body cut off after the status (a page being left) into code 'NETWORK' with status 0", async () => {
    const cut = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":'));
        controller.error(new TypeError('network error'));
      },
    });
    mockFetch(() => new Response(cut, { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const err = await caught(api.get('/api/user/current'));
    expect(err.code).toBe('NETWORK');
    expect(err.status).toBe(0);
  });

  it('passes an abort through as the AbortError it is', async () => {
    mockFetch(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(api.get('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('resolves undefined for 204', async () => {
    setXsrfCookie('tok');
    mockFetch(() => noContent());
    await expect(api.delete('/api/roles/1')).resolves.toBeUndefined();
  });

  it('resolves the parsed JSON body for 2xx', async () => {
    mockFetch(() => json(200, { data: [1, 2] }));
    await expect(api.get('/api/x')).resolves.toEqual({ data: [1, 2] });
  });
});

describe('buildUrl', () => {
  it('returns the path alone without a query or when every value is empty', () => {
    expect(buildUrl('/api/roles')).toBe('/api/roles');
    expect(buildUrl('/api/roles', { q: '', page: undefined, sort: null })).toBe('/api/roles');
  });

  it('drops empty values, keeps 0 and false, and repeats arrays', () => {
    const url = buildUrl('/api/roles', { page: 2, q: '', sort: '-name', x: undefined, y: null, ids: [1, 2], zero: 0, no: false });
    const u = new URL(url, 'http://localhost');
    expect(u.pathname).toBe('/api/roles');
    expect([...u.searchParams.entries()]).toEqual([
      ['page', '2'],
      ['sort', '-name'],
      ['ids', '1'],
      ['ids', '2'],
      ['zero', '0'],
      ['no', 'false'],
    ]);
  });

  it('encodes values', () => {
    expect(buildUrl('/api/roles', { q: 'a&b c' })).toBe('/api/roles?q=a%26b+c');
  });

  it('sends the query with the request', async () => {
    const f = mockFetch(() => json(200, {}));
    await api.get('/api/roles', { query: { page: 1, q: '' } });
    expect(f.requests[0]?.url).toBe('/api/roles?page=1');
  });
});

describe('Acting-As header at start-up', () => {
  afterEach(() => {
    vi.resetModules();
  });

  async function freshApi() {
    vi.resetModules();
    return import('./api');
  }

  it('starts with the stored company for a signed-in employee', async () => {
    window.localStorage.setItem('authenticated', '1');
    window.localStorage.setItem('authenticated_model', 'employee');
    window.localStorage.setItem('Acting-As', '8');
    const fresh = await freshApi();
    const f = mockFetch(() => json(200, {}));
    await fresh.api.get('/api/x');
    expect(f.requests[0]?.headers['Acting-As']).toBe('8');
  });

  it.each([
    ['signed out', { 'Acting-As': '8' }],
    ['a client', { authenticated: '1', authenticated_model: 'client', 'Acting-As': '8' }],
  ])('does not send a stored Acting-As when %s (the session does not act either)', async (_label, stored) => {
    for (const [k, v] of Object.entries(stored)) window.localStorage.setItem(k, v);
    const fresh = await freshApi();
    const f = mockFetch(() => json(200, {}));
    await fresh.api.get('/api/x');
    expect(f.requests[0]?.headers['Acting-As']).toBeUndefined();
  });
});
