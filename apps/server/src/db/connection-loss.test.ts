/**
 * PostgreSQL restarting or cutting connections under traffic. The process must
 * live on (an 'error' event on a checked-out client without a listener used to end it), the
 * request that met the cut answers 503 with Retry-After, and the next one is served again.
 * PostgreSQL only: PGlite runs in the process and has no connection to lose.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app';
import { createTestDatabase, type TestDatabase, testDbInfo } from '../../test/helpers/db';
import { toAppError } from '../platform/errors';
import { query } from '../platform/sql';
import { type Database, openDatabase } from './client';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './unavailable';

const onPg = testDbInfo().kind === 'pg';

describe('isDatabaseUnavailable', () => {
  it('knows the driver’s connection failures, also wrapped, and nothing else', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('dup'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('maps to 503 SERVICE_UNAVAILABLE with Retry-After', () => {
    const e = toAppError(Object.assign(new Error('the database system is starting up'), { code: '57P03' }));
    expect(e.status).toBe(503);
    expect(e.code).toBe('SERVICE_UNAVAILABLE');
    expect(e.headers?.['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  });
});

/** A TCP hop in front of PostgreSQL that can go away and come back on the same port: a restart. */
class TcpHop {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly host: string,
    private readonly upstreamPort: number,
  ) {}

  async up(): Promise<void> {
    const server = net.createServer((down) => {
      const up = net.connect(this.upstreamPort, this.host);
      for (const s of [down, up]) {
        this.sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => {
          this.sockets.delete(s);
          down.destroy();
          up.destroy();
        });
      }
      down.pipe(up).pipe(down);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address && typeof address !== 'string') this.port = address.port;
    this.server = server;
  }

  /** Cuts every connection and refuses new ones. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe.skipIf(!onPg)('a lost connection on PostgreSQL', () => {
  let tdb: TestDatabase;
  let db: Database;
  let admin: pg.Client;
  const warnings: { obj: object; msg: string }[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase();
    const url = tdb.url ?? '';
    db = await openDatabase({
      url,
      poolSize: 2,
      applicationName: 'outfitting-conn-loss',
      log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await db.close();
    await tdb.drop();
  });

  const terminate = (pid: number) => admin.query('SELECT pg_terminate_backend($1)', [pid]);
  /** Until the terminated backend is gone, so its FATAL message has surely been sent. */
  const gone = async (pid: number) => {
    for (let i = 0; i < 100; i++) {
      const r = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
      if (r.rowCount === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    // The message still has to cross the socket and be read by the driver.
    await new Promise((r) => setTimeout(r, 100));
  };

  it('a transaction whose backend is terminated between statements fails as unavailable; the process lives and the pool serves on', async () => {
    warnings.length = 0;
    const failure = await db.orm
      .transaction(async (tx) => {
        const rows = await query<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        const pid = rows[0]?.pid ?? 0;
        await terminate(pid);
        // The client is checked out and idle in the transaction: the error arrives as an event
        // on the client, which ended the process before the fix.
        await gone(pid);
        await query(tx, sql`SELECT 1`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(toAppError(failure).status).toBe(503);
    // The next statements get a fresh connection, and the dead one is not handed out again.
    for (let i = 0; i < 3; i++) expect(await db.raw.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.obj).toMatchObject({ event: 'db.connection-lost' });
  });

  it('a transaction that fails on BEGIN gives its connection back (Drizzle kept it: the pool shrank at every restart)', async () => {
    // A cut connection fails on BEGIN; so does a BEGIN PostgreSQL refuses, which is what this
    // test sends (deterministic). The pool has 2 connections: three such failures would leave
    // none, and the query after them would wait for a connection until the pool's timeout.
    for (let i = 0; i < 3; i++) {
      const failure = await db.orm
        .transaction(async () => 'never', { isolationLevel: 'no such level' as never })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(failure).not.toBeNull();
    }
    expect(db.pool?.totalCount).toBe(db.pool?.idleCount);
    expect(await db.raw.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('withConnection: a held connection that is cut is closed, not pooled', async () => {
    const failure = await db
      .withConnection(async (c) => {
        const rows = await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        const pid = rows[0]?.pid ?? 0;
        await terminate(pid);
        await gone(pid);
        await c.query('SELECT 1');
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(await db.withConnection((c) => c.query('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
  });

  it('idle pooled connections that are cut are replaced', async () => {
    await Promise.all([db.raw.query('SELECT pg_sleep(0.05)'), db.raw.query('SELECT pg_sleep(0.05)')]);
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'outfitting-conn-loss' AND pid <> pg_backend_pid()",
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(await db.raw.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

describe.skipIf(!onPg)('through the app while PostgreSQL restarts', () => {
  let tdb: TestDatabase;
  let proxy: TcpHop;
  let db: Database;
  let t: TestApp;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    const target = new URL(tdb.url ?? '');
    proxy = new TcpHop(target.hostname, Number(target.port || 5432));
    await proxy.up();
    const via = new URL(target);
    via.hostname = '127.0.0.1';
    via.port = String(proxy.port);
    db = await openDatabase({ url: via.toString(), poolSize: 3 });
    t = await startTestApp({ db });
  });
  afterAll(async () => {
    await t.close();
    await db.close();
    await proxy.down();
    await tdb.drop();
  });

  it('answers 503 with Retry-After while the database is away, and serves again once it is back', async () => {
    const before = await t.agent().get('/sanctum/csrf-cookie');
    expect(before.statusCode).toBeLessThan(300);

    // The restart: every connection is cut (idle ones in the pool too) and new ones are refused.
    await proxy.down();
    const during = await t.agent().get('/sanctum/csrf-cookie');
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(JSON.parse(during.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    await proxy.up();
    const after = await t.agent().get('/sanctum/csrf-cookie');
    expect(after.statusCode).toBe(before.statusCode);
  });
});
