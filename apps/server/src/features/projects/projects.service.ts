import { mediaUrl } from '@app/shared/media/media';
import type { FieldError } from '@app/shared/platform/errors';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { Project, ProjectInput, ProjectListItem, ProjectListQuery, ProjectUpdate } from '@app/shared/projects/projects';
import { projectAbilities } from '@app/shared/projects/projects.rules';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, raced } from '../../platform/errors';
import { attachableFileIds, fileInfos } from '../files/files.service';
import { mediaByIds } from '../media/media.service';
import { liveEmployeeIds } from '../users/employees.repository';
import * as repo from './projects.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toListItem(r: repo.ProjectRow, agg: repo.ProjectAggregates, ctx: Ctx): ProjectListItem {
  return {
    id: r.id,
    name: r.name,
    status: r.status,
    type: r.type,
    managers: agg.managers,
    companies: agg.companies,
    featuredThumbUrl: r.featuredMediaId === null ? null : mediaUrl(r.featuredMediaId, 'thumb'),
    areasCount: agg.areasCount,
    openTicketsCount: agg.openTicketsCount,
    completion: {
      tasksDone: agg.tasksDone,
      tasksTotal: agg.tasksTotal,
      subtasksDone: agg.subtasksDone,
      subtasksTotal: agg.subtasksTotal,
    },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    deletedAt: iso(r.deletedAt),
    version: r.version,
    abilities: projectAbilities(r, viewerOf(ctx.actor)),
  };
}

/**
 * The projects list: tab (active, archived, deleted), search on name and trimitId, sort and
 * paging on the server. A page costs the same statements whatever its size: its rows, the
 * total, and the aggregates (people, counts, completion) of its ids in one statement.
 */
export async function listProjects(ctx: Ctx, q: ProjectListQuery): Promise<Page<ProjectListItem>> {
  const db = ctx.db.orm;
  const { rows, total } = await repo.listPage(db, ctx.actor, q);
  const aggs = await repo.aggregates(
    db,
    ctx.actor,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => toListItem(r, aggs.get(r.id) as repo.ProjectAggregates, ctx)),
    meta: pageMeta(q.page, q.perPage, total),
  };
}

async function loadProject(db: DbOrTx, ctx: Ctx, id: number): Promise<Project | null> {
  const row = await repo.find(db, ctx.actor, id);
  if (!row) return null;
  const aggs = await repo.aggregates(db, ctx.actor, [id]);
  const extra = await repo.details(db, ctx.actor, id);
  const media = row.featuredMediaId === null ? [] : await mediaByIds(db, [row.featuredMediaId]);
  const attachments = await fileInfos(db, extra.attachmentIds);
  return {
    ...toListItem(row, aggs.get(id) as repo.ProjectAggregates, ctx),
    trimitId: row.trimitId,
    notes: row.notes,
    mapsLink: row.mapsLink,
    color: row.color,
    phone: row.phone,
    contact: row.contact,
    address: row.address,
    members: extra.members,
    featuredImage: media[0] ?? null,
    attachments,
    archivedAt: iso(row.archivedAt),
  };
}

/** One project with its people, featured image and attachments. @throws PROJECT_NOT_FOUND */
export async function getProject(ctx: Ctx, id: number): Promise<Project> {
  const p = await loadProject(ctx.db.orm, ctx, id);
  if (!p) throw new AppError('PROJECT_NOT_FOUND');
  return p;
}

const unique = (ids: readonly number[] | undefined) => [...new Set(ids ?? [])];

/**
 * The references of a save must exist: managers and attached users are employees not deleted,
 * companies are not deleted, the featured image is a stored image the actor may see, and each
 * attachment a file the actor may see (its own fresh upload, or one attached where it may look).
 * @throws VALIDATION_FAILED with a fieldError per field (`not_found`)
 */
async function checkInput(
  db: DbOrTx,
  ctx: Ctx,
  input: ProjectInput,
): Promise<{ fields: repo.ProjectFields; sets: repo.ProjectSets }> {
  const sets: repo.ProjectSets = {
    managerIds: unique(input.managerIds),
    memberIds: unique(input.memberIds),
    companyIds: unique(input.companyIds),
    attachmentIds: unique(input.attachmentIds),
  };
  const featuredMediaId = input.featuredMediaId ?? null;
  // One after the other: inside a transaction the statements share one connection.
  const employees = await liveEmployeeIds(db, [...sets.managerIds, ...sets.memberIds]);
  const companies = await repo.liveCompanyIds(db, sets.companyIds);
  const files = await attachableFileIds(db, ctx.actor, sets.attachmentIds);
  const mediaOk = featuredMediaId === null || (await repo.mediaVisible(db, ctx.actor, featuredMediaId));
  const errors: Record<string, FieldError> = {};
  if (sets.managerIds.some((id) => !employees.has(id))) errors.managerIds = { code: 'not_found' };
  if (sets.memberIds.some((id) => !employees.has(id))) errors.memberIds = { code: 'not_found' };
  if (sets.companyIds.some((id) => !companies.has(id))) errors.companyIds = { code: 'not_found' };
  if (sets.attachmentIds.some((id) => !files.has(id))) errors.attachmentIds = { code: 'not_found' };
  if (!mediaOk) errors.featuredMediaId = { code: 'not_found' };
  if (Object.keys(errors).length) {
    throw new AppError('VALIDATION_FAILED', { message: `Unknown ${Object.keys(errors).join(', ')}`, fieldErrors: errors });
  }
  return {
    fields: {
      name: input.name,
      status: input.status ?? 'active',
      type: input.type ?? 'standard',
      trimitId: input.trimitId ?? '',
      notes: input.notes ?? '',
      mapsLink: input.mapsLink ?? '',
      color: input.color ?? '',
      phone: input.phone ?? '',
      contact: input.contact ?? '',
      address: input.address ?? '',
      featuredMediaId,
    },
    sets,
  };
}

/** Adds a project with its people, companies and attachments. @throws VALIDATION_FAILED */
export async function createProject(ctx: Ctx, input: ProjectInput): Promise<Project> {
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      const { fields, sets } = await checkInput(tx, ctx, input);
      const createdBy = ctx.actor.kind === 'employee' ? ctx.actor.accountId : null;
      const id = await repo.insert(tx, fields, createdBy, now);
      await repo.replaceSets(tx, id, sets);
      await audit(tx, ctx, 'project.created', { type: 'project', id }, { name: fields.name });
      return id;
    })
    .catch((err) => {
      throw raced(err);
    });
  return getProject(ctx, id);
}

/**
 * Saves every field of a project and replaces its managers, attached users, companies and
 * attachments, based on the version the edit started from.
 * @throws PROJECT_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, FORBIDDEN, VALIDATION_FAILED
 */
export async function updateProject(ctx: Ctx, id: number, input: ProjectUpdate): Promise<Project> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const row = await repo.lock(tx, ctx.actor, id);
      if (!row) throw new AppError('PROJECT_NOT_FOUND');
      if (row.version !== input.version) throw new AppError('STALE_VERSION');
      assertAbility(projectAbilities(row, viewerOf(ctx.actor)), 'canEdit');
      const { fields, sets } = await checkInput(tx, ctx, input);
      if (!(await repo.update(tx, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await repo.replaceSets(tx, id, sets);
      await audit(tx, ctx, 'project.updated', { type: 'project', id }, { name: fields.name });
    })
    .catch((err) => {
      throw raced(err);
    });
  return getProject(ctx, id);
}

type StateChange = 'archived' | 'restored' | 'deleted';

/**
 * Locks the project, checks the version and the ability the change needs, then writes it with
 * its audit row, all in one transaction.
 */
async function changeState(
  ctx: Ctx,
  id: number,
  version: number,
  ability: 'canArchive' | 'canRestore' | 'canDelete',
  event: StateChange,
  next: (row: repo.ProjectRow, now: Date) => Parameters<typeof repo.setState>[3],
): Promise<void> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const row = await repo.lock(tx, ctx.actor, id);
    if (!row) throw new AppError('PROJECT_NOT_FOUND');
    if (row.version !== version) throw new AppError('STALE_VERSION');
    assertAbility(projectAbilities(row, viewerOf(ctx.actor)), ability);
    const state = next(row, now);
    if (!(await repo.setState(tx, id, version, state, now))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, `project.${event}`, { type: 'project', id }, { name: row.name, ...stateData(state) });
  });
}

const stateData = (state: Parameters<typeof repo.setState>[3]) => ({
  ...(state.status ? { status: state.status } : {}),
  ...('deletedAt' in state ? { deleted: state.deletedAt !== null } : {}),
});

/** Archives a project: status inactive, from now. @throws PROJECT_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, PROJECT_ARCHIVED, FORBIDDEN */
export async function archiveProject(ctx: Ctx, id: number, version: number): Promise<Project> {
  await changeState(ctx, id, version, 'canArchive', 'archived', (_row, now) => ({ status: 'inactive', archivedAt: now }));
  return getProject(ctx, id);
}

/**
 * Restores a project: a deleted one comes back as it was before the delete (archived or active,
 * with all its areas, tasks and tickets, which a delete never touches); an archived one becomes
 * active again. @throws PROJECT_NOT_FOUND, STALE_VERSION, PROJECT_NOT_ARCHIVED, FORBIDDEN
 */
export async function restoreProject(ctx: Ctx, id: number, version: number): Promise<Project> {
  await changeState(ctx, id, version, 'canRestore', 'restored', (row) =>
    row.deletedAt ? { deletedAt: null } : { status: 'active', archivedAt: null },
  );
  return getProject(ctx, id);
}

/**
 * Deletes a project softly: it moves to the deleted tab with everything in it, until restored.
 * @throws PROJECT_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, FORBIDDEN
 */
export async function deleteProject(ctx: Ctx, id: number, version: number): Promise<void> {
  await changeState(ctx, id, version, 'canDelete', 'deleted', (_row, now) => ({ deletedAt: now }));
}

/** The project's name for a breadcrumb, when the actor may see it. */
export async function projectTitle(ctx: Ctx, id: number): Promise<string | null> {
  return repo.findName(ctx.db.orm, ctx.actor, id);
}
