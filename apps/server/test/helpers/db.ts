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

/** Copies the run's template into a new database named `<template>_<random>` and answers its name. */
async function cloneTemplate(info: { base: string; template: string }): Promise<string> {
  const name = `${info.template}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.template}`);
    // A test database outlives no crash of the server: commits need not wait for the WAL flush.
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return name;
}

async function dropDatabase(base: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * The copy the next test file of this worker will get, made while the current file runs: a copy
 * takes most of a second of the database server's disk time, during which the worker would only
 * wait. The server tests share one module graph per worker (vitest.config.ts), so this outlives
 * the file; the run's teardown (global-setup.ts) drops a copy no file took.
 */
let spare: Promise<string | null> | null = null;

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const info = testDbInfo();
  if (info.kind === 'pg') {
    const name = (await spare) ?? (await cloneTemplate(info));
    spare = cloneTemplate(info).catch(() => null);
    const url = new URL(info.base);
    url.pathname = `/${name}`;
    const db = await openDatabase({ url: url.toString(), poolSize: 5 });
    return {
      db,
      url: url.toString(),
      async drop() {
        await db.close();
        // Not waited for: the next file need not wait on the disk either. What a worker leaves
        // undropped when it exits, the run's teardown drops.
        void dropDatabase(info.base, name).catch(() => {});
      },
    };
  }
  const blob = new Blob([fs.readFileSync(info.file)]);
  const lite = await createPglite(undefined, { loadDataDir: blob });
  const db = await openDatabase({ pglite: lite });
  return { db, url: null, drop: () => db.close() };
}
