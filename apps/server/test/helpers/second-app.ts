import { openDatabase } from '../../src/db/client';
import { startTestApp, type TestApp } from './app';
import type { TestDatabase } from './db';

/**
 * A second app instance on the same database, as a second process would be: on PostgreSQL with
 * its own connection pool, on PGlite (one connection only) sharing the Database object. It shares
 * the first app's clock, so both see the same time.
 */
export async function startSecondApp(tdb: TestDatabase, first: TestApp, env?: Record<string, string>): Promise<TestApp> {
  const db = tdb.url ? await openDatabase({ url: tdb.url, poolSize: 3 }) : tdb.db;
  const second = await startTestApp({ db, clock: first.clock, ...(env ? { env } : {}) });
  return {
    ...second,
    async close() {
      await second.close();
      if (db !== tdb.db) await db.close();
    },
  };
}
