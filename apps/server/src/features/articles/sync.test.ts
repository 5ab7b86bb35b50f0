import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import {
  articleCounts,
  articleCountsDrift,
  erpColumnsHash,
  erpEnv,
  rowVersions,
  stagingCount,
  startErpTestApp,
} from '../../../test/helpers/erp';
import { auditRows } from '../../../test/helpers/rows';
import { articles, media, syncRuns } from '../../db/schema';
import { type ErpStandin, standinGuid, startErpStandin } from '../../demo/erp-standin';
import type { ErpArticle, ErpPage } from './erp-client';
import { runSyncNow, sweepSyncRuns } from './sync.service';

let tdb: TestDatabase;
let env: Awaited<ReturnType<typeof startErpTestApp>>;
let t: TestApp;
let erp: ErpStandin;
let admin: Agent;
let adminAccountId: number;
let token: string;

const SIZE = 5000;
const DEFAULT_FEED = {
  size: SIZE,
  pageSize: 500,
  latencyMs: 0,
  failPages: [],
  failTimes: null,
  timeoutPages: [],
  malformedPages: [],
  truncateAt: null,
  truncateClaimsFull: true,
  drop: [],
  dropEvery: 0,
  revision: 0,
  overrides: {},
  nextOrigin: null,
};

beforeAll(async () => {
  tdb = await createTestDatabase();
  env = await startErpTestApp({ db: tdb.db, erp: DEFAULT_FEED });
  t = env.t;
  erp = env.erp;
  token = erp.token;
  const a = await createEmployee(tdb.db, { admin: true });
  adminAccountId = a.accountId;
  admin = t.agent();
  await admin.login(a.email, a.password);
});
afterAll(async () => {
  await env?.close();
  await tdb?.drop();
});

/** Each test starts from an empty catalogue and history, and the feed's defaults. */
beforeEach(async () => {
  await tdb.db.orm.execute(sql`TRUNCATE sync_staging, sync_runs, article_media, articles RESTART IDENTITY CASCADE`);
  erp.set({ ...DEFAULT_FEED, token });
  erp.resetStats();
});

interface Run {
  id: number;
  status: string;
  phase: string;
  trigger: string;
  triggeredBy: string | null;
  fetched: number;
  expected: number | null;
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  error: string | null;
  errorDetail: string | null;
  finishedAt: string | null;
}

/** Presses Sync Articles; jobs run inline in tests, so the run has finished when this returns. */
async function sync(who: Agent = admin): Promise<Run> {
  const res = await who.post('/api/articles/sync', {});
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data as Run;
}

async function storedRun(id: number) {
  const rows = await tdb.db.orm.select().from(syncRuns).where(eq(syncRuns.id, id));
  return rows[0];
}

describe('a full sync (D8, G4)', () => {
  it('D8: the first run creates every article with the mapped ERP fields and records the run', async () => {
    const started = Date.now();
    const run = await sync();
    // A timing print for the report; no assertion on time.
    console.info(`sync of ${SIZE} articles on ${tdb.db.driver}: ${Date.now() - started} ms`);
    expect(run).toMatchObject({
      status: 'succeeded',
      phase: 'done',
      trigger: 'manual',
      fetched: SIZE,
      expected: SIZE,
      created: SIZE,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      error: null,
    });
    expect(run.triggeredBy).toMatch(/^Test Employee /);
    expect(run.finishedAt).not.toBeNull();
    expect(await articleCounts(tdb.db)).toEqual({ live: SIZE, deleted: 0, duplicates: 0 });
    expect(await stagingCount(tdb.db)).toBe(0);
    expect(erp.stats().requests).toBe(SIZE / 500);

    const [a0] = await tdb.db.orm
      .select()
      .from(articles)
      .where(eq(articles.erpId, standinGuid(0)));
    const item = erp.item(0);
    expect(a0).toMatchObject({
      sku: item.Code,
      name: item.Description,
      description: null, // index 0 has no ExtraDescription
      typeCode: 'STOEL',
      typeName: 'Stoelen',
      unit: 'stuk',
      supplierCode: item.MainSupplierCode,
      supplierName: item.MainSupplierName,
      status: 'active',
      lengthMm: item.FreeNumberField_01,
      widthMm: item.FreeNumberField_02,
      heightMm: item.FreeNumberField_03,
      weightKg: item.NetWeight,
      costPrice: (item.CostPriceStandard as number).toFixed(4),
      usage: null,
      version: 1,
      deletedAt: null,
    });
    expect(a0?.erpModifiedAt?.toISOString()).toBe('2025-01-06T08:00:00.000Z');
    const statusOf = async (i: number) =>
      (
        await tdb.db.orm
          .select({ s: articles.status })
          .from(articles)
          .where(eq(articles.erpId, standinGuid(i)))
      )[0]?.s;
    expect(await statusOf(7)).toBe('discontinued'); // EndDate in the past
    expect(await statusOf(11)).toBe('active'); // EndDate in the future
    expect(await statusOf(5)).toBe('blocked'); // not a sales item
    // Carpet has no dimensions in the ERP: zero means unknown.
    const [carpet] = await tdb.db.orm
      .select()
      .from(articles)
      .where(eq(articles.erpId, standinGuid(6)));
    expect(carpet).toMatchObject({ typeCode: 'TAPIJT', lengthMm: null, widthMm: null, heightMm: null });

    const audits = await auditRows(tdb.db, 'articles.sync-started');
    expect(audits.at(-1)).toMatchObject({ accountId: adminAccountId, subjectType: 'sync_run', subjectId: String(run.id) });
  });

  it('G4: a rerun with the same feed reports every article unchanged and rewrites no row', async () => {
    await sync();
    const before = await rowVersions(tdb.db);
    const hash = await erpColumnsHash(tdb.db);
    t.clock.advance(60_000);
    const run = await sync();
    expect(run).toMatchObject({ status: 'succeeded', created: 0, updated: 0, unchanged: SIZE, deleted: 0 });
    // xmin changes whenever PostgreSQL writes a new row version, even with equal values.
    expect(await rowVersions(tdb.db)).toEqual(before);
    expect(await erpColumnsHash(tdb.db)).toEqual(hash);
  });

  it('G4: changed ERP fields update exactly the changed rows', async () => {
    await sync();
    const before = await rowVersions(tdb.db);
    erp.set({ revision: 1 }); // every 10th article: a higher price and a newer Modified
    t.clock.advance(60_000);
    const run = await sync();
    expect(run).toMatchObject({ status: 'succeeded', created: 0, updated: SIZE / 10, unchanged: SIZE - SIZE / 10 });
    const after = await rowVersions(tdb.db);
    for (let i = 0; i < SIZE; i += 1) {
      const id = standinGuid(i);
      if (i % 10 === 0) expect(after.get(id), `article ${i}`).not.toBe(before.get(id));
      else if (after.get(id) !== before.get(id)) throw new Error(`article ${i} was rewritten`);
    }
    const [a10] = await tdb.db.orm
      .select()
      .from(articles)
      .where(eq(articles.erpId, standinGuid(10)));
    expect(a10?.costPrice).toBe((erp.item(10).CostPriceStandard as number).toFixed(4));
    expect(a10?.syncedAt.toISOString()).toBe(t.clock().toISOString());
  });
});

describe('staff-owned fields (D10)', () => {
  it('D10: usage, specifications, options, impression and media survive a sync that changes the ERP fields', async () => {
    await sync();
    const [row] = await tdb.db.orm
      .select()
      .from(articles)
      .where(eq(articles.erpId, standinGuid(20)));
    if (!row) throw new Error('article 20 missing');
    const mediaRows = await tdb.db.orm
      .insert(media)
      .values(
        [1, 2].map((n) => ({
          storageKey: `test-${randomBytes(6).toString('hex')}`,
          originalName: `foto-${n}.jpg`,
          mime: 'image/jpeg',
          size: 1000,
        })),
      )
      .returning({ id: media.id });
    const ids = mediaRows.map((m) => m.id);
    const patch = await admin.patch(`/api/articles/${row.id}`, {
      usage: 'Passagiershutten dek 4-9',
      specifications: 'IMO FTP Part 8',
      options: 'Ook in eiken',
      impressionMediaId: ids[1],
      mediaIds: ids,
      version: 1,
    });
    expect(patch.statusCode, patch.body).toBe(200);

    erp.set({ revision: 2, overrides: { '20': { Description: 'Eetkamerstoel hernoemd', ExtraDescription: 'Nieuw' } } });
    t.clock.advance(60_000);
    const run = await sync();
    expect(run).toMatchObject({ status: 'succeeded', updated: SIZE / 10 });

    const [after] = await tdb.db.orm.select().from(articles).where(eq(articles.id, row.id));
    expect(after).toMatchObject({
      name: 'Eetkamerstoel hernoemd',
      description: 'Nieuw',
      costPrice: (erp.item(20).CostPriceStandard as number).toFixed(4),
      usage: 'Passagiershutten dek 4-9',
      specifications: 'IMO FTP Part 8',
      options: 'Ook in eiken',
      impressionMediaId: ids[1],
      version: 2, // the sync never bumps the staff version, so an open edit form is not made stale
    });
    const detail = (await admin.get(`/api/articles/${row.id}`)).json().data;
    expect(detail.media.map((m: { id: number }) => m.id)).toEqual(ids);
    expect(detail.impression.id).toBe(ids[1]);
  });
});

describe('articles the ERP no longer lists (D9)', () => {
  it('D9: an article missing from a complete listing is soft-deleted, shows in the deleted tab, and returns when listed again', async () => {
    await sync();
    erp.set({ drop: [3, 4] });
    t.clock.advance(60_000);
    const run = await sync();
    expect(run).toMatchObject({ status: 'succeeded', fetched: SIZE - 2, deleted: 2, created: 0, updated: 0 });
    expect(await articleCounts(tdb.db)).toEqual({ live: SIZE - 2, deleted: 2, duplicates: 0 });
    expect(await articleCountsDrift(tdb.db)).toEqual([]);

    const deletedTab = (await admin.get('/api/articles?tab=deleted')).json();
    expect(deletedTab.meta.total).toBe(2);
    expect(deletedTab.data.map((a: { erpId: string }) => a.erpId).sort()).toEqual([standinGuid(3), standinGuid(4)].sort());
    expect(deletedTab.data[0].deletedAt).toBe(t.clock().toISOString());
    expect((await admin.get('/api/articles')).json().meta.total).toBe(SIZE - 2);

    erp.set({ drop: [] });
    t.clock.advance(60_000);
    const back = await sync();
    expect(back).toMatchObject({ status: 'succeeded', created: 0, updated: 2, deleted: 0, unchanged: SIZE - 2 });
    expect(await articleCounts(tdb.db)).toEqual({ live: SIZE, deleted: 0, duplicates: 0 });
    expect(await articleCountsDrift(tdb.db)).toEqual([]);
  });

  it('D9: a short feed (50 %) aborts as SHORT_FEED and deletes nothing, announced count or not', async () => {
    await sync();
    const hash = await erpColumnsHash(tdb.db);
    const versions = await rowVersions(tdb.db);

    erp.set({ truncateAt: SIZE / 2, truncateClaimsFull: false });
    const quiet = await sync();
    expect(quiet).toMatchObject({ status: 'aborted', phase: 'done', error: 'SHORT_FEED', fetched: SIZE / 2, deleted: 0 });
    expect(quiet.errorDetail).toMatch(/90 %/);

    erp.set({ truncateClaimsFull: true });
    const announced = await sync();
    expect(announced).toMatchObject({ status: 'aborted', error: 'SHORT_FEED', expected: SIZE, fetched: SIZE / 2 });
    expect(announced.errorDetail).toMatch(/announced 5000/);

    // A complete listing that lost half the articles is just as suspect.
    erp.set({ truncateAt: null, dropEvery: 2 });
    const halved = await sync();
    expect(halved).toMatchObject({ status: 'aborted', error: 'SHORT_FEED', expected: SIZE / 2, deleted: 0 });

    expect(await erpColumnsHash(tdb.db)).toEqual(hash);
    expect(await rowVersions(tdb.db)).toEqual(versions);
    expect(await stagingCount(tdb.db)).toBe(0);
  });

  it('D9: an empty feed aborts while articles exist; 10 % fewer is still applied', async () => {
    await sync();
    erp.set({ size: 0 });
    const empty = await sync();
    expect(empty).toMatchObject({ status: 'aborted', error: 'SHORT_FEED', fetched: 0, deleted: 0 });
    expect(await articleCounts(tdb.db)).toEqual({ live: SIZE, deleted: 0, duplicates: 0 });

    erp.set({ size: SIZE, dropEvery: 10 });
    const fewer = await sync();
    expect(fewer).toMatchObject({ status: 'succeeded', fetched: SIZE * 0.9, deleted: SIZE / 10 });
  });
});

describe('ERP failures (D11)', () => {
  it('D11: a page that never answers is tried 4 times (3 retries), then the run fails and nothing changes', async () => {
    await sync();
    const hash = await erpColumnsHash(tdb.db);
    const versions = await rowVersions(tdb.db);
    erp.set({ revision: 3, drop: [1, 2, 3], timeoutPages: [3] });
    erp.resetStats();
    const run = await sync();
    expect(run).toMatchObject({ status: 'failed', phase: 'done', error: 'ERP_TIMEOUT', fetched: 1500 });
    expect(run.errorDetail).toMatch(/400 ms/);
    expect(erp.stats().byPage[3]).toBe(4);
    expect(erp.stats().byPage[4]).toBeUndefined();
    expect(await erpColumnsHash(tdb.db)).toEqual(hash);
    expect(await rowVersions(tdb.db)).toEqual(versions);
    expect(await stagingCount(tdb.db)).toBe(0);
    expect(t.logText()).toContain('"event":"articles.sync-retry"');
  });

  it('D11: answers of 500 are retried, and a page that recovers within the retries completes the run', async () => {
    erp.set({ failPages: [1], failTimes: 2 });
    const run = await sync();
    expect(run).toMatchObject({ status: 'succeeded', created: SIZE });
    expect(erp.stats().byPage[1]).toBe(3);
  });

  it('D11: an ERP that keeps answering 500 fails the run as ERP_UNAVAILABLE after 3 retries', async () => {
    erp.set({ failPages: [0] });
    const run = await sync();
    expect(run).toMatchObject({ status: 'failed', error: 'ERP_UNAVAILABLE', fetched: 0 });
    expect(run.errorDetail).toMatch(/HTTP 500/);
    expect(erp.stats().byPage[0]).toBe(4);
    expect(await articleCounts(tdb.db)).toEqual({ live: 0, deleted: 0, duplicates: 0 });
  });

  it('D11: a 401 from the ERP fails the run at once, without retries', async () => {
    await sync();
    const hash = await erpColumnsHash(tdb.db);
    erp.set({ token: 'a-token-we-do-not-have' });
    erp.resetStats();
    const run = await sync();
    expect(run).toMatchObject({ status: 'failed', error: 'ERP_UNAVAILABLE' });
    expect(run.errorDetail).toMatch(/refused the token \(HTTP 401\)/);
    expect(erp.stats()).toMatchObject({ requests: 1, unauthorized: 1 });
    expect(await erpColumnsHash(tdb.db)).toEqual(hash);
  });

  it('a malformed page fails the run as ERP_BAD_RESPONSE and nothing is applied', async () => {
    erp.set({ malformedPages: [2] });
    const run = await sync();
    expect(run).toMatchObject({ status: 'failed', error: 'ERP_BAD_RESPONSE', fetched: 1000 });
    expect(run.errorDetail).toMatch(/item 0 of the page is invalid \(Code\)/);
    expect(erp.stats().byPage[2]).toBe(1);
    expect(await articleCounts(tdb.db)).toEqual({ live: 0, deleted: 0, duplicates: 0 });
    expect(await stagingCount(tdb.db)).toBe(0);
  });

  it('a next-page link to another origin is refused: our token never goes there', async () => {
    const foreign = await startErpStandin({ size: SIZE, pageSize: 500, token });
    try {
      erp.set({ nextOrigin: foreign.url });
      const run = await sync();
      expect(run).toMatchObject({ status: 'failed', error: 'ERP_BAD_RESPONSE', fetched: 500 });
      expect(run.errorDetail).toMatch(/next-page link leaves/);
      expect(foreign.stats().requests).toBe(0);
      expect(await articleCounts(tdb.db)).toEqual({ live: 0, deleted: 0, duplicates: 0 });
    } finally {
      await foreign.close();
    }
  });

  it('without a configured ERP the run fails as ERP_UNAVAILABLE', async () => {
    const bare = await startTestApp({ db: tdb.db, clock: t.clock });
    try {
      const run = await runSyncNow(bare.app.platform, 'manual');
      expect(run).toMatchObject({ status: 'failed', error: 'ERP_UNAVAILABLE', errorDetail: expect.stringMatching(/ERP_URL/) });
    } finally {
      await bare.close();
    }
  });
});

describe('one run at a time (D8)', () => {
  it('D8: a second trigger while a run is queued or running answers 409 ARTICLE_SYNC_RUNNING', async () => {
    const queued = await startErpTestApp({
      db: tdb.db,
      jobs: 'deferred',
      clock: t.clock,
      erp: { ...DEFAULT_FEED, size: 400, pageSize: 100, latencyMs: 150, token },
    });
    try {
      const a = await createEmployee(tdb.db, { permissions: ['articles.sync', 'articles.view'] });
      const who = queued.t.agent();
      await who.login(a.email, a.password);
      const first = await who.post('/api/articles/sync', {});
      expect(first.statusCode).toBe(202);
      expect(first.json().data).toMatchObject({ status: 'queued', phase: 'queued', fetched: 0 });

      const again = await who.post('/api/articles/sync', {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ARTICLE_SYNC_RUNNING', details: { runId: first.json().data.id } });

      const draining = queued.t.jobs?.drain();
      let seen: Run | undefined;
      for (let i = 0; i < 100; i++) {
        seen = (await who.get(`/api/articles/sync/runs/${first.json().data.id}`)).json().data;
        if (seen?.status === 'running' && (seen.fetched ?? 0) > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen).toMatchObject({ status: 'running', phase: 'fetching' });
      expect(seen?.expected).toBe(400);
      const during = await who.post('/api/articles/sync', {});
      expect(during.statusCode).toBe(409);
      await draining;
      expect(await storedRun(first.json().data.id)).toMatchObject({ status: 'succeeded', created: 400 });
      expect((await tdb.db.orm.select().from(syncRuns)).length).toBe(1);
    } finally {
      await queued.close();
    }
  });

  it('D8: two triggers at the same moment start one run', async () => {
    const queued = await startErpTestApp({
      db: tdb.db,
      jobs: 'deferred',
      clock: t.clock,
      erp: { ...DEFAULT_FEED, size: 10, token },
    });
    try {
      const a = await createEmployee(tdb.db, { permissions: ['articles.sync'] });
      const [one, two] = [queued.t.agent(), queued.t.agent()];
      await one.login(a.email, a.password);
      await two.login(a.email, a.password);
      const answers = await Promise.all([one.post('/api/articles/sync', {}), two.post('/api/articles/sync', {})]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 409]);
      expect((await tdb.db.orm.select().from(syncRuns)).length).toBe(1);
      await queued.t.jobs?.drain();
    } finally {
      await queued.close();
    }
  });

  it('D8: a run without a heartbeat for 61 s lost its worker: the next trigger marks it failed (INTERRUPTED) and is accepted', async () => {
    const now = t.clock();
    const [stale] = await tdb.db.orm
      .insert(syncRuns)
      .values({
        trigger: 'manual',
        status: 'running',
        phase: 'applying',
        startedAt: new Date(now.getTime() - 10 * 60_000),
        heartbeatAt: new Date(now.getTime() - 61_000),
      })
      .returning({ id: syncRuns.id });
    await tdb.db.orm.execute(
      sql`INSERT INTO sync_staging (run_id, erp_id, sku, name, status) VALUES (${stale?.id}, 'left-behind', 'X', 'X', 'active')`,
    );
    const run = await sync();
    expect(run.status).toBe('succeeded');
    expect(await storedRun(stale?.id ?? 0)).toMatchObject({ status: 'failed', error: 'INTERRUPTED', phase: 'done' });
    expect(await stagingCount(tdb.db)).toBe(0);
    expect(await articleCounts(tdb.db)).toEqual({ live: SIZE, deleted: 0, duplicates: 0 });
  });

  it('D8: a run that is still beating is not taken over', async () => {
    const now = t.clock();
    await tdb.db.orm
      .insert(syncRuns)
      .values({ trigger: 'manual', status: 'running', phase: 'fetching', heartbeatAt: new Date(now.getTime() - 44_000) });
    const res = await admin.post('/api/articles/sync', {});
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ARTICLE_SYNC_RUNNING');
    expect(await sweepSyncRuns(t.app.platform)).toEqual([]);
  });

  it('D8: a dead run is failed within 60 s without a trigger: by the sweep, or by whoever reads it', async () => {
    const insert = async () => {
      const [run] = await tdb.db.orm
        .insert(syncRuns)
        .values({ trigger: 'manual', status: 'running', phase: 'fetching', heartbeatAt: t.clock() })
        .returning({ id: syncRuns.id });
      return run?.id ?? 0;
    };
    // The sweep every process runs every 15 s.
    const swept = await insert();
    t.clock.advance(46_000);
    expect(await sweepSyncRuns(t.app.platform)).toEqual([swept]);
    expect(await storedRun(swept)).toMatchObject({ status: 'failed', error: 'INTERRUPTED', phase: 'done' });
    // The screen polling the run.
    const read = await insert();
    t.clock.advance(46_000);
    const res = await admin.get(`/api/articles/sync/runs/${read}`);
    expect(res.json().data).toMatchObject({ status: 'failed', error: 'INTERRUPTED' });
    expect(res.json().data.errorDetail).toMatch(/^the server running it stopped/);
    expect((await sync()).status).toBe('succeeded');
  });

  it('D8: a run declared dead while it still works applies nothing, and says INTERRUPTED', async () => {
    const article = (i: number): ErpArticle => ({
      erpId: `lost-${i}`,
      sku: `L${i}`,
      name: `Lost ${i}`,
      description: null,
      typeCode: null,
      typeName: null,
      unit: null,
      supplierCode: null,
      supplierName: null,
      status: 'active',
      lengthMm: null,
      widthMm: null,
      heightMm: null,
      weightKg: null,
      costPrice: null,
      erpModifiedAt: null,
    });
    async function* pages(): AsyncIterable<ErpPage> {
      yield { articles: [article(1), article(2)], total: 4 };
      // Meanwhile another process found no heartbeat (this one was stalled) and failed the run.
      t.clock.advance(46_000);
      await sweepSyncRuns(t.app.platform);
      yield { articles: [article(3), article(4)], total: 4 };
    }
    const run = await runSyncNow(t.app.platform, 'manual', { pages: pages() });
    expect(run).toMatchObject({ status: 'failed', error: 'INTERRUPTED' });
    expect(await articleCounts(tdb.db)).toEqual({ live: 0, deleted: 0, duplicates: 0 });
    expect(await stagingCount(tdb.db)).toBe(0);
  });

  it('the nightly job starts a schedule run, and skips when one is in progress', async () => {
    await t.app.platform.jobs.send('articles.sync', {});
    const [run] = await tdb.db.orm.select().from(syncRuns);
    expect(run).toMatchObject({ trigger: 'schedule', triggeredBy: null, status: 'succeeded', created: SIZE });
    await tdb.db.orm.insert(syncRuns).values({ trigger: 'manual', status: 'queued', phase: 'queued', heartbeatAt: t.clock() });
    await t.app.platform.jobs.send('articles.sync', {});
    expect((await tdb.db.orm.select().from(syncRuns)).length).toBe(2);
    expect(t.logText()).toContain('nightly sync skipped');
  });
});

describe('configuration', () => {
  it('the stand-in answers 401 without the token and 404 for another division', async () => {
    const noToken = await fetch(`${erp.url}/api/v1/1/logistics/Items`);
    expect(noToken.status).toBe(401);
    const other = await fetch(`${erp.url}/api/v1/2/logistics/Items`, { headers: { authorization: `Bearer ${erp.token}` } });
    expect(other.status).toBe(404);
    expect(erpEnv(erp).ERP_URL).toBe(erp.url);
  });
});
