import { addDays, type IsoWeek, isoWeekOf, localDateString, mondayOfWeek, weekKey } from '@app/shared/platform/iso-week';
import type {
  Timeline,
  TimelineRow as TimelineGridRow,
  TimelineInput,
  TimelineItem,
  TimelineQuery,
  TimelineTarget,
  TimelineUpdate,
} from '@app/shared/timeline/timeline';
import { endWeekOf, spanFits, timelineAbilities, weekOfKey } from '@app/shared/timeline/timeline.rules';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, isForeignKeyViolation } from '../../platform/errors';
import * as projectsRepo from '../projects/projects.repository';
import * as repo from './timeline.repository';

/** An area as the app names it: "5001 · Cabin", or the name alone. */
const areaLabel = (number: string | null, name: string | null) => (number ? `${number} · ${name ?? ''}` : (name ?? ''));

function toItem(r: repo.TimelineRow, ctx: Ctx): TimelineItem {
  const start = isoWeekOf(r.startWeek);
  const end = endWeekOf(start, r.weeks);
  const area = areaLabel(r.areaNumber, r.areaName);
  return {
    id: r.id,
    projectId: r.projectId,
    title: r.title,
    notes: r.notes,
    target:
      r.taskId !== null
        ? { kind: 'task', id: r.taskId, label: `${r.taskName ?? ''} (${area})` }
        : { kind: 'area', id: r.areaId ?? 0, label: area },
    areaId: r.areaId ?? r.taskAreaId ?? 0,
    startWeek: weekKey(start),
    endWeek: weekKey(end),
    startYear: start.year,
    startWeekNumber: start.week,
    endYear: end.year,
    endWeekNumber: end.week,
    weeks: r.weeks,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    abilities: timelineAbilities(r, viewerOf(ctx.actor)),
  };
}

/** The error for a scoped miss: the project when it is not there (or not visible), else the item. */
async function notFound(ctx: Ctx, db: DbOrTx, projectId: number): Promise<AppError> {
  return (await projectsRepo.findRef(db, ctx.actor, projectId))
    ? new AppError('TIMELINE_TASK_NOT_FOUND')
    : new AppError('PROJECT_NOT_FOUND');
}

/**
 * A span (a bar, or the window shown) must end in a week the app accepts (years up to
 * MAX_WEEK_YEAR), so no date past it is ever computed or stored: else a field error on `weeks`.
 */
function assertSpanFits(start: IsoWeek, weeks: number) {
  if (!spanFits(start, weeks)) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { weeks: { code: 'week_invalid' } } });
  }
}

/** Today's ISO week where the company works. */
function currentWeek(ctx: Ctx) {
  return isoWeekOf(localDateString(ctx.clock()));
}

/**
 * The grid: the items overlapping `weeks` weeks from `from` (default this week) with their
 * target's label, and the rows to show (the project's areas in tree order, or its tasks). Three
 * statements whatever the project's size: the project, the items, the rows.
 * @throws PROJECT_NOT_FOUND
 */
export async function getTimeline(ctx: Ctx, projectId: number, q: TimelineQuery): Promise<Timeline> {
  const db = ctx.db.orm;
  const now = currentWeek(ctx);
  const from = q.from ? weekOfKey(q.from) : now;
  assertSpanFits(from, q.weeks);
  const fromMonday = mondayOfWeek(from.year, from.week);
  const lastMonday = addDays(fromMonday, (q.weeks - 1) * 7);
  const [project, items, rows] = await Promise.all([
    projectsRepo.findRef(db, ctx.actor, projectId),
    repo.listItems(db, ctx.actor, projectId, fromMonday, lastMonday),
    q.rows === 'areas' ? areaRows(ctx, db, projectId) : taskRows(ctx, db, projectId),
  ]);
  if (!project) throw new AppError('PROJECT_NOT_FOUND');
  const create = timelineAbilities({ projectDeleted: project.deleted }, viewerOf(ctx.actor));
  return {
    from: weekKey(from),
    weeks: q.weeks,
    currentWeek: weekKey(now),
    rowKind: q.rows,
    rows,
    items: items.map((r) => toItem(r, ctx)),
    abilities: { canCreate: create.canEdit, reasons: create.reasons.canEdit ? { canCreate: create.reasons.canEdit } : {} },
  };
}

async function areaRows(ctx: Ctx, db: DbOrTx, projectId: number): Promise<TimelineGridRow[]> {
  const rows = await repo.listAreaRows(db, ctx.actor, projectId);
  const depth = { deck: 0, area: 1, subarea: 2 } as const;
  return rows.map((r) => ({ kind: 'area', id: r.id, label: areaLabel(r.number, r.name), depth: depth[r.kind] ?? 0 }));
}

async function taskRows(ctx: Ctx, db: DbOrTx, projectId: number): Promise<TimelineGridRow[]> {
  const rows = await repo.listTaskRows(db, ctx.actor, projectId);
  return rows.map((r) => ({ kind: 'task', id: r.id, label: `${r.name} (${areaLabel(r.areaNumber, r.areaName)})`, depth: 0 }));
}

/** @throws PROJECT_NOT_FOUND, TIMELINE_TASK_NOT_FOUND */
export async function getItem(ctx: Ctx, projectId: number, id: number): Promise<TimelineItem> {
  const row = await repo.findItem(ctx.db.orm, ctx.actor, projectId, id);
  if (!row) throw await notFound(ctx, ctx.db.orm, projectId);
  return toItem(row, ctx);
}

/** The target must be an area or task of the same project: else a field error on `target`. */
async function checkTarget(ctx: Ctx, db: DbOrTx, projectId: number, target: TimelineTarget) {
  if (!(await repo.targetExists(db, ctx.actor, projectId, target))) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { target: { code: 'not_found' } } });
  }
  return target.kind === 'area' ? { areaId: target.id, taskId: null } : { areaId: null, taskId: target.id };
}

/** A target removed between our check and the write (the foreign key refuses it). */
function referenceRace(err: unknown): unknown {
  if (isForeignKeyViolation(err)) {
    return new AppError('VALIDATION_FAILED', { fieldErrors: { target: { code: 'not_found' } } });
  }
  return err;
}

/**
 * Plans a new item on an area or a task of the project.
 * @throws PROJECT_NOT_FOUND, PROJECT_DELETED, VALIDATION_FAILED (target not_found)
 */
export async function createItem(ctx: Ctx, projectId: number, input: TimelineInput): Promise<TimelineItem> {
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      const project = await projectsRepo.findRef(tx, ctx.actor, projectId);
      if (!project) throw new AppError('PROJECT_NOT_FOUND');
      assertAbility(timelineAbilities({ projectDeleted: project.deleted }, viewerOf(ctx.actor)), 'canEdit');
      const target = await checkTarget(ctx, tx, projectId, input.target);
      const start = weekOfKey(input.startWeek);
      assertSpanFits(start, input.weeks ?? 1);
      const fields: repo.TimelineFields = {
        ...target,
        title: input.title,
        notes: input.notes ?? '',
        startWeek: mondayOfWeek(start.year, start.week),
        weeks: input.weeks ?? 1,
      };
      const id = await repo.insertItem(tx, projectId, fields, signedInAccountId(ctx.actor), now);
      await audit(tx, ctx, 'timeline_task.created', { type: 'timeline_task', id }, { projectId, ...fields });
      return id;
    })
    .catch((err) => {
      throw referenceRace(err);
    });
  return getItem(ctx, projectId, id);
}

/** Locks the item for a change and checks the version it was based on. */
async function lockForChange(ctx: Ctx, tx: DbOrTx, projectId: number, id: number, version: number) {
  const item = await repo.lockItem(tx, ctx.actor, projectId, id);
  if (!item) throw await notFound(ctx, tx, projectId);
  if (item.version !== version) throw new AppError('STALE_VERSION');
  return item;
}

/**
 * Changes what is sent (title, notes, target, start week, weeks) with the version the change was
 * based on: a drag sends the week or the target, a resize the weeks.
 * @throws PROJECT_NOT_FOUND, TIMELINE_TASK_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, VALIDATION_FAILED
 */
export async function updateItem(ctx: Ctx, projectId: number, id: number, input: TimelineUpdate): Promise<TimelineItem> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const item = await lockForChange(ctx, tx, projectId, id, input.version);
      assertAbility(timelineAbilities(item, viewerOf(ctx.actor)), 'canEdit');
      const target = input.target
        ? await checkTarget(ctx, tx, projectId, input.target)
        : { areaId: item.areaId, taskId: item.taskId };
      const start = input.startWeek ? weekOfKey(input.startWeek) : null;
      assertSpanFits(start ?? isoWeekOf(item.startWeek), input.weeks ?? item.weeks);
      const fields: repo.TimelineFields = {
        ...target,
        title: input.title ?? item.title,
        notes: input.notes ?? item.notes,
        startWeek: start ? mondayOfWeek(start.year, start.week) : item.startWeek,
        weeks: input.weeks ?? item.weeks,
      };
      if (!(await repo.updateItem(tx, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await audit(tx, ctx, 'timeline_task.updated', { type: 'timeline_task', id }, { projectId, ...fields });
    })
    .catch((err) => {
      throw referenceRace(err);
    });
  return getItem(ctx, projectId, id);
}

/** @throws PROJECT_NOT_FOUND, TIMELINE_TASK_NOT_FOUND, STALE_VERSION, PROJECT_DELETED */
export async function deleteItem(ctx: Ctx, projectId: number, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const item = await lockForChange(ctx, tx, projectId, id, version);
    assertAbility(timelineAbilities(item, viewerOf(ctx.actor)), 'canDelete');
    if (!(await repo.removeItem(tx, id, version))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'timeline_task.deleted', { type: 'timeline_task', id }, { projectId, title: item.title });
  });
}
