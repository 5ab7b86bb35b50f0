import { addDays, localDateString, mondayOf } from '@app/shared/platform/iso-week';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { employees, plannerEntries, projects } from '../db/schema';

/**
 * Planner entries for the demo people, from last week to four weeks on: the crew (who
 * never sign in) work whole weeks on the active projects, one project after the other, and the
 * signed-in employees visit sites for a morning or a day, so both home screens show their own
 * planning. Loaded once, when no entry exists; `now` decides the weeks (Europe/Amsterdam).
 */
export async function seedPlannerDemo(o: { db: Database; log?: FastifyBaseLogger; now?: Date }): Promise<number> {
  return o.db.orm.transaction(async (tx) => {
    const existing = await tx.select({ id: plannerEntries.id }).from(plannerEntries).limit(1);
    if (existing.length > 0) return 0;
    const people = await tx
      .select({
        id: employees.id,
        hasAccount: sql<boolean>`EXISTS (SELECT 1 FROM accounts a WHERE a.employee_id = "employees"."id")`,
      })
      .from(employees)
      .where(isNull(employees.deletedAt))
      .orderBy(asc(employees.id));
    const live = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(isNull(projects.deletedAt), eq(projects.status, 'active')))
      .orderBy(asc(projects.id));
    if (live.length === 0 || people.length === 0) return 0;
    const monday = mondayOf(localDateString(o.now ?? new Date()));
    const day = (week: number, weekday: number) => addDays(monday, week * 7 + weekday);
    const project = (n: number) => live[n % live.length]?.id ?? 0;
    const rows: (typeof plannerEntries.$inferInsert)[] = [];
    const crew = people.filter((p) => !p.hasAccount);
    const office = people.filter((p) => p.hasAccount);
    crew.forEach((person, i) => {
      for (let week = -1; week <= 4; week++) {
        // Two weeks on a project, then the next one; each person starts on another project.
        const p = project(i + Math.floor((week + 1) / 2));
        rows.push({
          employeeId: person.id,
          projectId: p,
          startsAt: `${day(week, 0)} 00:00`,
          endsAt: `${day(week, i === 1 && week % 2 === 0 ? 4 : 5)} 00:00`,
          allDay: true,
          notes: i === 1 && week % 2 === 0 ? 'Vrijdag werkvoorbereiding op kantoor' : '',
        });
      }
    });
    office.forEach((person, i) => {
      for (let week = 0; week <= 3; week++) {
        rows.push({
          employeeId: person.id,
          projectId: project(i + week),
          startsAt: `${day(week, 1 + i)} 08:30`,
          endsAt: `${day(week, 1 + i)} 12:00`,
          notes: week === 0 ? 'Bouwvergadering aan boord' : 'Voortgang en oplevering bespreken',
        });
        if (week % 2 === 1) {
          rows.push({
            employeeId: person.id,
            projectId: project(i + week + 1),
            startsAt: `${day(week, 3)} 07:30`,
            endsAt: `${day(week, 3)} 16:00`,
            notes: 'Inspectie op locatie',
          });
        }
      }
    });
    await tx.insert(plannerEntries).values(rows);
    o.log?.info({ event: 'demo.planner', entries: rows.length }, 'demo planner loaded');
    return rows.length;
  });
}
