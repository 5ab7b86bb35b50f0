import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ENV } from './support/env';
import { startSmtpSink } from './support/smtp-sink';
import { type E2eState, e2eState } from './support/state';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(p: string): number {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let t = 0;
  for (const entry of fs.readdirSync(p)) {
    // Unit tests next to the sources are not part of the bundle.
    if (entry === 'node_modules' || entry === 'dist' || /\.test\.tsx?$/.test(entry)) continue;
    t = Math.max(t, newestMtime(path.join(p, entry)));
  }
  return t;
}

/** Builds the web app when apps/web/dist is missing or older than its sources (the server serves it). */
function ensureWebBuild(): void {
  const index = path.join(root, 'apps/web/dist/index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/sw',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/shared/src',
  ];
  const changedAt = Math.max(
    ...sources
      .map((s) => path.join(root, s))
      .filter(fs.existsSync)
      .map(newestMtime),
  );
  if (builtAt >= changedAt) return;
  console.log(builtAt ? '[e2e] the web build is older than its sources: building…' : '[e2e] no web build yet: building…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm run build -w @app/web failed (exit ${r.status})`);
}

/**
 * Builds the server bundle when apps/server/dist/main.js is missing or older than its sources:
 * the browser tests run the compiled server, as production does (apps/server/scripts/build.mjs).
 */
function ensureServerBuild(): void {
  const r = spawnSync(process.execPath, ['apps/server/scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`the server build failed (exit ${r.status ?? r.signal})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A fresh, empty database on the server E2E_DATABASE_URL names (dropped again in the teardown). */
async function createDatabase(adminUrl: string): Promise<{ name: string; url: string }> {
  const name = `e2e_${Date.now()}_${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function waitForHealth(baseUrl: string, server: ChildProcess, log: () => string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the app exited during start-up (${server.exitCode ?? server.signalCode}):\n${log()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer GET /api/health with 200 within ${timeoutMs} ms:\n${log()}`);
}

/**
 * Starts everything the browser tests need: the web build, the server build, an SMTP sink, and the
 * compiled app as one child process on a fresh data folder (PGlite, or a fresh database when
 * E2E_DATABASE_URL is set), with the demo data loaded on its first start.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  ensureWebBuild();
  ensureServerBuild();

  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outfitting-e2e-'));
  const mailDir = path.join(tmpDir, 'mail');
  const smtp = await startSmtpSink(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The demo's stand-in ERP listens on a known port, so the tests can change its settings.
  const erpPort = await freePort();

  let database: E2eState['database'] = null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    APP_MODE: 'demo',
    DATA_DIR: path.join(tmpDir, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Outfitting Portal <no-reply@outfitting.test>',
    LOG_LEVEL: 'warn',
    ERP_STANDIN_PORT: String(erpPort),
    // No nightly sync that could start in the middle of a test.
    ERP_SYNC_CRON: 'off',
  };
  // Settings of the developer's own shell must not leak into the app under test.
  for (const key of [
    'DATABASE_URL',
    'MIGRATION_DATABASE_URL',
    'WEB_DIST',
    'SEED_DEMO',
    'JOBS',
    'TRUST_PROXY',
    'COOKIE_SECURE',
    // A real ERP would replace the stand-in; its size and timings are the demo's defaults here.
    'ERP_URL',
    'ERP_TOKEN',
    'ERP_DIVISION',
    'ERP_TIMEOUT_MS',
    'ERP_RETRIES',
    'ERP_RETRY_BASE_MS',
    'ERP_STANDIN_SIZE',
  ]) {
    delete env[key];
  }
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (adminUrl) {
    const db = await createDatabase(adminUrl);
    database = { adminUrl, name: db.name };
    env.DATABASE_URL = db.url;
  }

  const serverLog = path.join(tmpDir, 'server.log');
  const logStream = fs.createWriteStream(serverLog);
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    logStream.write(chunk);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  server.on('exit', () => logStream.end());

  e2eState.set({ server, serverLog, smtp, tmpDir, database });
  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (err) {
    // Playwright skips the global teardown when the setup fails: clean up here.
    const { default: globalTeardown } = await import('./global-teardown');
    await globalTeardown();
    throw err;
  }

  process.env[ENV.baseUrl] = baseUrl;
  if (env.DATABASE_URL) process.env[ENV.appDatabaseUrl] = env.DATABASE_URL;
  process.env[ENV.mailDir] = mailDir;
  process.env[ENV.erpControl] = `http://127.0.0.1:${erpPort}/__control`;
  console.log(
    `[e2e] app on ${baseUrl} (${database ? `PostgreSQL database ${database.name}` : 'PGlite'}), SMTP sink on port ${smtp.port}, stand-in ERP on port ${erpPort}: migrated, demo loaded and serving in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
