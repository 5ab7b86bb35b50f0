import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, type Database, openDatabase } from '../../src/db/client';

type TestDb = { kind: 'pg'; base: string; template: string } | { kind: 'pglite'; file: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: string;
  }
}

export const testDbInfo = (): TestDb => JSON.parse(inject('testDb')) as TestDb;

export interface TestDatabase {
  db: Database;
  /** Opens another connection pool on the same database (a second app process), PostgreSQL only. */
  url: string | null;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const info = testDbInfo();
  if (info.kind === 'pg') {
    const name = `outfit_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: info.base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.template}`);
    await admin.end();
    const url = new URL(info.base);
    url.pathname = `/${name}`;
    const db = await openDatabase({ url: url.toString(), poolSize: 5 });
    return {
      db,
      url: url.toString(),
      async drop() {
        await db.close();
        const a = new pg.Client({ connectionString: info.base });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const blob = new Blob([fs.readFileSync(info.file)]);
  const lite = await createPglite(undefined, { loadDataDir: blob });
  const db = await openDatabase({ pglite: lite });
  return { db, url: null, drop: () => db.close() };
}
