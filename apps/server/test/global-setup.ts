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
      // Every copy of the template a file did not drop (the spare each worker made for a next file
      // that never came, or one left by a failed file), then the template itself. A copy or a drop a
      // worker started as it exited goes on in its server process: wait for those first.
      const pattern = `${template}\\_%`;
      for (let waited = 0; waited < 30_000; waited += 200) {
        const busy = await admin.query(
          "SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND query ~* '^(CREATE|DROP) DATABASE' AND query LIKE $1",
          [`%${template}%`],
        );
        if (busy.rowCount === 0) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const copies = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [pattern]);
      for (const { datname } of copies.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
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
