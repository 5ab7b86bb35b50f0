import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { isEmpty, seedDemo } from './demo/seed';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pgdata'),
    poolSize: config.databasePoolSize,
  });
  // Migrations may run under their own, more privileged role (O3).
  if (config.migrationDatabaseUrl && config.migrationDatabaseUrl !== config.databaseUrl) {
    const migrator = await openDatabase({ url: config.migrationDatabaseUrl, poolSize: 1, applicationName: 'outfitting-migrate' });
    await migrate(migrator);
    await migrator.close();
  } else {
    await migrate(db);
  }
  let seeded = false;
  if (config.seedDemo && config.mode === 'demo' && (await isEmpty(db))) {
    await seedDemo(db);
    seeded = true;
  }

  const app = await buildApp({ config, db });
  await app.ready();
  await app.platform.jobs.start();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.appUrl, database: db.driver, demoDataLoaded: seeded, mode: config.mode },
    `serving ${config.appUrl} on ${db.driver === 'pg' ? 'PostgreSQL' : `PGlite (${path.join(config.dataDir, 'pgdata')})`}`,
  );

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
