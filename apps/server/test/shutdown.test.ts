import { EventEmitter } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { noQuery } from '@app/shared/platform/http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { access } from '../src/platform/access';
import { Shutdown } from '../src/shutdown';
import { pageView } from './factories/analytics';
import { startTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { analyticsRows } from './helpers/rows';

/** A promise the test resolves by hand: "slow" without timers. */
function gate() {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

let tdb: TestDatabase;
let t: TestApp;
let port: number;
let entered = 0;
let inPreClose = false;
const handlers = gate();
const preClose = gate();

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({
    db: tdb.db,
    // The longest interval allowed, so the events below are still buffered when the server stops.
    env: { ANALYTICS_FLUSH_MS: '1000' },
    routes: (app) => {
      app.get(
        '/api/test/slow',
        { config: { access: access.public }, schema: { querystring: noQuery, response: { 200: z.object({ ok: z.boolean() }) } } },
        async (req) => {
          entered++;
          await handlers.promise;
          req.ctx.analytics.push({
            createdAt: req.ctx.clock(),
            eventType: 'slow-done',
            accountId: null,
            companyId: null,
            actingEmployeeAccountId: null,
            url: null,
            routeName: 'shutdown',
            metadata: {},
          });
          return { ok: true };
        },
      );
      // Holds the stop between "closing" and "no longer listening", as a slow preClose hook would.
      app.addHook('preClose', async () => {
        inPreClose = true;
        await preClose.promise;
      });
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  handlers.open();
  preClose.open();
  await t.close();
  await tdb.drop();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(path: string, agent: http.Agent | false, to = port): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: to, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

describe('graceful shutdown (O1)', () => {
  it('finishes in-flight requests, answers new ones 503 then refuses them, and flushes buffered analytics', async () => {
    // Events accepted before the stop, still in the buffer.
    const browser = t.agent();
    await browser.csrf();
    for (let i = 0; i < 5; i++) {
      expect((await browser.post('/api/science', pageView({ metadata: { route_name: 'shutdown' } }))).statusCode).toBe(204);
    }

    // Kept-alive connections, as browsers and load balancers hold them.
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const inflight = Array.from({ length: 20 }, () => get('/api/test/slow', keepAlive));
    await vi.waitFor(() => expect(entered).toBe(20), { timeout: 20_000, interval: 20 });

    const closed = t.app.close();
    await vi.waitFor(() => expect(inPreClose).toBe(true), { timeout: 20_000, interval: 20 });

    // Still listening, but closing: a new request gets the usual error shape and headers, and is not run.
    const during = await get('/api/test/slow', false);
    expect(during.status).toBe(503);
    expect(during.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(during.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(during.headers['cache-control']).toBe('no-store');
    expect(during.headers.connection).toBe('close');
    expect(during.headers['retry-after']).toBe('5');
    expect(JSON.parse(during.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(entered).toBe(20);
    const health = await get('/api/health', false);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body).code).toBe('SERVICE_UNAVAILABLE');

    // Then the listener stops: a new connection is refused.
    preClose.open();
    await vi.waitFor(() => expect(t.app.server.listening).toBe(false), { timeout: 20_000, interval: 20 });
    const after = await get('/api/health', false).then(
      (r) => r.status,
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect(after).toBe('ECONNREFUSED');

    // The in-flight requests finish normally, and their connections are let go, so close() ends
    // now rather than after the keep-alive timeout.
    handlers.open();
    const results = await Promise.all(inflight);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) {
      expect(JSON.parse(r.body)).toEqual({ ok: true });
      expect(r.headers.connection).toBe('close');
    }
    await closed;

    // Every accepted event is stored: the 5 page views and one per finished slow request.
    expect(t.app.platform.analytics.pending).toBe(0);
    const rows = await analyticsRows(tdb.db);
    expect(rows.filter((r) => r.routeName === 'shutdown')).toHaveLength(5 + 20);
    keepAlive.destroy();
  });
});

/** One kept-alive HTTP/1.1 connection driven by hand: the test decides when its bytes are written. */
class Connection {
  private buf = Buffer.alloc(0);
  private wake: () => void = () => {};
  private ended = false;
  private failure: string | null = null;
  readonly closed: Promise<void>;

  private constructor(private readonly socket: net.Socket) {
    const changed = () => this.wake();
    socket.on('data', (c: Buffer) => {
      this.buf = Buffer.concat([this.buf, c]);
      changed();
    });
    socket.on('end', () => {
      this.ended = true;
      changed();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      this.failure = err.code ?? err.message;
      changed();
    });
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes a GET; on a connected socket the bytes reach the server's machine before this returns. */
  send(path: string): void {
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  }

  /** The next answer (by its Content-Length), or how the connection failed instead. */
  async answer(): Promise<Answer | { failed: string }> {
    for (;;) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine = '', ...lines] = this.buf.subarray(0, end).toString('latin1').split('\r\n');
        const headers: http.IncomingHttpHeaders = {};
        for (const l of lines) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
        const length = Number(headers['content-length'] ?? 0);
        if (this.buf.length >= end + 4 + length) {
          const body = this.buf.subarray(end + 4, end + 4 + length).toString('utf8');
          this.buf = this.buf.subarray(end + 4 + length);
          return { status: Number(statusLine.split(' ')[1]), headers, body };
        }
      }
      if (this.failure || this.ended) return { failed: this.failure ?? 'closed without an answer' };
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/**
 * A listening app with a quick route and a download the test feeds by hand, stopped by a Shutdown
 * on an emitter (the signal) that records the exit code instead of exiting.
 */
async function startDrainApp(db: TestDatabase) {
  let download: PassThrough | null = null;
  const app = await startTestApp({
    db: db.db,
    routes: (app) => {
      app.get(
        '/api/test/quick',
        { config: { access: access.public }, schema: { querystring: noQuery, response: { 200: z.object({ ok: z.boolean() }) } } },
        async () => ({ ok: true }),
      );
      app.get(
        '/api/test/download',
        { config: { access: access.public }, schema: { querystring: noQuery, response: { 200: z.any() } } },
        async (_req, reply) => {
          download = new PassThrough();
          return reply.header('content-type', 'application/octet-stream').send(download);
        },
      );
    },
  });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.app.server.address() as AddressInfo).port;
  const events = new EventEmitter();
  const exits: number[] = [];
  const shutdown = new Shutdown({ log: app.app.log, deadlineMs: 20_000, exit: (code) => exits.push(code), events });
  shutdown.onStop('app', 'drained', () => app.app.close());
  await shutdown.started();
  return {
    app: app.app,
    port,
    exits,
    /** What SIGTERM does to the process. */
    sigterm: () => events.emit('SIGTERM', 'SIGTERM'),
    /** The download's body, once a client has asked for it. */
    download: async () => {
      await vi.waitFor(() => expect(download).not.toBeNull(), { timeout: 20_000, interval: 10 });
      return download as unknown as PassThrough;
    },
    async drop() {
      shutdown.uninstall();
      // A test that failed half-way leaves the download open, which would hold close() for ever.
      (download as PassThrough | null)?.destroy();
      await app.close();
    },
  };
}

describe('graceful shutdown: kept-alive connections and downloads', () => {
  // One database for the apps below: each stops its own app, the database stays.
  let drainDb: TestDatabase;
  beforeAll(async () => {
    drainDb = await createTestDatabase();
  });
  afterAll(() => drainDb.drop());

  it('serves a request that had reached the server when the signal came, then exits 0', async () => {
    const s = await startDrainApp(drainDb);
    try {
      const c = await Connection.open(s.port);
      c.send('/api/test/quick');
      expect(await c.answer()).toMatchObject({ status: 200 });
      // The next request is on the machine, not yet read, when the signal is handled: before the
      // fix the drain closed this "idle" connection under it (a reset), or refused it with a 503.
      c.send('/api/test/quick');
      s.sigterm();
      const answer = await c.answer();
      expect(answer).toMatchObject({ status: 200, body: '{"ok":true}' });
      expect((answer as Answer).headers.connection).toBe('close');
      await c.closed;
      await vi.waitFor(() => expect(s.exits).toEqual([0]), { timeout: 20_000, interval: 20 });
    } finally {
      await s.drop();
    }
  });

  it('answers a request on a kept-alive connection during the drain with 503, Connection: close and Retry-After, not a reset', async () => {
    const s = await startDrainApp(drainDb);
    try {
      // Two connections the client keeps for later, as a load balancer or a browser does.
      const used = await Connection.open(s.port);
      const unused = await Connection.open(s.port);
      for (const c of [used, unused]) {
        c.send('/api/test/quick');
        expect(await c.answer()).toMatchObject({ status: 200 });
      }
      // A download in flight keeps the process draining.
      const downloading = get('/api/test/download', false, s.port);
      const body = await s.download();
      body.write('first half,');

      s.sigterm();
      await vi.waitFor(() => expect(s.app.server.listening).toBe(false), { timeout: 20_000, interval: 10 });
      const refused = await get('/api/test/quick', false, s.port).then(
        (r) => r.status,
        (err: NodeJS.ErrnoException) => err.code,
      );
      expect(refused).toBe('ECONNREFUSED');

      // The listener is closed, the kept-alive connection is not: its request gets a clear "not
      // now", which says the request did not run, where a reset leaves that open.
      used.send('/api/test/quick');
      const during = await used.answer();
      expect(during).toMatchObject({ status: 503, headers: { connection: 'close', 'retry-after': '5' } });
      expect(JSON.parse((during as Answer).body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      await used.closed;

      // The download finishes in full; the process waits for it.
      expect(s.exits).toEqual([]);
      body.end('second half');
      const done = await downloading;
      expect(done).toMatchObject({ status: 200, body: 'first half,second half' });

      // Then the connection nobody used is closed, and the process exits 0.
      await unused.closed;
      await vi.waitFor(() => expect(s.exits).toEqual([0]), { timeout: 20_000, interval: 20 });
      expect(s.app.server.listening).toBe(false);
    } finally {
      await s.drop();
    }
  });
});

/** The process side of O1 (src/shutdown.ts) on an emitter instead of the process. */
describe('Shutdown: signals, order, deadline', () => {
  function make(deadlineMs = 10_000) {
    const events = new EventEmitter();
    const lines: { level: 'info' | 'error'; obj: Record<string, unknown>; msg: string }[] = [];
    const exits: number[] = [];
    const shutdown = new Shutdown({
      log: {
        info: (obj, msg) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
        error: (obj, msg) => lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
      },
      deadlineMs,
      exit: (code) => exits.push(code),
      events,
    });
    return { events, lines, exits, shutdown, msgs: () => lines.map((l) => l.msg) };
  }

  it('closes the last opened first, ignores repeated signals while draining, and exits 0', async () => {
    const { events, exits, shutdown, msgs } = make();
    const order: string[] = [];
    const draining = gate();
    shutdown.onStop('database', 'closed the database', async () => {
      order.push('database');
    });
    shutdown.onStop('app', 'drained', async () => {
      order.push('app: draining');
      await draining.promise;
      order.push('app: drained');
    });
    await shutdown.started();

    events.emit('SIGTERM', 'SIGTERM');
    // The group's signal again, forwarded by npm and by a launcher, and a Ctrl-C on top.
    events.emit('SIGTERM', 'SIGTERM');
    events.emit('SIGTERM', 'SIGTERM');
    events.emit('SIGINT', 'SIGINT');
    await vi.waitFor(() => expect(order).toEqual(['app: draining']));
    expect(exits).toEqual([]);
    expect(msgs().filter((m) => m === 'shutting down')).toHaveLength(1);
    expect(msgs().filter((m) => m.startsWith('already shutting down'))).toHaveLength(3);

    draining.open();
    await vi.waitFor(() => expect(exits).toEqual([0]));
    expect(order).toEqual(['app: draining', 'app: drained', 'database']);
    expect(msgs()).toEqual(expect.arrayContaining(['drained', 'closed the database', 'stopped']));
    shutdown.uninstall();
  });

  it('during the start-up, stops at the next checkpoint, with what was opened so far', async () => {
    const { events, exits, shutdown } = make();
    const closed: string[] = [];
    shutdown.onStop('database', 'closed', async () => {
      closed.push('database');
    });
    events.emit('SIGINT', 'SIGINT');
    // The step in progress (a migration, say) is not cut short.
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toEqual([]);
    expect(shutdown.requested).toBe(true);
    void shutdown.checkpoint();
    await vi.waitFor(() => expect(exits).toEqual([0]));
    expect(closed).toEqual(['database']);
    shutdown.uninstall();
  });

  it('exits 1 after the deadline when closing hangs', async () => {
    const { events, exits, shutdown, lines } = make(50);
    shutdown.onStop('app', 'drained', () => new Promise<void>(() => {}));
    await shutdown.started();
    events.emit('SIGTERM', 'SIGTERM');
    await vi.waitFor(() => expect(exits).toEqual([1]));
    expect(lines.some((l) => l.level === 'error' && l.msg.startsWith('did not stop within 50 ms'))).toBe(true);
    shutdown.uninstall();
  });

  it('after an uncaught error or a failed step, still closes everything and exits 1', async () => {
    const { events, exits, shutdown } = make();
    const closed: string[] = [];
    shutdown.onStop('database', 'closed', async () => {
      closed.push('database');
    });
    shutdown.onStop('app', 'drained', async () => {
      throw new Error('close failed');
    });
    await shutdown.started();
    events.emit('uncaughtException', new Error('boom'));
    await vi.waitFor(() => expect(exits).toEqual([1]));
    expect(closed).toEqual(['database']);
    shutdown.uninstall();
  });
});
