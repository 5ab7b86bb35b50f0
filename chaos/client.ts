/**
 * The load client: signed-in sessions (the web app's CSRF flow) that send requests through the
 * balancer and record every answer with its times and the backend that served it.
 */
import http from 'node:http';

export interface Result {
  method: string;
  path: string;
  /** 0: no HTTP answer (network error or timeout). */
  status: number;
  retryAfter: boolean;
  /** The backend port that answered (x-backend), 'none' from the balancer, null without an answer. */
  backend: string | null;
  /** Date.now() when the request was sent and when its answer was complete. */
  start: number;
  end: number;
  error?: string;
  /** The error code of a JSON error answer. */
  code?: string;
  body?: unknown;
  /** What the request was: 'read', 'write', 'burst', … (the scenario's label). */
  kind: string;
  /** Reads that ask nothing of the database (health) are not proof that the database is back. */
  touchesDb: boolean;
}

/** 2xx. */
export const ok = (r: Result) => r.status >= 200 && r.status < 300;
/** A 503 that says when to come back: what an outage is allowed to answer. */
export const refused = (r: Result) => r.status === 503 && r.retryAfter;
/** Neither: a 5xx other than a refusal, a 4xx that was not expected, a network error or a timeout. */
export const failed = (r: Result, expected: (r: Result) => boolean = () => false) => !ok(r) && !refused(r) && !expected(r);

export class Client {
  readonly agent: http.Agent;
  constructor(
    readonly port: number,
    maxSockets = 64,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets, keepAliveMsecs: 1000 });
  }

  session(): Session {
    return new Session(this);
  }
}

export class Session {
  readonly cookies = new Map<string, string>();
  constructor(readonly client: Client) {}

  request(
    method: string,
    path: string,
    opts: { body?: unknown; kind?: string; timeoutMs?: number; touchesDb?: boolean; keepBody?: boolean; port?: number } = {},
  ): Promise<Result> {
    const headers: http.OutgoingHttpHeaders = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    let payload: string | undefined;
    if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const base = {
      method,
      path,
      kind: opts.kind ?? 'request',
      touchesDb: opts.touchesDb ?? true,
    };
    const start = Date.now();
    return new Promise<Result>((resolve) => {
      let settled = false;
      const done = (r: Omit<Result, keyof typeof base | 'start' | 'end'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...base, ...r, start, end: Date.now() });
      };
      const req = http.request(
        {
          host: '127.0.0.1',
          port: opts.port ?? this.client.port,
          method,
          path,
          headers,
          agent: this.client.agent,
          timeout: opts.timeoutMs ?? 20_000,
        },
        (res) => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const nv = c.split(';')[0] ?? '';
            const i = nv.indexOf('=');
            const name = nv.slice(0, i).trim();
            const value = nv.slice(i + 1).trim();
            if (/max-age=0\b/i.test(c) || value === '') this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('error', (err) => done({ status: 0, retryAfter: false, backend: null, error: `response: ${err.message}` }));
          res.on('aborted', () => done({ status: 0, retryAfter: false, backend: null, error: 'response aborted' }));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown;
            let code: string | undefined;
            if (/json/.test(String(res.headers['content-type'] ?? '')) && text) {
              try {
                body = JSON.parse(text);
                if (body && typeof body === 'object' && 'code' in body) code = String((body as { code: unknown }).code);
              } catch {
                body = undefined;
              }
            }
            done({
              status,
              retryAfter: res.headers['retry-after'] !== undefined,
              backend: (res.headers['x-backend'] as string | undefined) ?? null,
              ...(code ? { code } : {}),
              ...(opts.keepBody || status >= 400 || method !== 'GET' ? { body } : {}),
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('client timeout'), { code: 'TIMEOUT' })));
      req.on('error', (err: NodeJS.ErrnoException) =>
        done({ status: 0, retryAfter: false, backend: null, error: err.code ?? err.message }),
      );
      req.end(payload);
    });
  }

  /** GET /sanctum/csrf-cookie, then POST /login (retried while the app answers 503). */
  async login(email: string, password: string, timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < until) {
      const c = await this.request('GET', '/sanctum/csrf-cookie', { kind: 'login' });
      if (c.status === 204) {
        const r = await this.request('POST', '/login', { body: { email, password }, kind: 'login' });
        if (r.status === 204) return;
        last = `POST /login ${r.status} ${r.error ?? JSON.stringify(r.body ?? '')}`;
        if (r.status !== 503 && r.status !== 502 && r.status !== 0) break;
      } else last = `csrf-cookie ${c.status} ${c.error ?? ''}`;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`could not sign in as ${email}: ${last}`);
  }
}

export const DEMO = {
  admin: { email: 'admin@outfitting.test', password: 'Outfit!Admin2026' },
  fitter: { email: 'monteur@outfitting.test', password: 'Outfit!Monteur2026' },
  projectLeader: { email: 'projectleider@outfitting.test', password: 'Outfit!Project2026' },
};
