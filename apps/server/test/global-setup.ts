import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPglite, openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';

/**
 * Migrates one template database per run: on PostgreSQL a real template database, on PGlite a
 * dumped data directory. Every test file then starts from its own copy of it.
 */
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const kind = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';
  if (kind === 'pg') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
    const template = `outfit_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(base);
    url.pathname = `/${template}`;
    const db = await openDatabase({ url: url.toString(), poolSize: 1 });
    await migrate(db);
    await db.close();
    provide('testDb', JSON.stringify({ kind, base, template }));
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
    };
  }
  const lite = await createPglite();
  const db = await openDatabase({ pglite: lite });
  await migrate(db);
  const dump = await lite.dumpDataDir('none');
  await lite.close();
  const file = path.join(os.tmpdir(), `outfit-pglite-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  provide('testDb', JSON.stringify({ kind, file }));
  return () => fs.rmSync(file, { force: true });
}
