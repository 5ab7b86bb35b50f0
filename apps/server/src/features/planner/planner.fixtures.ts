import type { Database } from '../../db/client';
import { plannerEntries } from '../../db/schema';

/** An entry straight in the table (tests): default Tuesday 24 November 2026, 08:00 to 16:30. */
export async function createPlannerEntryRow(
  db: Database,
  o: { employeeId: number; projectId: number; start?: string; end?: string; allDay?: boolean; notes?: string },
): Promise<{ id: number }> {
  const rows = await db.orm
    .insert(plannerEntries)
    .values({
      employeeId: o.employeeId,
      projectId: o.projectId,
      startsAt: (o.start ?? '2026-11-24T08:00').replace('T', ' '),
      endsAt: (o.end ?? '2026-11-24T16:30').replace('T', ' '),
      allDay: o.allDay ?? false,
      notes: o.notes ?? '',
    })
    .returning({ id: plannerEntries.id });
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}
