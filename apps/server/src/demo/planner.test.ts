import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../test/factories/identity';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { employees, plannerEntries } from '../db/schema';
import { createProjectRow } from '../features/projects/projects.fixtures';
import { seedPlannerDemo } from './planner';

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb.drop();
});

describe('demo planner', () => {
  it('plans the crew in whole weeks and the office people for site visits, on active projects only, once', async () => {
    const a = await createProjectRow(tdb.db);
    const b = await createProjectRow(tdb.db);
    const archived = await createProjectRow(tdb.db, { status: 'inactive' });
    const office = await createEmployee(tdb.db, { permissions: [] });
    const [joris] = await tdb.db.orm
      .insert(employees)
      .values({ firstName: 'Joris', lastName: 'Bakker', function: 'Monteur' })
      .returning({ id: employees.id });
    // Thursday 24 December 2026: this week's Monday is 21 December; the weeks go over New Year.
    const n = await seedPlannerDemo({ db: tdb.db, now: new Date('2026-12-24T12:00:00Z') });
    // Every person without an account gets six weeks; every one with an account four visits and two inspections.
    const people = await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(employees);
    const crew = await tdb.db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(employees)
      .where(sql`NOT EXISTS (SELECT 1 FROM accounts a WHERE a.employee_id = ${employees.id})`);
    const crewCount = crew[0]?.n ?? 0;
    expect(n).toBe(crewCount * 6 + ((people[0]?.n ?? 0) - crewCount) * 6);
    expect(await seedPlannerDemo({ db: tdb.db })).toBe(0);
    const rows = await tdb.db.orm
      .select({
        employeeId: plannerEntries.employeeId,
        projectId: plannerEntries.projectId,
        start: sql<string>`to_char(${plannerEntries.startsAt}, 'YYYY-MM-DD HH24:MI')`,
        end: sql<string>`to_char(${plannerEntries.endsAt}, 'YYYY-MM-DD HH24:MI')`,
        allDay: plannerEntries.allDay,
      })
      .from(plannerEntries)
      .orderBy(asc(plannerEntries.startsAt), asc(plannerEntries.id));
    expect(rows.every((r) => r.projectId === a.id || r.projectId === b.id)).toBe(true);
    expect(rows.some((r) => r.projectId === archived.id)).toBe(false);
    const crewRows = rows.filter((r) => r.employeeId === joris?.id);
    expect(crewRows[0]).toMatchObject({ start: '2026-12-14 00:00', end: '2026-12-19 00:00', allDay: true });
    expect(crewRows.at(-1)).toMatchObject({ start: '2027-01-18 00:00', end: '2027-01-23 00:00', allDay: true });
    const mine = rows.filter((r) => r.employeeId === office.employeeId);
    expect(mine[0]).toMatchObject({ start: '2026-12-22 08:30', end: '2026-12-22 12:00', allDay: false });
  });
});
