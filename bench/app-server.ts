/**
 * The real app (buildApp) listening on a port, in its own process, for the benchmark.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/app-server.ts
 *     the app alone, on an already migrated and seeded database (seed.ts).
 *
 *   node --import tsx bench/app-server.ts --pglite [--articles 100000] [--projects] [--portal] [--hours] [--leave]
 *   node --import tsx bench/app-server.ts --pglite --production <scale>
 *     PGlite cannot be shared between processes, so this one process creates an in-memory PGlite,
 *     migrates and seeds it (with a catalogue of that many articles for G3; or the whole production
 *     data set, bench/production.ts), and serves both the app and the baseline routes on it, on two
 *     ports. The ids the seeds made go to the runner in the ready message (ids.ts); with
 *     --production it also answers the runner's G5 request, which needs the database.
 *
 * Ports: APP_PORT / BASELINE_PORT (default 0: any free port); they are reported to the parent
 * over IPC, or printed as a JSON line when started by hand.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { type Baseline, pgliteSql, startBaseline } from './baseline-server.ts';
import { seedCatalogue } from './catalogue.ts';
import { isMain, onStop, tellParent } from './common.ts';
import { type G5Timings, measureG5 } from './g5.ts';
import { seedHours } from './hours.ts';
import type { BenchIds } from './ids.ts';
import { seedLeave } from './leave-card.ts';
import { seedPortal } from './portal.ts';
import { type ProductionSeed, productionSizes, seedProduction } from './production.ts';
import { seedProject } from './projects.ts';
import { seed } from './seed.ts';

export interface RunningApp {
  port: number;
  close(): Promise<void>;
}

/** buildApp with JOBS=false, LOG_LEVEL=warn, APP_MODE=demo (no seeding), NODE_ENV=production, http cookies. */
export async function startApp(db: Database, port = 0): Promise<RunningApp> {
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_MODE: 'demo',
    SEED_DEMO: 'false',
    JOBS: 'false',
    LOG_LEVEL: (process.env.LOG_LEVEL as string | undefined) ?? 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: 'http://127.0.0.1',
    COOKIE_SECURE: 'false',
    DATA_DIR: process.env.DATA_DIR ?? '/tmp/bench-data',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    ...(process.env.ANALYTICS_FLUSH_MS ? { ANALYTICS_FLUSH_MS: process.env.ANALYTICS_FLUSH_MS } : {}),
    // File storage (upload-memory.ts runs the app on disk and on a local S3).
    ...Object.fromEntries(
      ['STORAGE', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_FORCE_PATH_STYLE'].flatMap((k) =>
        process.env[k] ? [[k, process.env[k] as string]] : [],
      ),
    ),
  });
  const app = await buildApp({ config, db });
  await app.ready();
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    // onClose flushes the analytics buffer.
    close: () => app.close(),
  };
}

/** Seeds the in-memory PGlite as the argv asks; returns the ids the seeds made and, for --production, the parts' timings. */
async function seedPglite(db: Database): Promise<{ ids: Partial<BenchIds>; seeded?: ProductionSeed }> {
  const at = (flag: string) => {
    const i = process.argv.indexOf(flag);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const scale = at('--production');
  if (scale !== undefined) {
    const sizes = productionSizes(Number(scale), 'pglite');
    for (const note of sizes.notes) console.log(`PGlite: ${note}`);
    const seeded = await seedProduction(db, sizes);
    return { ids: seeded.ids, seeded };
  }
  const base = await seed(db);
  const ids: Partial<BenchIds> = { ...base.ids };
  const articles = at('--articles');
  if (articles) await seedCatalogue(db, Number(articles));
  if (process.argv.includes('--projects')) {
    const p = await seedProject(db);
    ids.project = { id: p.projectId, deckIds: p.deckIds, areaIds: p.areaIds };
  }
  if (process.argv.includes('--portal')) {
    const p = await seedPortal(db, { companyIds: base.ids.companyIds });
    ids.portal = { companyIds: p.companyIds, offsets: p.offsets };
  }
  if (process.argv.includes('--hours')) {
    const h = await seedHours(db);
    ids.hours = { employeeIds: h.employeeIds, filterProjectId: h.filterProjectId };
  }
  if (process.argv.includes('--leave')) ids.leave = { employeeIds: (await seedLeave(db)).employeeIds };
  return { ids };
}

/** Requests the runner sends a PGlite child, where the database is (--production: G5's timings). */
export type ChildRequest = { type: 'g5'; rounds: number; companyIds: number[]; cookie: string };
export type ChildAnswer = { type: 'g5-result'; timings: G5Timings } | { type: 'g5-error'; message: string };

async function main(): Promise<void> {
  const pglite = process.argv.includes('--pglite');
  const appPort = Number(process.env.APP_PORT ?? 0);
  let db: Database;
  let baseline: Baseline | null = null;
  let seeded: { ids: Partial<BenchIds>; seeded?: ProductionSeed } | null = null;
  if (pglite) {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    seeded = await seedPglite(db);
  } else {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is required, or --pglite');
    db = await openDatabase({ url, poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10), applicationName: 'bench-app' });
  }
  const app = await startApp(db, appPort);
  if (pglite && db.pglite) {
    baseline = await startBaseline(pgliteSql(db.pglite), Number(process.env.BASELINE_PORT ?? 0), {
      projectId: seeded?.ids.project?.id,
    });
    const lite = db.pglite;
    process.on('message', (m: ChildRequest) => {
      if (m.type !== 'g5') return;
      measureG5({
        db,
        query: (_name, text) => lite.query(text),
        reportBase: `http://127.0.0.1:${app.port}`,
        cookie: m.cookie,
        rounds: m.rounds,
        companyIds: m.companyIds,
      }).then(
        (timings) => process.send?.({ type: 'g5-result', timings } satisfies ChildAnswer),
        (err: unknown) => process.send?.({ type: 'g5-error', message: String(err) } satisfies ChildAnswer),
      );
    });
  }
  onStop(async () => {
    await app.close();
    await baseline?.close();
    await db.close();
  });
  tellParent({
    type: 'ready',
    ports: { app: app.port, ...(baseline ? { baseline: baseline.port } : {}) },
    ...(pglite ? { note: 'PGlite: app and baseline routes share this one process and one in-memory PGlite instance' } : {}),
    ...(seeded ? { ids: seeded.ids } : {}),
    ...(seeded?.seeded
      ? { seeded: { timings: seeded.seeded.timings, counts: seeded.seeded.counts, notes: seeded.seeded.notes } }
      : {}),
  });
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    tellParent({ type: 'error', message: String(err) });
    console.error(err);
    process.exit(1);
  });
}
