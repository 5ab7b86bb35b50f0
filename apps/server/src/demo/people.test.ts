import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { createProjectRow } from '../features/projects/projects.fixtures';
import { query } from '../platform/sql';
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

const count = async (table: string, where = sql`true`) =>
  Number((await query<{ n: number }>(tdb.db.orm, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`))[0]?.n);

describe('demo people and hours', () => {
  it('loads a dozen people with a year of hours, declarations, stays, documents, contracts and the lock; once', async () => {
    expect(await seedPeopleDemo({ db: tdb.db, storage: t.app.platform.storage, now })).toBeNull(); // no project yet
    await createProjectRow(tdb.db, { name: 'MS Noordam refit 2027' });
    await createProjectRow(tdb.db, { name: 'Hotel De Dunes' });
    const figures = await seedPeopleDemo({ db: tdb.db, storage: t.app.platform.storage, now });
    expect(figures).toMatchObject({ employees: 12, declarations: 10, overnights: 6 });
    expect(await seedPeopleDemo({ db: tdb.db, storage: t.app.platform.storage, now })).toBeNull();

    // Accounts: active, only the fitter with a password.
    expect(await count('accounts', sql`email LIKE '%@outfitting.test' AND password_hash IS NULL AND status = 'active'`)).toBe(11);
    expect(await count('employees', sql`exact_id IS NOT NULL`)).toBeGreaterThanOrEqual(6);
    expect(await count('employees', sql`supplier_number IS NOT NULL`)).toBeGreaterThanOrEqual(3);

    // Schedules: part-time with different even and odd weeks, and one change half a year ago.
    const differing = await count('schedules', sql`days->'even' <> days->'odd'`);
    expect(differing).toBeGreaterThanOrEqual(2);
    expect(await count('(SELECT employee_id FROM schedules GROUP BY employee_id HAVING count(*) > 1) s')).toBe(1);

    // A year of hours up to yesterday, for the dozen and (lightly) the admin and the project leader.
    const span = (
      await query<{ first: string; last: string; people: number; overtime: number }>(
        tdb.db.orm,
        sql`SELECT to_char(min(date), 'YYYY-MM-DD') AS first, to_char(max(date), 'YYYY-MM-DD') AS last,
                   count(DISTINCT employee_id)::int AS people,
                   count(*) FILTER (WHERE minutes > 600)::int AS overtime FROM booked_hours`,
      )
    )[0];
    expect(span?.first && span.first <= '2025-11-25').toBe(true);
    expect(span?.last).toBe('2026-11-20');
    expect(span?.people).toBe(14);
    expect(span?.overtime).toBeGreaterThan(5);
    expect(figures?.bookedHours).toBeGreaterThan(2500);
    const activities = await query<{ activity: string }>(tdb.db.orm, sql`SELECT DISTINCT activity FROM booked_hours`);
    expect(activities.length).toBeGreaterThanOrEqual(5);
    const lock = await query<{ through: string }>(
      tdb.db.orm,
      sql`SELECT to_char(locked_through, 'YYYY-MM-DD') AS through FROM hour_locks ORDER BY id DESC LIMIT 1`,
    );
    expect(lock[0]?.through).toBe('2026-09-30');

    // Declarations in every status with a receipt; overnight stays in every status.
    const statuses = await query<{ status: string }>(tdb.db.orm, sql`SELECT DISTINCT status FROM declarations ORDER BY status`);
    expect(statuses.map((s) => s.status)).toEqual(['approved', 'paid', 'rejected', 'submitted']);
    expect(await count('declaration_categories')).toBe(5);
    expect(await count('declaration_payment_types')).toBe(3);
    const stays = await query<{ status: string }>(tdb.db.orm, sql`SELECT DISTINCT status FROM overnight_stays ORDER BY status`);
    expect(stays.map((s) => s.status)).toEqual(['approved', 'rejected', 'submitted']);

    // HR's list: one VCA expiring within 30 days, one expired, one contract ending within 30 days.
    const admin = await t.signIn(DEMO_ACCOUNTS.admin);
    const expiring = (await admin.get('/api/hr/expiring')).json().data as {
      kind: string;
      status: string;
      employee: { name: string };
    }[];
    expect(expiring.map((r) => `${r.kind}:${r.status}:${r.employee.name}`)).toEqual([
      'document:expired:Sophie Bakker',
      'document:expiring:Bram de Jong',
      'contract:ending:Noah Peters',
    ]);
    expect(await count('employee_contracts', sql`minutes_per_week = 1440`)).toBeGreaterThanOrEqual(1);
    expect(await count('employee_contracts', sql`ends_on IS NULL`)).toBeGreaterThanOrEqual(8);

    // The fitter signs in and reads their own documents (and downloads them), not someone else's.
    const fitter = await t.signIn(DEMO_FITTER);
    const me = await query<{ id: number }>(
      tdb.db.orm,
      sql`SELECT employee_id AS id FROM accounts WHERE email = ${DEMO_FITTER.email}`,
    );
    const own = (await fitter.get(`/api/users/${me[0]?.id}/documents`)).json();
    expect(own.data.map((d: { type: string }) => d.type).sort()).toEqual(['driving_licence', 'identity', 'vca']);
    const pdf = await fitter.get(own.data[0].file.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await query<{ id: number }>(
      tdb.db.orm,
      sql`SELECT id FROM employees WHERE first_name = 'Sophie' AND last_name = 'Bakker'`,
    );
    expect((await fitter.get(`/api/users/${other[0]?.id}/documents`)).statusCode).toBe(404);
  });
});
