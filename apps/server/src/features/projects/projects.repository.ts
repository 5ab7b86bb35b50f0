import type { NamedRef, ProjectListQuery } from '@app/shared/projects/projects';
import type { ProjectStatus, ProjectType } from '@app/shared/projects/projects.rules';
import { and, asc, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { projectAttachments, projectCompanies, projectManagers, projectMembers, projects } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike, intArray, query } from '../../platform/sql';

/**
 * Projects as the actor may see them. Every statement here ANDs `visible(actor)` into its WHERE:
 * staff with a projects right see every project (the deleted tab included); the portal view
 * sees the not deleted projects its company is attached to, and inside them only
 * the areas, tasks and tickets of its allowed areas (scope.area in the counts below). Nothing
 * outside that is ever read, so a foreign id is simply not found.
 */

export interface ProjectRow {
  id: number;
  name: string;
  status: ProjectStatus;
  type: ProjectType;
  trimitId: string;
  notes: string;
  mapsLink: string;
  color: string;
  phone: string;
  contact: string;
  address: string;
  featuredMediaId: number | null;
  archivedAt: Date | null;
  deletedAt: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: projects.id,
  name: projects.name,
  status: sql<ProjectStatus>`${projects.status}`,
  type: sql<ProjectType>`${projects.type}`,
  trimitId: projects.trimitId,
  notes: projects.notes,
  mapsLink: projects.mapsLink,
  color: projects.color,
  phone: projects.phone,
  contact: projects.contact,
  address: projects.address,
  featuredMediaId: projects.featuredMediaId,
  archivedAt: projects.archivedAt,
  deletedAt: projects.deletedAt,
  version: projects.version,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

/** The projects the actor may see: its scope, and for the portal view never a deleted one. */
export function visible(actor: Actor): SQL {
  const inScope = scope.project(actor, projects.id);
  return actor.kind === 'client' ? (and(inScope, isNull(projects.deletedAt)) as SQL) : inScope;
}

const TABS: Record<ProjectListQuery['tab'], SQL> = {
  active: and(eq(projects.status, 'active'), isNull(projects.deletedAt)) as SQL,
  archived: and(eq(projects.status, 'inactive'), isNull(projects.deletedAt)) as SQL,
  deleted: isNotNull(projects.deletedAt),
};

const lowerName = sql`lower(${projects.name})`;
const SORTS: Record<ProjectListQuery['sort'], SQL[]> = {
  '-updated': [desc(projects.updatedAt), desc(projects.id)],
  updated: [asc(projects.updatedAt), asc(projects.id)],
  '-created': [desc(projects.createdAt), desc(projects.id)],
  created: [asc(projects.createdAt), asc(projects.id)],
  name: [asc(lowerName), asc(projects.id)],
  '-name': [desc(lowerName), desc(projects.id)],
};

/**
 * One page of the list: the page's rows from `projects` alone (tab, search on name and trimitId,
 * sort, paging) and the total. What each row shows besides (people, counts) is `aggregates`, one
 * statement for the whole page.
 */
export async function listPage(db: DbOrTx, actor: Actor, q: ProjectListQuery): Promise<{ rows: ProjectRow[]; total: number }> {
  const term = q.q ? `%${escapeLike(q.q.toLowerCase())}%` : null;
  const where = and(
    visible(actor),
    TABS[q.tab],
    term ? or(sql`${lowerName} LIKE ${term}`, sql`lower(${projects.trimitId}) LIKE ${term}`) : undefined,
  );
  const rows = await db
    .select(columns)
    .from(projects)
    .where(where)
    .orderBy(...SORTS[q.sort])
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const count = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where);
  return { rows, total: count[0]?.n ?? 0 };
}

/** What a project shows besides its own columns: its people, companies and counts. */
export interface ProjectAggregates {
  managers: NamedRef[];
  companies: NamedRef[];
  /** Areas and sub-areas (decks are groups of areas, not places where work is done). */
  areasCount: number;
  openTicketsCount: number;
  tasksDone: number;
  tasksTotal: number;
  subtasksDone: number;
  subtasksTotal: number;
}

const EMPTY_AGGREGATES: ProjectAggregates = {
  managers: [],
  companies: [],
  areasCount: 0,
  openTicketsCount: 0,
  tasksDone: 0,
  tasksTotal: 0,
  subtasksDone: 0,
  subtasksTotal: 0,
};

/** A named-ref JSON array in SQL, ordered by name. */
const refs = (idCol: string, name: SQL) =>
  sql`coalesce(json_agg(json_build_object('id', ${sql.raw(idCol)}, 'name', ${name}) ORDER BY lower(${name}), ${sql.raw(idCol)}), '[]'::json)`;

/**
 * The aggregates of the given projects (those within the actor's scope) in one statement, whatever their number (no statement per
 * row): managers and attached companies (not deleted) by name, the areas count, open tickets and
 * the completion of tasks and sub-tasks, each counted within the actor's area scope so a portal
 * view limited to some areas counts only those.
 */
export async function aggregates(db: DbOrTx, actor: Actor, ids: readonly number[]): Promise<Map<number, ProjectAggregates>> {
  if (ids.length === 0) return new Map();
  const employeeName = personNameSql('e');
  const areaScope = scope.area(actor, sql.raw('a.project_id'), sql.raw('a.id'));
  const taskScope = scope.area(actor, sql.raw('t.project_id'), sql.raw('t.area_id'));
  // Project staff see every attached company; the portal view only its own among them.
  const companyScope = actor.kind === 'client' ? scope.company(actor, sql.raw('c.id')) : sql`true`;
  const ticketScope = sql`(tk.task_id IS NULL OR ${scope.area(actor, sql.raw('tk.project_id'), sql.raw('tk_t.area_id'))})`;
  const rows = await query<ProjectAggregates & { id: number }>(
    db,
    sql`SELECT p.id,
          (SELECT ${refs('e.id', employeeName)} FROM project_managers pm JOIN employees e ON e.id = pm.employee_id
            WHERE pm.project_id = p.id AND e.deleted_at IS NULL) AS managers,
          (SELECT ${refs('c.id', sql`c.name`)} FROM project_companies pc JOIN companies c ON c.id = pc.company_id
            WHERE pc.project_id = p.id AND c.deleted_at IS NULL AND ${companyScope}) AS companies,
          (SELECT count(*)::int FROM project_areas a
            WHERE a.project_id = p.id AND a.kind <> 'deck' AND ${areaScope}) AS "areasCount",
          (SELECT count(*)::int FROM tickets tk LEFT JOIN tasks tk_t ON tk_t.id = tk.task_id
            WHERE tk.project_id = p.id AND tk.status = 'open' AND ${ticketScope}) AS "openTicketsCount",
          tc.done AS "tasksDone", tc.total AS "tasksTotal", tc.st_done AS "subtasksDone", tc.st_total AS "subtasksTotal"
        FROM unnest(${intArray(ids)}) AS p(id)
        JOIN projects p_own ON p_own.id = p.id AND ${scope.project(actor, sql.raw('p_own.id'))}
        CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE t.status = 'completed')::int AS done, count(*)::int AS total,
                                   coalesce(sum(t.subtasks_done), 0)::int AS st_done, coalesce(sum(t.subtasks_total), 0)::int AS st_total
                              FROM tasks t WHERE t.project_id = p.id AND ${taskScope}) tc`,
  );
  const out = new Map<number, ProjectAggregates>();
  for (const { id, ...agg } of rows) out.set(id, agg);
  for (const id of ids) if (!out.has(id)) out.set(id, EMPTY_AGGREGATES);
  return out;
}

/** The project's own columns when the actor may see it, else null (missing and foreign look the same). */
export async function find(db: DbOrTx, actor: Actor, id: number): Promise<ProjectRow | null> {
  const rows = await db
    .select(columns)
    .from(projects)
    .where(and(eq(projects.id, id), visible(actor)));
  return rows[0] ?? null;
}

/** As `find`, locking the row for the rest of the transaction (a state change or an update). */
export async function lock(db: DbOrTx, actor: Actor, id: number): Promise<ProjectRow | null> {
  const rows = await db
    .select(columns)
    .from(projects)
    .where(and(eq(projects.id, id), visible(actor)))
    .for('update');
  return rows[0] ?? null;
}

/** The project's name for a breadcrumb, within the actor's scope. */
export async function findName(db: DbOrTx, actor: Actor, id: number): Promise<string | null> {
  const rows = await db
    .select({ name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, id), visible(actor)));
  return rows[0]?.name ?? null;
}

/** The detail page's extras: the attached users by name and the attachments' ids in their order (within the actor's scope). */
export async function details(db: DbOrTx, actor: Actor, id: number): Promise<{ members: NamedRef[]; attachmentIds: number[] }> {
  const employeeName = personNameSql('e');
  const rows = await query<{ members: NamedRef[]; attachmentIds: number[] | null }>(
    db,
    sql`SELECT
          (SELECT ${refs('e.id', employeeName)} FROM project_members pm JOIN employees e ON e.id = pm.employee_id
            WHERE pm.project_id = p.id AND e.deleted_at IS NULL) AS members,
          (SELECT array_agg(pa.file_id ORDER BY pa.position, pa.file_id) FROM project_attachments pa
            WHERE pa.project_id = p.id) AS "attachmentIds"
        FROM projects p WHERE p.id = ${id} AND ${scope.project(actor, sql.raw('p.id'))}`,
  );
  const r = rows[0];
  return { members: r?.members ?? [], attachmentIds: (r?.attachmentIds ?? []).map(Number) };
}

/** The columns a save writes. */
export interface ProjectFields {
  name: string;
  status: ProjectStatus;
  type: ProjectType;
  trimitId: string;
  notes: string;
  mapsLink: string;
  color: string;
  phone: string;
  contact: string;
  address: string;
  featuredMediaId: number | null;
}

/** The sets a save replaces. */
export interface ProjectSets {
  managerIds: number[];
  memberIds: number[];
  companyIds: number[];
  attachmentIds: number[];
}

/** Adds a project; `archived_at` is set when it starts inactive. */
export async function insert(db: DbOrTx, fields: ProjectFields, createdBy: number | null, now: Date): Promise<number> {
  const rows = await db
    .insert(projects)
    .values({
      ...fields,
      createdBy,
      archivedAt: fields.status === 'inactive' ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: projects.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('project insert returned no id');
  return id;
}

/**
 * Writes the fields when the version still matches (optimistic concurrency). A status change
 * keeps `archived_at` in step: set when it becomes inactive, cleared when it becomes active.
 */
export async function update(db: DbOrTx, id: number, version: number, fields: ProjectFields, now: Date): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({
      ...fields,
      archivedAt:
        fields.status === 'inactive'
          ? sql`CASE WHEN ${projects.status} = 'inactive' THEN ${projects.archivedAt} ELSE ${now} END`
          : null,
      version: sql`${projects.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(projects.id, id), eq(projects.version, version)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

/** A state change (archive, restore, delete) when the version still matches. */
export async function setState(
  db: DbOrTx,
  id: number,
  version: number,
  state: Partial<{ status: ProjectStatus; archivedAt: Date | null; deletedAt: Date | null }>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ ...state, version: sql`${projects.version} + 1`, updatedAt: now })
    .where(and(eq(projects.id, id), eq(projects.version, version)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

/**
 * Makes the project's managers, attached users, companies and attachments exactly the given
 * sets. Links that stay are left alone: a company's link carries its portal settings (all_areas,
 * company_project_areas), which removing and adding it again would lose.
 */
export async function replaceSets(db: DbOrTx, id: number, sets: ProjectSets): Promise<void> {
  const keep = (col: AnyPgColumn, ids: number[]) => (ids.length ? sql`NOT (${col} = ANY(${intArray(ids)}))` : undefined);

  await db
    .delete(projectManagers)
    .where(and(eq(projectManagers.projectId, id), keep(projectManagers.employeeId, sets.managerIds)));
  if (sets.managerIds.length)
    await db
      .insert(projectManagers)
      .values(sets.managerIds.map((employeeId) => ({ projectId: id, employeeId })))
      .onConflictDoNothing();

  await db.delete(projectMembers).where(and(eq(projectMembers.projectId, id), keep(projectMembers.employeeId, sets.memberIds)));
  if (sets.memberIds.length)
    await db
      .insert(projectMembers)
      .values(sets.memberIds.map((employeeId) => ({ projectId: id, employeeId })))
      .onConflictDoNothing();

  await db
    .delete(projectCompanies)
    .where(and(eq(projectCompanies.projectId, id), keep(projectCompanies.companyId, sets.companyIds)));
  if (sets.companyIds.length)
    await db
      .insert(projectCompanies)
      .values(sets.companyIds.map((companyId) => ({ projectId: id, companyId })))
      .onConflictDoNothing();

  await db
    .delete(projectAttachments)
    .where(and(eq(projectAttachments.projectId, id), keep(projectAttachments.fileId, sets.attachmentIds)));
  if (sets.attachmentIds.length)
    await db
      .insert(projectAttachments)
      .values(sets.attachmentIds.map((fileId, position) => ({ projectId: id, fileId, position })))
      .onConflictDoUpdate({
        target: [projectAttachments.projectId, projectAttachments.fileId],
        set: { position: sql`excluded.position` },
      });
}

/** The ids among `ids` that are companies not deleted. */
export async function liveCompanyIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT c.id FROM companies c WHERE c.id = ANY(${intArray(ids)}) AND c.deleted_at IS NULL`,
  );
  return new Set(rows.map((r) => r.id));
}

/** True when the image exists and the actor may see it (scope.media): what may be a featured image. */
export async function mediaVisible(db: DbOrTx, actor: Actor, mediaId: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT m.id FROM media m WHERE m.id = ${mediaId} AND ${scope.media(actor, sql.raw('m.id'))}`,
  );
  return rows.length > 0;
}

export interface ProjectRef {
  id: number;
  name: string;
  deleted: boolean;
}

/**
 * The project, deleted or not, when the actor may see it: what a project's areas, tasks and
 * tickets check first (a deleted project's records are read-only), and how a 404 names what is missing.
 */
export async function findRef(db: DbOrTx, actor: Actor, id: number): Promise<ProjectRef | null> {
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      deleted: sql<boolean>`(${projects.deletedAt} IS NOT NULL)`.mapWith(Boolean),
    })
    .from(projects)
    .where(and(eq(projects.id, id), scope.project(actor, projects.id)));
  return rows[0] ?? null;
}
