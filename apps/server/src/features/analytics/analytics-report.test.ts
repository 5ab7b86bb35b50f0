import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { analyticsEvents } from '../../db/schema';
import { purgeRawEvents, refreshRollup } from './analytics-rollup';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let settingsAdmin: Agent;
let noRight: Agent;
let a: { id: number; name: string };
let b: { id: number; name: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['companies.manage'] },
      settingsAdmin: { permissions: ['dashboard.change-settings'] },
      noRight: { permissions: ['projects.view'] },
    },
    companies: { a: { name: 'Alpha Cruises' }, b: { name: 'Beta Resorts' } },
  });
  ({ manager, settingsAdmin, noRight } = cast);
  ({ a, b } = cast.companies);
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** Raw events, straight into the table (the buffer is tested elsewhere). */
async function events(rows: { at: string; company: number | null; type?: string; route?: string }[]) {
  await tdb.db.orm.insert(analyticsEvents).values(
    rows.map((r) => ({
      createdAt: new Date(r.at),
      eventType: r.type ?? 'page_view',
      companyId: r.company,
      routeName: r.type === 'login' ? null : (r.route ?? 'home'),
    })),
  );
}
const report = (q: string, who: Agent = manager) => who.get(`/api/companies/analytics?${q}`);

describe('analytics: daily figures', () => {
  it('counts page views and logins per company and Amsterdam day, and the top screens; employees alone are not counted', async () => {
    await events([
      // 23:30 UTC on 1 November is 00:30 on 2 November in Amsterdam (winter time, UTC+1).
      { at: '2026-11-01T23:30:00Z', company: a.id, route: 'project.show' },
      { at: '2026-11-02T08:00:00Z', company: a.id, route: 'project.show' },
      { at: '2026-11-02T08:01:00Z', company: a.id, type: 'login' },
      { at: '2026-11-02T09:00:00Z', company: b.id, route: 'home' },
      { at: '2026-11-02T09:00:00Z', company: null, route: 'home' },
      // Summer time: 22:30 UTC on 30 June is 00:30 on 1 July.
      { at: '2026-06-30T22:30:00Z', company: b.id, route: 'home' },
    ]);
    await refreshRollup(tdb.db.orm, new Date('2026-11-03T12:00:00Z'));
    const res = await report('from=2026-11-01&to=2026-11-03');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.days).toEqual([
      { day: '2026-11-01', pageViews: 0, logins: 0 },
      { day: '2026-11-02', pageViews: 3, logins: 1 },
      { day: '2026-11-03', pageViews: 0, logins: 0 },
    ]);
    expect(r.totals).toEqual({ pageViews: 3, logins: 1 });
    expect(r.companies).toEqual([
      { id: a.id, name: 'Alpha Cruises', pageViews: 2, logins: 1 },
      { id: b.id, name: 'Beta Resorts', pageViews: 1, logins: 0 },
    ]);
    expect(r.topPages).toEqual([
      { routeName: 'project.show', views: 2 },
      { routeName: 'home', views: 1 },
    ]);
    expect(r.refreshedAt).toBe('2026-11-03T12:00:00.000Z');
    const july = (await report('from=2026-07-01&to=2026-07-01')).json().data;
    expect(july.days).toEqual([{ day: '2026-07-01', pageViews: 1, logins: 0 }]);
    const onlyB = (await report(`from=2026-11-02&to=2026-11-02&companyId=${b.id}`)).json().data;
    expect(onlyB.totals).toEqual({ pageViews: 1, logins: 0 });
  });

  it('refreshes from the watermark: new events of yesterday and today are counted, older days are not read again', async () => {
    await events([{ at: '2026-11-03T10:00:00Z', company: a.id, route: 'late' }]);
    await refreshRollup(tdb.db.orm, new Date('2026-11-04T12:00:00Z'));
    // A raw event slipped into a day before the watermark is not read again: the figures stay.
    await events([{ at: '2026-11-01T10:00:00Z', company: a.id, route: 'old' }]);
    await refreshRollup(tdb.db.orm, new Date('2026-11-04T12:05:00Z'));
    const r = (await report('from=2026-11-01&to=2026-11-04')).json().data;
    expect(r.days.map((d: { pageViews: number }) => d.pageViews)).toEqual([0, 3, 1, 0]);
  });

  it('reads only the daily figures: the same statements for a busy period as for a quiet one, and still there after the raw events go', async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({
      at: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00Z`,
      company: b.id,
    }));
    await events(many);
    await tdb.db.orm.execute(sql`DELETE FROM app_settings WHERE key = 'analytics.rolledUpFrom'`);
    await refreshRollup(tdb.db.orm, new Date('2026-11-04T13:00:00Z'));
    await report('from=2026-10-01&to=2026-10-31');
    const quiet = await countQueries(tdb.db, () => report('from=2025-10-01&to=2025-10-31'));
    const busy = await countQueries(tdb.db, () => report('from=2026-10-01&to=2026-10-31'));
    expect(busy.result.json().data.totals.pageViews).toBe(300);
    expect(busy.count).toBe(quiet.count);
    expect(busy.statements.some((s) => /analytics_events/.test(s))).toBe(false);
    // Raw events older than the retention (and before the watermark) go; the figures stay.
    const removed = await purgeRawEvents(tdb.db.orm, new Date('2027-12-15T12:00:00Z'));
    expect(removed).toBeGreaterThan(300);
    expect((await report('from=2026-10-01&to=2026-10-31')).json().data.totals.pageViews).toBe(300);
  });

  it('never removes raw events the daily figures do not hold yet', async () => {
    await events([{ at: '2027-12-14T10:00:00Z', company: a.id }]);
    // The watermark is 2026-11-03: even a retention of 30 days keeps everything after it.
    await purgeRawEvents(tdb.db.orm, new Date('2028-06-01T12:00:00Z'));
    const left = await tdb.db.orm.execute(sql`SELECT count(*)::int AS n FROM analytics_events WHERE created_at >= '2027-12-14'`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});

describe('analytics: access and input', () => {
  it('answers 401 anonymous, 403 without a companies or dashboard right; 400 for a bad period', async () => {
    const anon = t.agent();
    await anon.csrf();
    expect((await report('from=2026-11-01&to=2026-11-02', anon)).statusCode).toBe(401);
    expect((await report('from=2026-11-01&to=2026-11-02', noRight)).statusCode).toBe(403);
    expect((await report('from=2026-11-01&to=2026-11-02', settingsAdmin)).statusCode).toBe(200);
    for (const q of [
      'from=2026-11-02&to=2026-11-01',
      'from=2025-01-01&to=2026-12-31',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-11-01',
      'from=2026-11-01&to=2026-11-02&companyId=x',
    ]) {
      expect((await report(q)).statusCode, q).toBe(400);
    }
    expect((await report('from=2026-11-01&to=2026-11-02&companyId=2147483000')).statusCode).toBe(404);
  });

  it('keeps the retention setting with a version; only the dashboard right changes it', async () => {
    const s = (await manager.get('/api/analytics/settings')).json().data;
    expect(s).toEqual({ retentionDays: 400, version: 1 });
    expect((await manager.put('/api/analytics/settings', { retentionDays: 90, version: 1 })).statusCode).toBe(403);
    const saved = await settingsAdmin.put('/api/analytics/settings', { retentionDays: 90, version: 1 });
    expect(saved.json().data).toEqual({ retentionDays: 90, version: 2 });
    expect((await settingsAdmin.put('/api/analytics/settings', { retentionDays: 60, version: 1 })).statusCode).toBe(409);
    expect((await settingsAdmin.put('/api/analytics/settings', { retentionDays: 7, version: 2 })).statusCode).toBe(400);
  });
});
