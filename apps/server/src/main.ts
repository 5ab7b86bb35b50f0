import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/startup';
import { seedBudgetsDemo } from './demo/budgets';
import { seedCatalogueDemo } from './demo/catalogue';
import { seedCompaniesDemo } from './demo/companies';
import { seedDrawingsDemo } from './demo/drawings';
import { type ErpStandin, startErpStandin } from './demo/erp-standin';
import { seedLeaveDemo } from './demo/leave';
import { seedOrdersDemo } from './demo/orders';
import { seedPeopleDemo } from './demo/people';
import { seedPlannerDemo } from './demo/planner';
import { seedProjectsDemo } from './demo/projects';
import { isEmpty, seedDemo } from './demo/seed';
import { seedTemplatesDemo } from './demo/templates';
import { seedTimelineDemo } from './demo/timeline';
import { runSyncNow } from './features/articles/sync.service';
import { loggerOptions } from './platform/logger';
import { Shutdown } from './shutdown';

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
  // Signals are handled from here on: one during the start-up stops the process after the step
  // in progress (a migration is never cut in half), with whatever was opened so far.
  const log = pino(loggerOptions(config) as pino.LoggerOptions);
  // O1: from the first SIGTERM or SIGINT to the exit, at most SHUTDOWN_GRACE_MS (10 s by default).
  const shutdown = new Shutdown({ log, deadlineMs: config.shutdownGraceMs });
  try {
    await start(config, shutdown, log);
  } catch (err) {
    shutdown.fail(err);
  }
}

async function start(initial: ReturnType<typeof loadConfig>, shutdown: Shutdown, log: pino.Logger): Promise<void> {
  let config = initial;
  // Demo without a real ERP: an in-process stand-in serves Exact's Items API on 127.0.0.1 (docs/erp.md).
  let standin: ErpStandin | null = null;
  if (config.mode === 'demo' && !config.erp.url) {
    standin = await startErpStandin({ size: config.erp.standinSize, port: config.erp.standinPort });
    const erp = standin;
    shutdown.onStop('erp-standin', 'closed the ERP stand-in', () => erp.close());
    config = { ...config, erp: { ...config.erp, url: standin.url, token: standin.token, division: standin.division } };
  }
  await shutdown.checkpoint();

  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pgdata'),
    poolSize: config.databasePoolSize,
    lockTimeoutMs: config.databaseLockTimeoutMs,
    // A restart of PostgreSQL under traffic is reported here and answered 503 (platform/errors.ts).
    log,
  });
  shutdown.onStop('database', 'closed the database', () => db.close());
  await shutdown.checkpoint();
  // Migrations may run under their own, more privileged role (O3).
  const migrator =
    config.migrationDatabaseUrl && config.migrationDatabaseUrl !== config.databaseUrl
      ? await openDatabase({
          url: config.migrationDatabaseUrl,
          poolSize: 1,
          applicationName: 'outfitting-migrate',
          log,
          // A migration may wait for the locks it needs (the start-up lock keeps other starts out).
          lockTimeoutMs: 0,
        })
      : undefined;
  // Migrations and the demo seed under one lock: processes starting together on an empty
  // database take turns, and only the one that loaded the demo loads the rest of it below.
  let seeded = false;
  try {
    ({ seeded } = await prepareDatabase(db, {
      migrator,
      checkpoint: () => shutdown.checkpoint(),
      seed: async (db) => {
        if (config.seedDemo && config.mode === 'demo' && (await isEmpty(db))) return await seedDemo(db);
        return false;
      },
    }));
  } finally {
    await migrator?.close();
  }
  await shutdown.checkpoint();

  const app = await buildApp({ config, db });
  shutdown.log = app.log;
  // Stops taking requests (503, then the listener closes), finishes the ones in flight, then
  // writes the buffered analytics, and stops the session writer and the jobs (app.ts onClose).
  shutdown.onStop('app', 'drained the requests in flight, wrote the buffered events and stopped the jobs', async () => {
    app.log.info({ bufferedEvents: app.platform.analytics.pending }, 'draining the requests in flight');
    await app.close();
  });
  await app.ready();
  await shutdown.checkpoint();
  // The origin only: a URL may carry credentials, and the token is never logged.
  const erpOrigin = config.erp.url ? new URL(config.erp.url).origin : null;
  app.log.info(
    { event: 'erp.configured', erp: standin ? 'stand-in' : erpOrigin ? 'external' : 'none', origin: erpOrigin },
    standin
      ? `ERP: the stand-in at ${standin.url} with ${config.erp.standinSize} articles (control: POST ${standin.url}/__control)`
      : erpOrigin
        ? `ERP: ${erpOrigin}, division ${config.erp.division}`
        : 'ERP: not configured (ERP_URL); article syncs will fail',
  );
  if (seeded) {
    // The demo starts with articles: one sync now, before anyone can press Sync Articles.
    try {
      const run = await runSyncNow(app.platform, 'schedule');
      app.log.info({ event: 'demo.articles', runId: run.id, status: run.status, created: run.created }, 'demo articles synced');
    } catch (err) {
      app.log.error({ err }, 'the first article sync failed; the demo starts without articles');
    }
    // Then the enriched, published products (made from those articles) with their images.
    const started = Date.now();
    await seedCatalogueDemo({ db, storage: app.platform.storage, log: app.log });
    app.log.info({ event: 'demo.catalogue', ms: Date.now() - started }, 'demo catalogue loaded');
    // Then the projects, which order from that catalogue (they log their own figures).
    await seedProjectsDemo({ db, storage: app.platform.storage, log: app.log });
    await seedTemplatesDemo({ db, log: app.log });
    await seedTimelineDemo({ db, log: app.log });
    await seedPlannerDemo({ db, log: app.log });
    await seedCompaniesDemo({ db, log: app.log });
    await seedOrdersDemo({ db, storage: app.platform.storage, log: app.log });
    await seedDrawingsDemo({ db, storage: app.platform.storage, log: app.log });
    await seedPeopleDemo({ db, storage: app.platform.storage, log: app.log });
    await seedLeaveDemo({ db, log: app.log });
    await seedBudgetsDemo({ db, log: app.log });
  }
  await shutdown.checkpoint();
  await app.platform.jobs.start();
  await shutdown.checkpoint();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.appUrl, database: db.driver, demoDataLoaded: seeded, mode: config.mode },
    `serving ${config.appUrl} on ${db.driver === 'pg' ? 'PostgreSQL' : `PGlite (${path.join(config.dataDir, 'pgdata')})`}`,
  );
  await shutdown.started();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
