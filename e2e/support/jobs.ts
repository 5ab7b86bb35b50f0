import PgBoss from 'pg-boss';
import { ENV, requiredEnv } from './env';

/**
 * Queues one run of a job of the app under test, as its cron would (a daily job cannot be waited
 * for): through pg-boss on the app's own database, so the app's worker runs it. The app has no
 * route for it, and none is added for tests. PostgreSQL only (the PGlite run has no second client).
 */
export async function queueJob(name: string, data: object = {}): Promise<void> {
  const boss = new PgBoss({
    connectionString: requiredEnv(ENV.appDatabaseUrl),
    supervise: false,
    schedule: false,
    migrate: false,
  });
  boss.on('error', (err) => console.warn('pg-boss (e2e):', err));
  await boss.start();
  try {
    await boss.send(name, data);
  } finally {
    await boss.stop({ graceful: false, wait: false });
  }
}
