import { mediaUrl } from '@app/shared/media/media';
import type { FieldError } from '@app/shared/platform/errors';
import type {
  Area,
  AreaInput,
  AreaList,
  AreaSummary,
  AreaUpdate,
  BulkAreasInput,
  BulkAreasResult,
  MarkerMove,
  MarkerPosition,
  PlanMarker,
} from '@app/shared/projects/areas';
import { type AreaKind, type AreaStatus, areaAbilities, parseBulkAreas } from '@app/shared/projects/projects.rules';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, fieldError, pgCode, pgConstraint, raced } from '../../platform/errors';
import * as mediaRepo from '../media/media.repository';
import { mediaByIds } from '../media/media.service';
import * as repo from './areas.repository';
import { writeFeedEvent } from './feed.repository';
import * as projectsRepo from './projects.repository';

// ---- reading

function toSummary(r: repo.AreaSummaryRow, ctx: Ctx): AreaSummary {
  return {
    id: r.id,
    projectId: r.projectId,
    parentId: r.parentId,
    kind: r.kind,
    number: r.number,
    name: r.name,
    areaType: r.areaType,
    status: r.status,
    thumbUrl: r.thumbnailMediaId === null ? null : mediaUrl(r.thumbnailMediaId, 'thumb'),
    hasPlan: r.planMediaId !== null,
    planX: r.planX,
    planY: r.planY,
    childrenCount: r.childrenCount,
    completion: {
      tasksDone: r.tasksDone,
      tasksTotal: r.tasksTotal,
      subtasksDone: r.subtasksDone,
      subtasksTotal: r.subtasksTotal,
    },
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    abilities: areaAbilities(r, viewerOf(ctx.actor)),
  };
}

/**
 * The areas page: every deck and every area in the project's tree order (decks by sort order,
 * then number; each deck's areas by number, numbers compared naturally; areas without a deck
 * last), each with its completion. Two statements whatever the size of the project.
 * @throws PROJECT_NOT_FOUND
 */
export async function listAreas(ctx: Ctx, projectId: number, q: repo.AreaListFilter): Promise<AreaList> {
  const project = await projectsRepo.findRef(ctx.db.orm, ctx.actor, projectId);
  if (!project) throw new AppError('PROJECT_NOT_FOUND');
  const rows = await repo.listDecksAndAreas(ctx.db.orm, ctx.actor, projectId, q);
  const decks = rows.filter((r) => r.kind === 'deck');
  const areas = rows.filter((r) => r.kind === 'area');
  return { decks: decks.map((r) => toSummary(r, ctx)), areas: areas.map((r) => toSummary(r, ctx)) };
}

/** The sub-areas of an area, in number order, with their completion. @throws AREA_NOT_FOUND */
export async function listSubareas(ctx: Ctx, projectId: number, areaId: number): Promise<AreaSummary[]> {
  const area = await repo.findKind(ctx.db.orm, ctx.actor, projectId, areaId);
  if (!area) throw new AppError('AREA_NOT_FOUND');
  const rows = await repo.listSubareas(ctx.db.orm, ctx.actor, projectId, areaId);
  return rows.map((r) => toSummary(r, ctx));
}

function toMarker(m: repo.MarkerRow): PlanMarker {
  return { type: m.type, id: m.id, label: m.type === 'area' && m.number ? m.number : m.name, status: m.status, x: m.x, y: m.y };
}

/**
 * One deck, area or sub-area with its thumbnail and plan, its parent and the markers of its plan
 * (a deck's areas; an area's sub-areas and tasks; a sub-area's tasks; unplaced ones have no x/y).
 * @throws AREA_NOT_FOUND
 */
export async function getArea(ctx: Ctx, projectId: number, areaId: number): Promise<Area> {
  const db = ctx.db.orm;
  const row = await repo.findSummary(db, ctx.actor, projectId, areaId);
  if (!row) throw new AppError('AREA_NOT_FOUND');
  const mediaIds = [row.thumbnailMediaId, row.planMediaId].filter((id): id is number => id !== null);
  const media = await mediaByIds(db, mediaIds);
  const markers = await repo.listMarkers(db, ctx.actor, row);
  const byPlace = (a: repo.MarkerRow, b: repo.MarkerRow) => a.sortOrder - b.sortOrder || a.id - b.id;
  const areas = markers.filter((m) => m.type === 'area').sort(byPlace);
  const tasks = markers.filter((m) => m.type === 'task').sort(byPlace);
  const mediaOf = (id: number | null) => (id === null ? null : (media.find((m) => m.id === id) ?? null));
  return {
    ...toSummary(row, ctx),
    thumbnail: mediaOf(row.thumbnailMediaId),
    plan: mediaOf(row.planMediaId),
    parent:
      row.parentId !== null && row.parentName !== null && row.parentKind !== null
        ? { id: row.parentId, name: row.parentName, kind: row.parentKind }
        : null,
    markers: [...areas, ...tasks].map(toMarker),
  };
}

// ---- writing

/** The project, visible and not deleted, that a new row goes into. @throws PROJECT_NOT_FOUND, PROJECT_DELETED */
async function writableProject(db: DbOrTx, actor: Actor, projectId: number): Promise<void> {
  const project = await projectsRepo.findRef(db, actor, projectId);
  if (!project) throw new AppError('PROJECT_NOT_FOUND');
  if (project.deleted) throw new AppError('PROJECT_DELETED');
}

/**
 * What stands in the way of the parent: a deck has none, an area's is a deck of the project or
 * nothing, a sub-area's is an area of the project. Null when the parent is right.
 */
async function parentProblem(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  kind: AreaKind,
  parentId: number | null,
): Promise<FieldError | null> {
  if (kind === 'deck') return parentId === null ? null : { code: 'not_allowed' };
  if (parentId === null) return kind === 'subarea' ? { code: 'required' } : null;
  const parent = await repo.findKind(db, actor, projectId, parentId);
  const wanted: AreaKind = kind === 'area' ? 'deck' : 'area';
  return parent?.kind === wanted ? null : { code: 'not_found' };
}

/** Checks the parent, the number (unique per project and kind) and the images; answers the fields to store. */
async function checkArea(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  kind: AreaKind,
  input: {
    parentId?: number | null | undefined;
    number?: string | undefined;
    name: string;
    areaType?: string | undefined;
    thumbnailMediaId?: number | null | undefined;
    planMediaId?: number | null | undefined;
  },
  exceptId?: number,
): Promise<repo.AreaFields> {
  const fields: repo.AreaFields = {
    parentId: input.parentId ?? null,
    number: input.number ?? '',
    name: input.name,
    areaType: input.areaType ?? '',
    thumbnailMediaId: input.thumbnailMediaId ?? null,
    planMediaId: input.planMediaId ?? null,
  };
  const errors: Record<string, FieldError> = {};
  // One after the other: inside a transaction the statements share one connection.
  const parent = await parentProblem(db, actor, projectId, kind, fields.parentId);
  if (parent) errors.parentId = parent;
  if (await repo.numberTaken(db, projectId, kind, fields.number, exceptId)) errors.number = { code: 'number_taken' };
  const wanted = [fields.thumbnailMediaId, fields.planMediaId].filter((id): id is number => id !== null);
  const found = new Set((await mediaRepo.findMany(db, wanted)).map((m) => m.id));
  if (fields.thumbnailMediaId !== null && !found.has(fields.thumbnailMediaId)) errors.thumbnailMediaId = { code: 'not_found' };
  if (fields.planMediaId !== null && !found.has(fields.planMediaId)) errors.planMediaId = { code: 'not_found' };
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
  return fields;
}

/** Two saves racing for one number both pass the check; the unique index stops the second. */
function numberRace(err: unknown): unknown {
  if (pgCode(err) === '23505' && pgConstraint(err) === 'project_areas_number_key') return fieldError('number', 'number_taken');
  // A parent or an image deleted between our check and the write.
  return raced(err);
}

/** Adds a deck, an area or a sub-area. @throws PROJECT_NOT_FOUND, PROJECT_DELETED, VALIDATION_FAILED (parentId, number, media) */
export async function createArea(ctx: Ctx, projectId: number, input: AreaInput): Promise<Area> {
  const now = ctx.clock();
  const kind = input.kind ?? 'area';
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      await writableProject(tx, ctx.actor, projectId);
      const fields = await checkArea(tx, ctx.actor, projectId, kind, input);
      const id = await repo.insertArea(tx, projectId, kind, fields, now);
      await audit(tx, ctx, 'area.created', { type: 'area', id }, { projectId, kind, number: fields.number, name: fields.name });
      return id;
    })
    .catch((err) => {
      throw numberRace(err);
    });
  return getArea(ctx, projectId, id);
}

/**
 * Many decks, areas or sub-areas from a text (`parseBulkAreas`: "Cabin 5001-5120" is 120 areas),
 * inserted in one statement after the existing ones. Numbers the project has already (for that
 * kind) are skipped and named, so running the same text twice adds nothing.
 * @throws PROJECT_NOT_FOUND, PROJECT_DELETED, VALIDATION_FAILED (text: range_invalid, range_too_large, duplicate_number, required; parentId)
 */
export async function bulkCreateAreas(ctx: Ctx, projectId: number, input: BulkAreasInput): Promise<BulkAreasResult> {
  const parsed = parseBulkAreas(input.text);
  if (!parsed.ok) throw fieldError('text', parsed.code, { line: parsed.line });
  if (parsed.areas.length === 0) throw fieldError('text', 'required');
  const kind = input.kind ?? 'area';
  const parentId = input.parentId ?? null;
  const now = ctx.clock();
  return ctx.db.orm
    .transaction(async (tx) => {
      await writableProject(tx, ctx.actor, projectId);
      const parent = await parentProblem(tx, ctx.actor, projectId, kind, parentId);
      if (parent) throw new AppError('VALIDATION_FAILED', { fieldErrors: { parentId: parent } });
      const inserted = await repo.insertMany(tx, projectId, kind, parentId, input.areaType ?? '', parsed.areas, now);
      const added = new Set(inserted);
      const skipped = parsed.areas.filter((a) => a.number !== '' && !added.has(a.number)).map((a) => a.number);
      await audit(
        tx,
        ctx,
        'area.bulk-created',
        { type: 'project', id: projectId },
        {
          kind,
          parentId,
          created: inserted.length,
          skipped: skipped.length,
        },
      );
      return { created: inserted.length, skipped };
    })
    .catch((err) => {
      throw numberRace(err);
    });
}

/** Locks the row and checks the version it was based on. @throws AREA_NOT_FOUND, STALE_VERSION */
async function lockAt(tx: DbOrTx, ctx: Ctx, projectId: number, areaId: number, version: number): Promise<repo.AreaLock> {
  const row = await repo.lockArea(tx, ctx.actor, projectId, areaId);
  if (!row) throw new AppError('AREA_NOT_FOUND');
  if (row.version !== version) throw new AppError('STALE_VERSION');
  return row;
}

/** Changes a row (its kind stays). @throws AREA_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, VALIDATION_FAILED */
export async function updateArea(ctx: Ctx, projectId: number, areaId: number, input: AreaUpdate): Promise<Area> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const row = await lockAt(tx, ctx, projectId, areaId, input.version);
      assertAbility(areaAbilities(row, viewerOf(ctx.actor)), 'canEdit');
      const fields = await checkArea(tx, ctx.actor, projectId, row.kind, input, areaId);
      if (!(await repo.updateArea(tx, areaId, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await audit(tx, ctx, 'area.updated', { type: 'area', id: areaId }, { projectId, number: fields.number, name: fields.name });
    })
    .catch((err) => {
      throw numberRace(err);
    });
  return getArea(ctx, projectId, areaId);
}

/**
 * Removes a row with everything under it: sub-areas, tasks, sub-tasks and order lines (the UI
 * asks first). @throws AREA_NOT_FOUND, STALE_VERSION, PROJECT_DELETED
 */
export async function deleteArea(ctx: Ctx, projectId: number, areaId: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const row = await lockAt(tx, ctx, projectId, areaId, version);
    assertAbility(areaAbilities(row, viewerOf(ctx.actor)), 'canDelete');
    if (!(await repo.removeArea(tx, areaId, version))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'area.deleted',
      { type: 'area', id: areaId },
      { projectId, kind: row.kind, number: row.number, name: row.name },
    );
  });
}

/**
 * Completes (done) or reopens a row, with its feed row (area.completed / area.opened) and audit
 * row in the same transaction: all three are there, or none.
 * @throws AREA_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, AREA_COMPLETED, AREA_OPEN
 */
export async function setAreaDone(ctx: Ctx, projectId: number, areaId: number, version: number, done: boolean): Promise<Area> {
  const now = ctx.clock();
  const status: AreaStatus = done ? 'completed' : 'open';
  await ctx.db.orm.transaction(async (tx) => {
    const row = await lockAt(tx, ctx, projectId, areaId, version);
    assertAbility(areaAbilities(row, viewerOf(ctx.actor)), done ? 'canComplete' : 'canReopen');
    if (!(await repo.setStatus(tx, areaId, version, status, now))) throw new AppError('STALE_VERSION');
    await writeFeedEvent(tx, ctx, {
      projectId,
      kind: done ? 'area.completed' : 'area.opened',
      subjectType: 'area',
      subjectId: areaId,
      subjectName: row.name,
      areaId,
      data: { kind: row.kind, number: row.number },
    });
    await audit(tx, ctx, done ? 'area.completed' : 'area.reopened', { type: 'area', id: areaId }, { projectId });
  });
  return getArea(ctx, projectId, areaId);
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/**
 * Places one of the area's markers (a child area, or a task of a non-deck) where it was dropped:
 * pixels of the plan as rendered become fractions of its size, so the place holds at any size.
 * Only the position changes: no version, a move is last-writer-wins.
 * @throws AREA_NOT_FOUND (the area, or a child area not on its plan), TASK_NOT_FOUND, PROJECT_DELETED
 */
export async function moveMarker(ctx: Ctx, projectId: number, areaId: number, input: MarkerMove): Promise<MarkerPosition> {
  const x = clamp(input.left / input.width);
  const y = clamp(input.top / input.height);
  await ctx.db.orm.transaction(async (tx) => {
    const area = await repo.lockArea(tx, ctx.actor, projectId, areaId);
    if (!area) throw new AppError('AREA_NOT_FOUND');
    assertAbility(areaAbilities(area, viewerOf(ctx.actor)), 'canEdit');
    if (!(await repo.placeMarker(tx, ctx.actor, area, input, x, y))) {
      throw new AppError(input.type === 'area' ? 'AREA_NOT_FOUND' : 'TASK_NOT_FOUND');
    }
    await audit(tx, ctx, 'area.marker-moved', { type: 'area', id: areaId }, { projectId, type: input.type, id: input.id, x, y });
  });
  return { x, y };
}
