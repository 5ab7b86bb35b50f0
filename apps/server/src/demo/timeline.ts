import { addDays, isoWeekOf, localDateString, mondayOfWeek } from '@app/shared/platform/iso-week';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { projectAreas, projects, tasks, timelineTasks } from '../db/schema';

/** The phases of fitting out one cabin or room, in weeks from its start: the demo's bars per area. */
const AREA_PHASES = [
  { title: 'Demontage', offset: 0, weeks: 1 },
  { title: 'Plafonds en wanden', offset: 1, weeks: 2 },
  { title: 'Meubilair plaatsen', offset: 3, weeks: 1 },
] as const;
/** How many areas per project get the phases (one week apart), and how many tasks a bar of their own. */
const AREAS_PER_PROJECT = 6;
const TASKS_PER_PROJECT = 4;

/**
 * Timeline items for the demo projects over the coming weeks: per active project its
 * first areas in tree order, each with demolition, ceilings and walls, and furniture one week
 * after the other (starting a week apart, from last week on), a few of its tasks planned on their
 * own, and the hand-over on its first deck. Loaded once, when no item exists; `now` decides which
 * weeks are "coming" (Europe/Amsterdam).
 */
export async function seedTimelineDemo(o: { db: Database; log?: FastifyBaseLogger; now?: Date }): Promise<number> {
  return o.db.orm.transaction(async (tx) => {
    const existing = await tx.select({ id: timelineTasks.id }).from(timelineTasks).limit(1);
    if (existing.length > 0) return 0;
    const thisWeek = isoWeekOf(localDateString(o.now ?? new Date()));
    const monday = mondayOfWeek(thisWeek.year, thisWeek.week);
    const weekFrom = (n: number) => addDays(monday, n * 7);
    const live = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(isNull(projects.deletedAt), eq(projects.status, 'active')))
      .orderBy(asc(projects.id));
    const rows: (typeof timelineTasks.$inferInsert)[] = [];
    for (const p of live) {
      const areas = await tx
        .select({ id: projectAreas.id, kind: projectAreas.kind })
        .from(projectAreas)
        .where(eq(projectAreas.projectId, p.id))
        .orderBy(asc(projectAreas.treeRank), asc(projectAreas.id));
      const cabins = areas.filter((a) => a.kind === 'area').slice(0, AREAS_PER_PROJECT);
      cabins.forEach((a, i) => {
        for (const phase of AREA_PHASES) {
          rows.push({
            projectId: p.id,
            areaId: a.id,
            title: phase.title,
            startWeek: weekFrom(i - 1 + phase.offset),
            weeks: phase.weeks,
            sortOrder: i,
          });
        }
      });
      const someTasks = await tx
        .select({ id: tasks.id, name: tasks.name })
        .from(tasks)
        .where(and(eq(tasks.projectId, p.id), sql`${tasks.status} <> 'completed'`))
        .orderBy(asc(tasks.areaRank), asc(tasks.sortOrder), asc(tasks.id))
        .limit(TASKS_PER_PROJECT);
      someTasks.forEach((t, i) => {
        rows.push({ projectId: p.id, taskId: t.id, title: t.name, startWeek: weekFrom(1 + i), weeks: 2, sortOrder: i });
      });
      const deck = areas.find((a) => a.kind === 'deck');
      if (deck) {
        rows.push({
          projectId: p.id,
          areaId: deck.id,
          title: 'Oplevering',
          startWeek: weekFrom(AREAS_PER_PROJECT + 3),
          weeks: 1,
        });
      }
    }
    if (rows.length) await tx.insert(timelineTasks).values(rows);
    o.log?.info({ event: 'demo.timeline', items: rows.length }, 'demo timeline loaded');
    return rows.length;
  });
}
