/**
 * Two processes starting together on an empty database. Each "process" here is
 * a Database of its own (its own pool of one, as a second server would have), running the same
 * start-up step main.ts runs: migrations, then the demo seed when the database is empty.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbInfo } from '../../test/helpers/db';
import { isEmpty, seedDemo } from '../demo/seed';
import { query } from '../platform/sql';
import { createPglite, type Database, openDatabase } from './client';
import { readMigrations } from './migrate';
import { prepareDatabase } from './startup';

const info = testDbInfo();

/** The seed decision of main.ts, without its configuration switches. */
const seedWhenEmpty = async (db: Database) => ((await isEmpty(db)) ? await seedDemo(db) : false);

async function demoCounts(db: Database) {
  const rows = await query<{ roles: number; accounts: number; companies: number }>(
    db.orm,
    sql`SELECT (SELECT count(*)::int FROM roles WHERE slug = 'admin') AS roles,
               (SELECT count(*)::int FROM accounts) AS accounts,
               (SELECT count(*)::int FROM companies) AS companies`,
  );
  return rows[0];
}

describe.skipIf(info.kind !== 'pg')('start-up on PostgreSQL', () => {
  const base = info.kind === 'pg' ? info.base : '';
  const made: string[] = [];
  const admin = () => new pg.Client({ connectionString: base });

  afterAll(async () => {
    const c = admin();
    await c.connect();
    for (const name of made) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  it('two processes migrating and seeding a new empty database at once both come up, with the demo loaded once', async () => {
    const name = `outfit_startup_${randomBytes(5).toString('hex')}`;
    const c = admin();
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    made.push(name);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const one = await openDatabase({ url: url.toString(), poolSize: 1 });
    const two = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      const results = await Promise.all([
        prepareDatabase(one, { seed: seedWhenEmpty }),
        prepareDatabase(two, { seed: seedWhenEmpty }),
      ]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      const applied = results.map((r) => r.applied.length).sort((a, b) => a - b);
      expect(applied).toEqual([0, readMigrations().length]);
      expect(await demoCounts(one)).toEqual({ roles: 1, accounts: 4, companies: 8 });
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('the seed itself waits for another seed and skips once that one committed', async () => {
    const tdb = await createTestDatabase();
    const other = await openDatabase({ url: tdb.url ?? '', poolSize: 1 });
    try {
      // Both callers saw an empty database before either seeded (the race main.ts used to lose).
      expect(await isEmpty(tdb.db)).toBe(true);
      const loaded = await Promise.all([seedDemo(tdb.db), seedDemo(other)]);
      expect(loaded.sort()).toEqual([false, true]);
      expect(await demoCounts(tdb.db)).toEqual({ roles: 1, accounts: 4, companies: 8 });
    } finally {
      await other.close();
      await tdb.drop();
    }
  });
});

describe.skipIf(info.kind !== 'pglite')('start-up on PGlite', () => {
  it('two start-ups on one PGlite take turns and load the demo once', async () => {
    const db = await openDatabase({ pglite: await createPglite() });
    try {
      const results = await Promise.all([
        prepareDatabase(db, { seed: seedWhenEmpty }),
        prepareDatabase(db, { seed: seedWhenEmpty }),
      ]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      expect(await demoCounts(db)).toEqual({ roles: 1, accounts: 4, companies: 8 });
      // A start-up that finds everything done leaves the lock free for the next.
      expect((await prepareDatabase(db, { seed: seedWhenEmpty })).seeded).toBe(false);
    } finally {
      await db.close();
    }
  });
});
