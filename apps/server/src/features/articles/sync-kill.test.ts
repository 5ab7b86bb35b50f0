import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, createClock, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { articleCounts, erpColumnsHash, erpEnv, stagingCount } from '../../../test/helpers/erp';
import { syncRuns } from '../../db/schema';
import { type ErpStandin, startErpStandin } from '../../demo/erp-standin';
import { runSyncNow } from './sync.service';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const SIZE = 20_000;
// A second process needs a database server: PGlite lives inside one process.
const onPg = process.env.TEST_DB === 'pg';

let tdb: TestDatabase;
let clean: TestDatabase;
let erp: ErpStandin;
let t: TestApp;
let cleanApp: TestApp;
let admin: Agent;

beforeAll(async () => {
  if (!onPg) return;
  tdb = await createTestDatabase();
  clean = await createTestDatabase();
  erp = await startErpStandin({ size: SIZE, pageSize: 1000 });
  // The real time: the killed process writes heartbeats with the system clock.
  const clock = createClock(new Date());
  t = await startTestApp({ db: tdb.db, clock, env: erpEnv(erp, { ERP_TIMEOUT_MS: '5000' }) });
  cleanApp = await startTestApp({ db: clean.db, clock, env: erpEnv(erp, { ERP_TIMEOUT_MS: '5000' }) });
  const a = await createEmployee(tdb.db, { admin: true });
  admin = t.agent();
  await admin.login(a.email, a.password);
});
afterAll(async () => {
  if (!onPg) return;
  await t?.close();
  await cleanApp?.close();
  await erp?.close();
  await tdb?.drop();
  await clean?.drop();
});

function startChild(): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/helpers/sync-child.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: tdb.url ?? '', ...erpEnv(erp, { ERP_TIMEOUT_MS: '5000' }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.resume();
  child.stderr?.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}

async function latestRun() {
  return (await tdb.db.orm.select().from(syncRuns).orderBy(desc(syncRuns.id)).limit(1))[0];
}

/** Polls until the child's run is in the phase wanted (or gives up after 60 s). */
async function waitFor(pred: (r: NonNullable<Awaited<ReturnType<typeof latestRun>>>) => boolean, since: number) {
  for (let i = 0; i < 6000; i++) {
    const r = await latestRun();
    if (r && r.id > since && pred(r)) return r;
    await new Promise((res) => setTimeout(res, 10));
  }
  throw new Error('the child never reached the phase');
}

/** The sync as the clean reference database would see the same feed, without any kill. */
async function cleanRun() {
  const run = await runSyncNow(cleanApp.app.platform, 'manual');
  expect(run.status).toBe('succeeded');
  return erpColumnsHash(clean.db);
}

/** After a kill: the killed run blocks for 2 minutes, then the next trigger closes it and completes. */
async function recover(killedRunId: number) {
  t.clock.set(new Date());
  const blocked = await admin.post('/api/articles/sync', {});
  expect(blocked.statusCode).toBe(409);
  t.clock.advance(3 * 60_000);
  const res = await admin.post('/api/articles/sync', {});
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().data.status).toBe('succeeded');
  const killed = (await tdb.db.orm.select().from(syncRuns).where(sql`${syncRuns.id} = ${killedRunId}`))[0];
  expect(killed).toMatchObject({ status: 'failed', error: 'INTERRUPTED', phase: 'done' });
  expect(await stagingCount(tdb.db)).toBe(0);
  expect((await articleCounts(tdb.db)).duplicates).toBe(0);
}

describe('a sync process killed part-way (D8, D9)', () => {
  it.runIf(onPg)(
    'D8 (#3: PostgreSQL only, a second process needs a database server): kill -9 while fetching or applying leaves no duplicates, the killed run is closed as INTERRUPTED, and the next run reaches the clean state',
    async () => {
      // The starting point, on both databases.
      expect((await admin.post('/api/articles/sync', {})).json().data.created).toBe(SIZE);
      await cleanRun();
      const base = await erpColumnsHash(tdb.db);

      // 1. Killed while fetching: a slow ERP keeps the child in the fetching phase.
      erp.set({ revision: 1, drop: [1, 2, 3, 500, 19_999], latencyMs: 40 });
      let before = (await latestRun())?.id ?? 0;
      let { child, exited } = startChild();
      let seen = await waitFor((r) => r.status === 'running' && r.fetched > 0, before);
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 300)));
      child.kill('SIGKILL');
      await exited;
      const afterFetchKill = await latestRun();
      expect(afterFetchKill).toMatchObject({ id: seen.id, status: 'running', phase: 'fetching' });
      expect(await erpColumnsHash(tdb.db)).toEqual(base);
      erp.set({ latencyMs: 0 });
      await recover(seen.id);
      const expected1 = await cleanRun();
      expect(await erpColumnsHash(tdb.db)).toEqual(expected1);
      expect(expected1).not.toEqual(base);

      // 2. Killed in the apply transaction (or just after it committed: the kill moment is random).
      erp.set({ revision: 2, drop: [7, 8, 9], dropEvery: 0 });
      const beforeApply = await erpColumnsHash(tdb.db);
      before = (await latestRun())?.id ?? 0;
      ({ child, exited } = startChild());
      seen = await waitFor((r) => r.phase === 'applying' || r.phase === 'done', before);
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 60)));
      child.kill('SIGKILL');
      await exited;
      const afterApplyKill = await latestRun();
      console.info(`killed at phase ${seen.phase}; the run is now ${afterApplyKill?.status}`);
      const expected2 = await cleanRun();
      if (afterApplyKill?.status === 'running') {
        // All or nothing: the transaction died with the process.
        expect(await erpColumnsHash(tdb.db)).toEqual(beforeApply);
        await recover(seen.id);
      } else {
        // The kill came after the commit: the run and its changes are both there.
        expect(afterApplyKill).toMatchObject({ status: 'succeeded' });
        expect(await erpColumnsHash(tdb.db)).toEqual(expected2);
        expect((await admin.post('/api/articles/sync', {})).json().data).toMatchObject({
          status: 'succeeded',
          updated: 0,
          created: 0,
        });
      }
      expect(await erpColumnsHash(tdb.db)).toEqual(expected2);
      expect(await articleCounts(tdb.db)).toEqual({ live: SIZE - 3, deleted: 3, duplicates: 0 });
    },
    180_000,
  );
});
