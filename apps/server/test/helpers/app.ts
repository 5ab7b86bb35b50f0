import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import pino from 'pino';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { InlineJobs, type Jobs } from '../../src/platform/jobs';
import { loggerOptions } from '../../src/platform/logger';
import type { Mailer, MailMessage } from '../../src/platform/mail';
import type { FileStorage } from '../../src/platform/storage';

export interface TestClock {
  (): Date;
  advance(ms: number): void;
  set(d: Date): void;
}

export function createClock(start = new Date('2026-11-21T09:00:00Z')): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (d) => {
    now = d.getTime();
  };
  return clock;
}

let webFixture: string | null = null;
/** A tiny built web app, so the SPA fallback and asset routes can be tested without a real build. */
export function webFixtureDir(): string {
  if (webFixture) return webFixture;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outfit-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="nl"><head><title>app</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  // The build's pre-compressed copies (apps/web/scripts/report-size.mjs).
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync('console.log("app")'));
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), zlib.gzipSync('console.log("app")'));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"app","start_url":"/"}');
  // The build's module for Node (apps/web/src/app/prerender.tsx) in miniature: the catalogue's names
  // as a list, the answers under the app's keys; a search for 'render-fails' makes the render throw,
  // one for 'render-slow' takes 2.5 s.
  fs.mkdirSync(path.join(dir, 'ssr'));
  fs.writeFileSync(path.join(dir, 'ssr', 'package.json'), '{"type":"module"}');
  fs.writeFileSync(
    path.join(dir, 'ssr', 'prerender.js'),
    `const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
export function catalogueApiQuery(url, locale) {
  const q = new URL(url, 'http://x').searchParams.get('q');
  return { page: '1', perPage: '24', ...(q ? { q, lang: locale } : {}) };
}
export async function renderCatalogue(url, locale, products, filters) {
  if (url.includes('render-fails')) throw new Error('render failed');
  if (url.includes('render-slow')) await new Promise((r) => setTimeout(r, 2500));
  const names = products.data.map((p) => '<li>' + esc(locale === 'en' ? p.nameEn : p.nameNl) + '</li>').join('');
  return { html: '<ul data-first-screen="catalogue">' + names + '</ul>', queries: [[['public', 'products', url], products], [['public', 'filters'], filters]] };
}
`,
  );
  webFixture = dir;
  return dir;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'outfit-data-')),
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'info',
    JOBS: 'false',
    WEB_DIST: webFixtureDir(),
    ...env,
  });
}

export class CaptureMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(m: MailMessage): Promise<void> {
    this.sent.push(m);
  }
  to(email: string): MailMessage[] {
    return this.sent.filter((m) => m.to === email);
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  mailer: CaptureMailer;
  logs: string[];
  config: Config;
  /** The app's job runner when the test chose it ('deferred'); otherwise null (jobs run inside the request). */
  jobs: InlineJobs | null;
  agent(opts?: AgentOptions): Agent;
  /**
   * A new agent signed in as the fixture (an employee or a company user from test/factories):
   * `manager = await t.signIn(await createEmployee(tdb.db, { permissions: ['companies.manage'] }))`.
   */
  signIn(fx: { email: string; password: string }, opts?: AgentOptions): Promise<Agent>;
  /** Every captured log line as one string (for "never logged" checks). */
  logText(): string;
  close(): Promise<void>;
}

export async function startTestApp(opts: {
  db: Database;
  clock?: TestClock;
  env?: Record<string, string>;
  /** 'deferred': jobs are queued by send() and run by `t.jobs.drain()`, so a request never waits on them. */
  jobs?: Jobs | 'deferred';
  /** Registers test-only routes on this app before it is made ready (a route that throws, a slow one). */
  routes?: (app: FastifyInstance) => void | Promise<void>;
  /** The file storage (default: disk under the test's DATA_DIR); test/helpers/storage.ts starts a local S3. */
  storage?: FileStorage;
}): Promise<TestApp> {
  const config = testConfig(opts.env);
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const logger = pino(loggerOptions(config) as pino.LoggerOptions, stream);
  const clock = opts.clock ?? createClock();
  const mailer = new CaptureMailer();
  const deferred = opts.jobs === 'deferred' ? new InlineJobs(logger, { defer: true }) : null;
  const jobs: Jobs | 'inline' = deferred ?? (opts.jobs === undefined || opts.jobs === 'deferred' ? 'inline' : opts.jobs);
  const app = await buildApp({ config, db: opts.db, clock, mailer, jobs, logger, storage: opts.storage });
  if (opts.routes) await opts.routes(app);
  await app.ready();
  return {
    app,
    db: opts.db,
    clock,
    mailer,
    logs,
    config,
    jobs: deferred,
    agent: (o) => new Agent(app, o),
    signIn: async (fx, o) => {
      const a = new Agent(app, o);
      await a.login(fx.email, fx.password);
      return a;
    },
    logText: () => logs.join(''),
    close: () => app.close(),
  };
}

export interface AgentOptions {
  ip?: string;
  headers?: Record<string, string>;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the XSRF token on unsafe methods (default true). */
  csrf?: boolean;
}

/** A browser stand-in: keeps cookies, echoes XSRF-TOKEN on unsafe requests as the web app does. */
export class Agent {
  readonly cookies: Map<string, string>;
  actingAs: number | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly opts: AgentOptions = {},
    cookies?: Map<string, string>,
  ) {
    this.cookies = cookies ?? new Map<string, string>();
  }

  /** The same browser (same cookie jar) talking to another app instance on the same database. */
  via(other: FastifyInstance | TestApp): Agent {
    return new Agent('agent' in other ? other.app : other, this.opts, this.cookies);
  }

  get xsrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, url: string, o: RequestOptions = {}): Promise<InjectResponse> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...(this.opts.headers ?? {}) };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (unsafe && o.csrf !== false && this.xsrf) headers['x-xsrf-token'] = this.xsrf;
    if (this.actingAs !== null) headers['acting-as'] = String(this.actingAs);
    Object.assign(headers, o.headers ?? {});
    let payload: string | Buffer | undefined;
    if (o.body !== undefined) {
      payload = Buffer.isBuffer(o.body) || typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload,
      remoteAddress: this.opts.ip ?? '127.0.0.1',
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now() - 1000 && c.value === '')) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string, o?: RequestOptions) => this.request('GET', url, o);
  post = (url: string, body?: unknown, o?: RequestOptions) => this.request('POST', url, { ...o, body });
  patch = (url: string, body?: unknown, o?: RequestOptions) => this.request('PATCH', url, { ...o, body });
  put = (url: string, body?: unknown, o?: RequestOptions) => this.request('PUT', url, { ...o, body });
  delete = (url: string, o?: RequestOptions) => this.request('DELETE', url, o);

  async csrf(): Promise<void> {
    const res = await this.get('/sanctum/csrf-cookie');
    if (res.statusCode !== 204) throw new Error(`csrf-cookie answered ${res.statusCode}`);
  }

  /** The web app's login: csrf cookie, POST /login, then the current user. */
  async login(email: string, password: string): Promise<InjectResponse> {
    if (!this.xsrf) await this.csrf();
    const res = await this.post('/login', { email, password });
    if (res.statusCode !== 204) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
    return res;
  }
}

/**
 * An answer with the acting view's signed `view` parameters taken off its image and file
 * addresses (platform/view-link.ts), to compare what an acting employee sees with what the
 * company's own user sees.
 */
export function withoutViewLinks<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(/\?view=[\w.-]+/g, '')) as T;
}
