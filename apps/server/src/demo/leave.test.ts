import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { createProjectRow } from '../features/projects/projects.fixtures';
import { query } from '../platform/sql';
import { seedLeaveDemo } from './leave';
import { DEMO_FITTER, seedPeopleDemo } from './people';
import { DEMO_ACCOUNTS, seedDemo } from './seed';

let tdb: TestDatabase;
let t: TestApp;
// The test clock's day (2026-11-21): the demo's "today".
const now = new Date('2026-11-21T09:00:00Z');

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedDemo(tdb.db);
  t = await startTestApp({ db: tdb.db });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const rows = <T>(q: ReturnType<typeof sql>) => query<T>(tdb.db.orm, q);
const count = async (table: string, where = sql`true`) =>
  Number((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`))[0]?.n);

describe('demo leave', () => {
  it('loads leave types, requests, the Christmas closure, hour rules with overtime, sick periods and corrections; once', async () => {
    expect(await seedLeaveDemo({ db: tdb.db, now })).toBeNull(); // no people yet
    await createProjectRow(tdb.db, { name: 'MS Noordam refit 2027' });
    await seedPeopleDemo({ db: tdb.db, storage: t.app.platform.storage, now });
    const figures = await seedLeaveDemo({ db: tdb.db, now });
    expect(figures).toMatchObject({ leaveTypes: 4, collectiveLeaves: 1, hourRules: 3, contracts: 2 });
    expect(figures?.corrections).toBeGreaterThan(3); // three by hand, and the opening balances
    expect(await seedLeaveDemo({ db: tdb.db, now })).toBeNull();

    // Every status of request, a part-day one, and approved ones in the past and the future.
    const statuses = await rows<{ status: string }>(sql`SELECT DISTINCT status FROM leave_requests ORDER BY status`);
    expect(statuses.map((s) => s.status)).toEqual(['approved', 'denied', 'pending']);
    expect(await count('leave_requests', sql`status = 'denied' AND decision_reason <> ''`)).toBe(2);
    expect(await count('leave_requests', sql`part_start IS NOT NULL`)).toBe(1);
    expect(await count('leave_requests', sql`status = 'approved' AND ends_on < '2026-11-21'`)).toBeGreaterThanOrEqual(8);
    expect(await count('leave_requests', sql`status = 'approved' AND starts_on > '2026-11-21'`)).toBeGreaterThanOrEqual(4);
    // An approved request's lines add up to its hours; denied and pending ones have none.
    const mismatched = await rows<{ id: number }>(
      sql`SELECT r.id FROM leave_requests r LEFT JOIN leave_lines l ON l.request_id = r.id
           GROUP BY r.id HAVING coalesce(-sum(l.minutes), 0) <> CASE WHEN r.status = 'approved' THEN r.minutes ELSE 0 END`,
    );
    expect(mismatched).toEqual([]);
    // Past approved leave lies on days without booked hours.
    expect(
      await count(
        'leave_lines l',
        sql`l.request_id IS NOT NULL AND EXISTS (SELECT 1 FROM booked_hours b WHERE b.employee_id = l.employee_id AND b.date = l.date)`,
      ),
    ).toBe(0);

    // The Christmas closure: 28-31 December by each person's own schedule (1 January is a holiday), Noah excluded.
    const closure = await rows<{ name: string; minutes: number }>(
      sql`SELECT e.first_name AS name, -sum(l.minutes)::int AS minutes FROM leave_lines l JOIN employees e ON e.id = l.employee_id
           WHERE l.collective_leave_id IS NOT NULL GROUP BY e.first_name`,
    );
    const closed = Object.fromEntries(closure.map((c) => [c.name, c.minutes]));
    expect(closed.Bram).toBe(4 * 510); // 07:30-16:30 with a 30-minute break
    expect(closed.Anouk).toBe(3 * 480); // 2026-12-28 is in an odd week (ISO 53): Monday to Wednesday
    expect(closed.Noah).toBeUndefined();
    expect(await count('collective_leave_employees', sql`role = 'exclude'`)).toBe(1);
    expect(await count('leave_lines', sql`date = '2027-01-01'`)).toBe(0);

    // Overtime from the evening, weekend and night rules; the night allowance does not count.
    const overtime = await rows<{ rule: string; counts: boolean; n: number }>(
      sql`SELECT r.name AS rule, l.counts, count(*)::int AS n FROM leave_lines l JOIN hour_rules r ON r.id = l.hour_rule_id
           GROUP BY r.name, l.counts ORDER BY r.name`,
    );
    expect(overtime.map((o) => `${o.rule}:${o.counts}`)).toEqual(['Avond:true', 'Nachttoeslag:false', 'Weekend:true']);
    expect(
      await count(
        'leave_lines',
        sql`kind = 'overtime' AND hour_rule_id IN (SELECT id FROM hour_rules WHERE name = 'Weekend') AND minutes = 450`,
      ),
    ).toBe(5);

    // Sick periods: ended ones and one open.
    expect(await count('sick_periods', sql`ends_on IS NULL`)).toBe(1);
    expect(await count('sick_periods', sql`ends_on IS NOT NULL`)).toBeGreaterThanOrEqual(2);

    // The fitter reads their own card: every figure is the sum of its lines, the balance adds up.
    const fitter = await t.signIn(DEMO_FITTER);
    const me = await rows<{ id: number }>(sql`SELECT employee_id AS id FROM accounts WHERE email = ${DEMO_FITTER.email}`);
    const card = (await fitter.get(`/api/users/${me[0]?.id}/leave-card?year=2026`)).json();
    expect(card.entitlement).toBe(12000);
    expect(card.taken).toBeGreaterThan(0);
    expect(card.planned).toBeGreaterThan(0);
    expect(card.overtime).toBeGreaterThan(0);
    expect(card.corrections).toBe(240);
    // The years before the ledger close on what the old records left (a few days), not on years of untaken entitlement.
    expect(card.previousYear).toBeGreaterThanOrEqual(0);
    expect(card.previousYear).toBeLessThanOrEqual(100 * 60);
    expect(card.notCounted).toBe(510); // the bijzonder verlof day
    expect(card.pending.count).toBe(1);
    expect(card.balance).toBe(
      card.previousYear + card.entitlement + card.corrections + card.overtime - card.taken - card.planned,
    );
    for (const bucket of ['taken', 'planned', 'overtime', 'corrections'] as const) {
      const lines = (await fitter.get(`/api/users/${me[0]?.id}/leave-card/lines?year=2026&bucket=${bucket}&perPage=100`)).json();
      const sign = bucket === 'taken' || bucket === 'planned' ? -1 : 1;
      expect(sign * lines.totalMinutes, bucket).toBe(card[bucket]);
    }
    // HR (the admin) reads the part-timer's card.
    const admin = await t.signIn(DEMO_ACCOUNTS.admin);
    const anouk = await rows<{ id: number }>(sql`SELECT id FROM employees WHERE first_name = 'Anouk'`);
    const part = (await admin.get(`/api/users/${anouk[0]?.id}/leave-card?year=2026`)).json();
    expect(part.entitlement).toBeGreaterThan(0);
    expect(part.entitlement).toBeLessThan(12000);
  });
});
