/**
 * A second app process that runs one article sync and exits; the SIGKILL test starts it with
 * `node --import tsx apps/server/test/helpers/sync-child.ts` and kills it part-way (D8, D9).
 * Configuration comes from the environment the parent passes: DATABASE_URL and the ERP_* settings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { runSyncNow } from '../../src/features/articles/sync.service';

async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    JOBS: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'outfit-sync-child-')),
  });
  const db = await openDatabase({ url: config.databaseUrl, poolSize: 2, applicationName: 'outfitting-sync-child' });
  const app = await buildApp({ config, db, jobs: 'inline', logger: { level: config.logLevel } });
  await app.ready();
  process.stdout.write('ready\n');
  const run = await runSyncNow(app.platform, 'manual');
  process.stdout.write(`${JSON.stringify(run)}\n`);
  await app.close();
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
