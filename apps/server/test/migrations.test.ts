import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, type Database, openDatabase } from '../src/db/client';
import { type Migration, migrate, readMigrations } from '../src/db/migrate';
import { testDbInfo } from './helpers/db';

/** An empty database (no schema at all) and, on PostgreSQL, a second pool on it: a second process. */
interface EmptyDb {
  db: Database;
  openAnother(): Promise<Database>;
  drop(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function emptyDatabase(): Promise<EmptyDb> {
  const info = testDbInfo();
  if (info.kind === 'pg') {
    const name = `outfit_m_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: info.base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(info.base);
    url.pathname = `/${name}`;
    const opened: Database[] = [];
    const open = async () => {
      const d = await openDatabase({ url: url.toString(), poolSize: 2 });
      opened.push(d);
      return d;
    };
    const db = await open();
    const e: EmptyDb = {
      db,
      openAnother: open,
      async drop() {
        for (const d of opened) await d.close();
        const a = new pg.Client({ connectionString: info.base });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
    cleanups.push(() => e.drop());
    return e;
  }
  // PGlite has one session per database; "another process" is the same handle used concurrently.
  const db = await openDatabase({ pglite: await createPglite() });
  const e: EmptyDb = { db, openAnother: async () => db, drop: () => db.close() };
  cleanups.push(() => e.drop());
  return e;
}

async function appliedTags(db: Database): Promise<string[]> {
  const rows = await db.raw.query<{ tag: string }>('SELECT tag FROM app_migrations ORDER BY tag');
  return rows.map((r) => r.tag);
}

async function tableExists(db: Database, name: string): Promise<boolean> {
  const rows = await db.raw.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`public.${name}`]);
  return rows[0]?.t !== null && rows[0]?.t !== undefined;
}

describe('migrate() (O2)', () => {
  // One empty database for the sequential cases (each starts with an idempotent migrate), so
  // PGlite pays for one more instance only; the concurrent case gets its own.
  let seq: EmptyDb;
  beforeAll(async () => {
    seq = await emptyDatabase();
    cleanups.pop();
  });
  afterAll(async () => {
    await seq.drop();
  });

  it('two migrators started at once on an empty database apply each migration exactly once', async () => {
    const other = await seq.openAnother();
    const [a, b] = await Promise.all([migrate(seq.db), migrate(other)]);
    const tags = readMigrations().map((m) => m.tag);
    expect(tags.length).toBeGreaterThan(0);
    // One of them did all the work; the other found it done.
    expect([a, b].sort((x, y) => y.length - x.length)).toEqual([tags, []]);
    const counts = await seq.db.raw.query<{ tag: string; n: number }>(
      'SELECT tag, count(*)::int AS n FROM app_migrations GROUP BY tag ORDER BY tag',
    );
    expect(counts).toEqual([...tags].sort().map((tag) => ({ tag, n: 1 })));
    for (const table of ['accounts', 'roles', 'sessions', 'audit_log', 'analytics_events']) {
      expect(await tableExists(seq.db, table), table).toBe(true);
    }
  });

  it('re-running is a no-op that keeps the data', async () => {
    const { db } = seq;
    await migrate(db);
    const before = await appliedTags(db);
    await db.raw.query(`INSERT INTO roles (slug, name) VALUES ('kept', 'Kept')`);
    expect(await migrate(db)).toEqual([]);
    expect(await appliedTags(db)).toEqual(before);
    expect(await db.raw.query(`SELECT slug FROM roles WHERE slug = 'kept'`)).toEqual([{ slug: 'kept' }]);
  });

  it('refuses to run when an applied migration was changed afterwards', async () => {
    const { db } = seq;
    await migrate(db);
    const changed: Migration[] = readMigrations().map((m, i) => (i === 0 ? { ...m, hash: `${m.hash.slice(0, -1)}0` } : m));
    await expect(migrate(db, changed)).rejects.toThrow(/0000_platform.*changed/);
    // The lock was released: a correct run still works.
    expect(await migrate(db)).toEqual([]);
  });

  it('applies a new migration in one transaction: a failing statement leaves nothing behind', async () => {
    const { db } = seq;
    await migrate(db);
    const broken: Migration = {
      tag: '9999_broken',
      hash: 'h',
      statements: ['CREATE TABLE half_done (id int)', 'ALTER TABLE no_such_table ADD COLUMN x int'],
    };
    await expect(migrate(db, [...readMigrations(), broken])).rejects.toThrow();
    expect(await tableExists(db, 'half_done')).toBe(false);
    expect(await appliedTags(db)).not.toContain('9999_broken');
    const fixed: Migration = { tag: '9999_broken', hash: 'h2', statements: ['CREATE TABLE half_done (id int)'] };
    expect(await migrate(db, [...readMigrations(), fixed])).toEqual(['9999_broken']);
    expect(await tableExists(db, 'half_done')).toBe(true);
  });

  it('reads the journal in order, with a stable hash per file', () => {
    const a = readMigrations();
    const b = readMigrations();
    expect(a.map((m) => m.tag)).toEqual([...a.map((m) => m.tag)].sort());
    expect(a.map((m) => m.hash)).toEqual(b.map((m) => m.hash));
    for (const m of a) {
      expect(m.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(m.statements.length).toBeGreaterThan(0);
    }
  });
});
