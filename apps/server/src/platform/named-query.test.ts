import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { type Database, type DbOrTx, openDatabase } from '../db/client';
import { companies } from '../db/schema';
import { namedQuery, type Params } from './named-query';

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await tdb.db.raw.exec(`INSERT INTO companies (name, sector) VALUES
    ('Named A', 'cruise'), ('Named B', 'leisure'), ('Named C', 'cruise'), ('Named D', 'leisure')`);
});
afterAll(async () => {
  await tdb.drop();
});

interface Values {
  sector: string;
  prefix: string;
}

/** A builder that counts its calls, with a shape (a name filter or not). */
function companiesBySector() {
  let builds = 0;
  const q = namedQuery<Values, { name: string }[], { named: boolean }>(
    'named_query_test',
    (db: DbOrTx, v: Params<Values>, inReach: SQL, s) => {
      builds++;
      return db
        .select({ name: companies.name })
        .from(companies)
        .where(
          and(
            sql`${companies.sector} = ${v.sector}`,
            s.named ? sql`${companies.name} LIKE ${v.prefix}` : sql`${companies.name} LIKE 'Named %'`,
            inReach,
          ),
        )
        .orderBy(asc(companies.name));
    },
    (s) => (s.named ? 'named' : 'all'),
  );
  return { q, builds: () => builds };
}

describe('namedQuery', () => {
  it('builds the shared statement once per database and shape, and answers with the values of each call', async () => {
    const { q, builds } = companiesBySector();
    const db = tdb.db.orm;
    expect(await q.run(db, { sector: 'cruise', prefix: '' }, null, { named: false })).toEqual([
      { name: 'Named A' },
      { name: 'Named C' },
    ]);
    expect(await q.run(db, { sector: 'leisure', prefix: '' }, null, { named: false })).toEqual([
      { name: 'Named B' },
      { name: 'Named D' },
    ]);
    expect(builds()).toBe(1);
    // Another shape is another statement.
    expect(await q.run(db, { sector: 'leisure', prefix: 'Named D%' }, null, { named: true })).toEqual([{ name: 'Named D' }]);
    expect(builds()).toBe(2);
    expect(await q.run(db, { sector: 'cruise', prefix: 'Named A%' }, null, { named: true })).toEqual([{ name: 'Named A' }]);
    expect(builds()).toBe(2);
  });

  it('builds a scoped query per call with that scope ANDed in', async () => {
    const { q, builds } = companiesBySector();
    const onlyC = eq(companies.name, 'Named C');
    expect(await q.run(tdb.db.orm, { sector: 'cruise', prefix: '' }, onlyC, { named: false })).toEqual([{ name: 'Named C' }]);
    expect(await q.run(tdb.db.orm, { sector: 'leisure', prefix: '' }, onlyC, { named: false })).toEqual([]);
    expect(builds()).toBe(2);
  });

  it('runs inside a transaction, seeing its uncommitted rows', async () => {
    const { q } = companiesBySector();
    await tdb.db.orm
      .transaction(async (tx) => {
        await tx.insert(companies).values({ name: 'Named E', sector: 'cruise' });
        expect(await q.run(tx, { sector: 'cruise', prefix: '' }, null, { named: false })).toEqual([
          { name: 'Named A' },
          { name: 'Named C' },
          { name: 'Named E' },
        ]);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && /rollback/i.test(err.message))) throw err;
      });
    expect(await q.run(tdb.db.orm, { sector: 'cruise', prefix: '' }, null, { named: false })).toHaveLength(2);
  });

  it.runIf(process.env.TEST_DB === 'pg')('is a named statement on PostgreSQL: parsed once per connection', async () => {
    if (!tdb.url) throw new Error('a PostgreSQL test database has a URL');
    // One connection, so the statement and the catalogue query meet on the same session.
    const one: Database = await openDatabase({ url: tdb.url, poolSize: 1 });
    try {
      const { q } = companiesBySector();
      await q.run(one.orm, { sector: 'cruise', prefix: '' }, null, { named: false });
      await q.run(one.orm, { sector: 'leisure', prefix: 'Named B%' }, null, { named: true });
      const names = await one.raw.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name');
      expect(names.map((n) => n.name)).toEqual(['named_query_test_all', 'named_query_test_named']);
    } finally {
      await one.close();
    }
  });
});
