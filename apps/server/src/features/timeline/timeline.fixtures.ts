/**
 * Test data for the timeline tests and the tenancy matrix, made directly as rows. Not used by the
 * application.
 */
import type { Database } from '../../db/client';
import { timelineTasks } from '../../db/schema';

/** A timeline item on an area or a task; `startWeek` is a Monday (YYYY-MM-DD). */
export async function createTimelineTaskRow(
  db: Database,
  projectId: number,
  o: { areaId?: number; taskId?: number; title?: string; startWeek?: string; weeks?: number },
): Promise<{ id: number; title: string }> {
  const title = o.title ?? 'Plafonds monteren';
  const rows = await db.orm
    .insert(timelineTasks)
    .values({
      projectId,
      areaId: o.areaId ?? null,
      taskId: o.taskId ?? null,
      title,
      startWeek: o.startWeek ?? '2026-11-16',
      weeks: o.weeks ?? 1,
    })
    .returning({ id: timelineTasks.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('fixture insert returned nothing');
  return { id, title };
}
