import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { e2eState } from './support/state';

const KILL_AFTER_MS = 10_000;

/** Stops the app by its PID (SIGTERM, then SIGKILL after 10 s). */
async function stopServer(): Promise<void> {
  const server = e2eState.get()?.server;
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.warn(`[e2e] the app (pid ${server.pid}) did not stop within ${KILL_AFTER_MS / 1000} s: SIGKILL`);
    server.kill('SIGKILL');
  }, KILL_AFTER_MS);
  await exited;
  clearTimeout(timer);
}

export default async function globalTeardown(): Promise<void> {
  const state = e2eState.get();
  if (!state) return;
  try {
    await stopServer();
  } finally {
    await state.smtp.close();
    // The app's log stays for a look after a failed run (test-results/ is ignored by git).
    const results = path.join(import.meta.dirname, 'test-results');
    if (fs.existsSync(state.serverLog)) {
      fs.mkdirSync(results, { recursive: true });
      fs.copyFileSync(state.serverLog, path.join(results, 'server.log'));
    }
    if (state.database) {
      const client = new pg.Client({ connectionString: state.database.adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${state.database.name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    }
    fs.rmSync(state.tmpDir, { recursive: true, force: true });
    e2eState.set(undefined);
  }
}
