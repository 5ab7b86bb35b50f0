import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { openDatabase } from '../../db/client';
import { toAppError } from '../../platform/errors';

let tdb: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('GET /api/health/live', () => {
  it('answers 200 without asking the database: a pool held by lock waiters does not take the process out', async () => {
    expect((await t.agent().get('/api/health/live')).json()).toEqual({ status: 'ok' });
    if (process.env.TEST_DB !== 'pg') return;
    // Every connection of the pool (5 in tests) waits on one locked row for as long as the test wants.
    const url = tdb.url as string;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query(
      'CREATE TABLE IF NOT EXISTS hot_row (id int PRIMARY KEY); INSERT INTO hot_row VALUES (1) ON CONFLICT DO NOTHING',
    );
    await holder.query('BEGIN');
    await holder.query('SELECT * FROM hot_row WHERE id = 1 FOR UPDATE');
    const waiters = Array.from({ length: 5 }, () =>
      tdb.db.withConnection(async (c) => {
        await c.exec("SET lock_timeout = '20s'");
        await c.query('SELECT * FROM hot_row WHERE id = 1 FOR UPDATE');
        await c.exec('RESET lock_timeout');
      }),
    );
    try {
      await new Promise((r) => setTimeout(r, 200));
      const live = await t.agent().get('/api/health/live');
      expect(live.statusCode).toBe(200);
    } finally {
      await holder.query('COMMIT');
      await holder.end();
      await Promise.allSettled(waiters);
    }
  });
});

describe('a lock waited for too long (one hot row must not hold every connection)', () => {
  it.runIf(process.env.TEST_DB === 'pg')('gives up after lock_timeout and answers 503 with Retry-After, not 500', async () => {
    const url = tdb.url as string;
    const quick = await openDatabase({ url, poolSize: 2, lockTimeoutMs: 200 });
    const app = await startTestApp({ db: quick });
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query(
        'CREATE TABLE IF NOT EXISTS hot_row (id int PRIMARY KEY); INSERT INTO hot_row VALUES (1) ON CONFLICT DO NOTHING',
      );
      await holder.query('BEGIN');
      await holder.query('SELECT * FROM hot_row WHERE id = 1 FOR UPDATE');
      const started = Date.now();
      const err = await quick.raw.query('UPDATE hot_row SET id = id WHERE id = 1').then(
        () => null,
        (e: unknown) => e,
      );
      expect(Date.now() - started).toBeLessThan(5_000);
      const answer = toAppError(err);
      expect(answer.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers).toMatchObject({ 'retry-after': '1' });
      // Unrelated work goes on meanwhile.
      expect((await app.agent().get('/api/health')).statusCode).toBe(200);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      await holder.end();
      await app.close();
      await quick.close();
    }
  });
});

describe('GET /api/health (O5)', () => {
  it("answers 200 {status:'ok', database:'up'} without a session, uncached", async () => {
    const res = await t.agent().get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 400 to a query parameter (I1)', async () => {
    expect((await t.agent().get('/api/health?verbose=1')).statusCode).toBe(400);
  });

  it("answers 503 {status:'error', database:'down'} once the database is gone", async () => {
    const throwaway = await createTestDatabase();
    const app = await startTestApp({ db: throwaway.db });
    try {
      expect((await app.agent().get('/api/health')).statusCode).toBe(200);
      await throwaway.drop();
      const res = await app.agent().get('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'down' });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });

  it.runIf(process.env.TEST_DB === 'pg')(
    'recovers without a restart after the database drops every connection (PostgreSQL only: PGlite has no connections to lose)',
    async () => {
      const url = tdb.url;
      if (!url) throw new Error('expected a PostgreSQL test database');
      const agent = t.agent();
      // Fill the pool with idle connections, then have the server kill them all.
      await Promise.all(Array.from({ length: 5 }, () => agent.get('/api/health')));
      const dbName = new URL(url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
      await admin.connect();
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      const statuses: number[] = [];
      for (let i = 0; i < 10 && statuses.at(-1) !== 200; i++) statuses.push((await agent.get('/api/health')).statusCode);
      expect(statuses.at(-1)).toBe(200);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    },
  );
});
