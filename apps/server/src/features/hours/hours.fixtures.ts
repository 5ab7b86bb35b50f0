/**
 * Test data for the hours tests and other features' tests (exports, leave): schedules, booked
 * hours, the hour lock and an employee's self-service flags, made directly as rows. Not used by
 * the application.
 */
import type { HourActivity } from '@app/shared/hours/hours';
import type { ScheduleDays } from '@app/shared/hours/schedules.rules';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookedHours, employees, hourLocks, schedules } from '../../db/schema';

async function first<T>(q: Promise<T[]>): Promise<T> {
  const rows = await q;
  if (!rows[0]) throw new Error('fixture insert returned nothing');
  return rows[0];
}

/** Monday to Friday, 08:00-16:30 with 30 minutes of break (8 hours a day), in even and odd weeks. */
export const FULL_TIME: ScheduleDays = {
  even: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '16:30', breakMinutes: 30 })),
  odd: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '16:30', breakMinutes: 30 })),
};

/** A schedule version of the employee (default: full time from 2026-01-01). */
export async function createScheduleRow(
  db: Database,
  o: { employeeId: number; effectiveFrom?: string; days?: ScheduleDays },
): Promise<{ id: number; version: number }> {
  return first(
    db.orm
      .insert(schedules)
      .values({ employeeId: o.employeeId, effectiveFrom: o.effectiveFrom ?? '2026-01-01', days: o.days ?? FULL_TIME })
      .returning({ id: schedules.id, version: schedules.version }),
  );
}

/** A booking (default: Tuesday 24 November 2026, 8 hours of installation). */
export async function createBookedHourRow(
  db: Database,
  o: {
    employeeId: number;
    projectId: number;
    date?: string;
    minutes?: number;
    activity?: HourActivity;
    areaId?: number | null;
    taskId?: number | null;
    notes?: string;
  },
): Promise<{ id: number; version: number }> {
  return first(
    db.orm
      .insert(bookedHours)
      .values({
        employeeId: o.employeeId,
        projectId: o.projectId,
        date: o.date ?? '2026-11-24',
        minutes: o.minutes ?? 480,
        activity: o.activity ?? 'installation',
        areaId: o.areaId ?? null,
        taskId: o.taskId ?? null,
        notes: o.notes ?? '',
      })
      .returning({ id: bookedHours.id, version: bookedHours.version }),
  );
}

/** Sets the hour lock (a new row, as PUT /api/hours/lock does); null opens everything. */
export async function setHourLock(db: Database, lockedThrough: string | null): Promise<void> {
  await db.orm.insert(hourLocks).values({ lockedThrough });
}

/** An employee's self-service flags (mobile settings). */
export async function setSelfService(
  db: Database,
  employeeId: number,
  o: { bookHours?: boolean; overnights?: boolean; planner?: boolean },
): Promise<void> {
  await db.orm
    .update(employees)
    .set({
      ...(o.bookHours === undefined ? {} : { mobileBookHours: o.bookHours }),
      ...(o.overnights === undefined ? {} : { mobileOvernights: o.overnights }),
      ...(o.planner === undefined ? {} : { mobilePlanner: o.planner }),
    })
    .where(eq(employees.id, employeeId));
}
