import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

function get(path: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
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
