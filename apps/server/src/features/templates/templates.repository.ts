import type { AreaKind } from '@app/shared/projects/projects.rules';
import type { TemplateApplicationError, TemplateApplicationStatus } from '@app/shared/templates/templates.rules';
import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, employees, projectTemplates, templateApplications, templateAreas } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { joinedPersonNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike, query } from '../../platform/sql';

// Templates are global (any project may use one); the routes are staff-only. What belongs to a
// project (copying its areas, its applications) ANDs scope.project, so another company's or a
// missing project reads the same.

// ---- templates

export interface TemplateRow {
  id: number;
  title: string;
  areaCount: number;
  createdBy: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

const creatorName = joinedPersonNameSql(employees);

const templateColumns = {
  id: projectTemplates.id,
  title: projectTemplates.title,
  areaCount: projectTemplates.areaCount,
  createdBy: creatorName,
  version: projectTemplates.version,
  createdAt: projectTemplates.createdAt,
  updatedAt: projectTemplates.updatedAt,
};

/** One page of templates by title (a search matches the title), and the total: two statements. */
export async function listTemplates(
  db: DbOrTx,
  q: { q?: string | undefined; page: number; perPage: number },
): Promise<{ rows: TemplateRow[]; total: number }> {
  const where = q.q ? ilike(projectTemplates.title, `%${escapeLike(q.q)}%`) : undefined;
  const [rows, count] = await Promise.all([
    db
      .select(templateColumns)
      .from(projectTemplates)
      .leftJoin(accounts, eq(accounts.id, projectTemplates.createdBy))
      .leftJoin(employees, eq(employees.id, accounts.employeeId))
      .where(where)
      .orderBy(sql`lower(${projectTemplates.title})`, projectTemplates.id)
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(projectTemplates).where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function findTemplate(db: DbOrTx, id: number): Promise<TemplateRow | null> {
  const rows = await db
    .select(templateColumns)
    .from(projectTemplates)
    .leftJoin(accounts, eq(accounts.id, projectTemplates.createdBy))
    .leftJoin(employees, eq(employees.id, accounts.employeeId))
    .where(eq(projectTemplates.id, id));
  return rows[0] ?? null;
}

export interface TemplateAreaRow {
  id: number;
  parentId: number | null;
  kind: AreaKind;
  number: string;
  name: string;
  areaType: string;
}

/** A template's rows in its order: decks, each followed by its areas and their sub-areas. */
export async function listTemplateAreas(db: DbOrTx, templateId: number): Promise<TemplateAreaRow[]> {
  return db
    .select({
      id: templateAreas.id,
      parentId: templateAreas.parentId,
      kind: sql<AreaKind>`${templateAreas.kind}`,
      number: templateAreas.number,
      name: templateAreas.name,
      areaType: templateAreas.areaType,
    })
    .from(templateAreas)
    .where(eq(templateAreas.templateId, templateId))
    .orderBy(templateAreas.sortOrder, templateAreas.id);
}

export async function insertTemplate(db: DbOrTx, title: string, createdBy: number | null, now: Date): Promise<number> {
  const rows = await db
    .insert(projectTemplates)
    .values({ title, createdBy, createdAt: now, updatedAt: now })
    .returning({ id: projectTemplates.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/**
 * Copies the project's decks, areas and sub-areas into the template in one statement: each row
 * gets its new id first (nextval), so a parent is found within the same statement; the template's
 * order is the project's tree order. Answers how many rows were copied (and stores it).
 */
export async function copyProjectAreas(db: DbOrTx, actor: Actor, projectId: number, templateId: number): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    sql`WITH src AS MATERIALIZED (
          SELECT a.id, a.parent_id, a.kind, a.number, a.name, a.area_type, a.tree_rank,
                 nextval(pg_get_serial_sequence('template_areas', 'id')) AS new_id
            FROM project_areas a
           WHERE a.project_id = ${projectId} AND ${scope.project(actor, sql`a.project_id`)}
             AND ${scope.area(actor, sql`a.project_id`, sql`a.id`)}
        ), ins AS (
          INSERT INTO template_areas (id, template_id, parent_id, kind, number, name, area_type, sort_order)
          OVERRIDING SYSTEM VALUE
          SELECT s.new_id, ${templateId}, p.new_id, s.kind, s.number, s.name, s.area_type,
                 row_number() OVER (ORDER BY s.tree_rank, s.id)
            FROM src s LEFT JOIN src p ON p.id = s.parent_id
          RETURNING 1
        )
        UPDATE project_templates SET area_count = (SELECT count(*) FROM ins)
         WHERE id = ${templateId}
        RETURNING area_count AS n`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function renameTemplate(db: DbOrTx, id: number, version: number, title: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(projectTemplates)
    .set({ title, version: sql`${projectTemplates.version} + 1`, updatedAt: now })
    .where(and(eq(projectTemplates.id, id), eq(projectTemplates.version, version)))
    .returning({ id: projectTemplates.id });
  return rows.length > 0;
}

export async function removeTemplate(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(projectTemplates)
    .where(and(eq(projectTemplates.id, id), eq(projectTemplates.version, version)))
    .returning({ id: projectTemplates.id });
  return rows.length > 0;
}

// ---- applications

export interface ApplicationRow {
  id: number;
  projectId: number;
  templateId: number | null;
  templateTitle: string | null;
  status: TemplateApplicationStatus;
  total: number;
  processed: number;
  created: number;
  skipped: number;
  skippedSample: string[];
  /** A TemplateApplicationError code (the column is text). */
  error: string | null;
  resumed: number;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const applicationColumns = {
  id: templateApplications.id,
  projectId: templateApplications.projectId,
  templateId: templateApplications.templateId,
  templateTitle: projectTemplates.title,
  status: sql<TemplateApplicationStatus>`${templateApplications.status}`,
  total: templateApplications.total,
  processed: templateApplications.processed,
  created: templateApplications.created,
  skipped: templateApplications.skipped,
  skippedSample: templateApplications.skippedSample,
  error: templateApplications.error,
  resumed: templateApplications.resumed,
  startedAt: templateApplications.startedAt,
  finishedAt: templateApplications.finishedAt,
  createdAt: templateApplications.createdAt,
  updatedAt: templateApplications.updatedAt,
};

/** One application of a project the actor may see. */
export async function findApplication(db: DbOrTx, actor: Actor, projectId: number, id: number): Promise<ApplicationRow | null> {
  const rows = await db
    .select(applicationColumns)
    .from(templateApplications)
    .leftJoin(projectTemplates, eq(projectTemplates.id, templateApplications.templateId))
    .where(
      and(
        eq(templateApplications.id, id),
        eq(templateApplications.projectId, projectId),
        scope.project(actor, templateApplications.projectId),
      ),
    );
  return rows[0] ?? null;
}

/** The project's applications, newest first, and their total: two statements. */
export async function listApplications(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  q: { page: number; perPage: number },
): Promise<{ rows: ApplicationRow[]; total: number }> {
  const where = and(eq(templateApplications.projectId, projectId), scope.project(actor, templateApplications.projectId));
  const [rows, count] = await Promise.all([
    db
      .select(applicationColumns)
      .from(templateApplications)
      .leftJoin(projectTemplates, eq(projectTemplates.id, templateApplications.templateId))
      .where(where)
      .orderBy(desc(templateApplications.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(templateApplications).where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The project's queued or running applications (at most one). */
export async function activeApplications(db: DbOrTx, projectId: number): Promise<{ id: number }[]> {
  return db
    .select({ id: templateApplications.id })
    .from(templateApplications)
    .where(and(eq(templateApplications.projectId, projectId), inArray(templateApplications.status, ['queued', 'running'])));
}

/**
 * Applications without a heartbeat since `before` (of one project, or all): a running one lost its
 * worker and goes back to the queue (`resumed` counts it), a queued one lost its job or waited
 * long; both get a fresh heartbeat, so the next sweep leaves them to the job sent now. Answers them.
 */
export async function requeueDead(
  db: DbOrTx,
  before: Date,
  now: Date,
  projectId?: number,
): Promise<{ id: number; projectId: number; wasRunning: boolean }[]> {
  const r = await query<{ id: number; projectId: number; wasRunning: boolean }>(
    db,
    sql`UPDATE template_applications a
           SET status = 'queued', resumed = a.resumed + (a.status = 'running')::int,
               heartbeat_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
          FROM (SELECT id, status FROM template_applications
                 WHERE status IN ('queued','running') AND heartbeat_at < ${before.toISOString()}::timestamptz
                   ${projectId === undefined ? sql`` : sql`AND project_id = ${projectId}`}
                 FOR UPDATE SKIP LOCKED) old
         WHERE a.id = old.id
        RETURNING a.id, a.project_id AS "projectId", old.status = 'running' AS "wasRunning"`,
  );
  return r.map((x) => ({ id: Number(x.id), projectId: Number(x.projectId), wasRunning: Boolean(x.wasRunning) }));
}

/**
 * Takes the application for this worker: a queued one, or a running one whose worker died (then
 * `resumed` counts it). False when it is finished, failed, or a living worker's.
 */
export async function claimApplication(db: DbOrTx, id: number, deadBefore: Date, now: Date): Promise<boolean> {
  const r = await query<{ id: number }>(
    db,
    sql`UPDATE template_applications
           SET resumed = resumed + (status = 'running')::int, status = 'running',
               heartbeat_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz,
               started_at = coalesce(started_at, ${now.toISOString()}::timestamptz)
         WHERE id = ${id}
           AND (status = 'queued' OR (status = 'running' AND heartbeat_at < ${deadBefore.toISOString()}::timestamptz))
        RETURNING id`,
  );
  return r.length > 0;
}

/** The worker's heartbeat; false when the application is no longer running (taken over, or ended). */
export async function heartbeatApplication(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const r = await query<{ id: number }>(
    db,
    sql`UPDATE template_applications SET heartbeat_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND status = 'running' RETURNING id`,
  );
  return r.length > 0;
}

export async function failApplications(
  db: DbOrTx,
  ids: readonly number[],
  error: TemplateApplicationError,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(templateApplications)
    .set({ status: 'failed', error, finishedAt: now, updatedAt: now })
    .where(inArray(templateApplications.id, [...ids]));
}

export async function insertApplication(
  db: DbOrTx,
  f: { templateId: number; projectId: number; total: number; createdBy: number | null },
  now: Date,
): Promise<number> {
  const rows = await db
    .insert(templateApplications)
    .values({ ...f, status: 'queued', heartbeatAt: now, createdAt: now, updatedAt: now })
    .returning({ id: templateApplications.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/** The project an application belongs to (never changes), or null: the job's key for the project's lock. */
export async function applicationProjectId(db: DbOrTx, id: number): Promise<number | null> {
  const rows = await db
    .select({ projectId: templateApplications.projectId })
    .from(templateApplications)
    .where(eq(templateApplications.id, id));
  return rows[0]?.projectId ?? null;
}

/**
 * The template to apply, held with FOR KEY SHARE until the transaction ends: a delete waits, and
 * one committed meanwhile reads as not found, so the application's reference to it stays valid.
 */
export async function lockTemplateForApply(db: DbOrTx, id: number): Promise<{ id: number; areaCount: number } | null> {
  const rows = await db
    .select({ id: projectTemplates.id, areaCount: projectTemplates.areaCount })
    .from(projectTemplates)
    .where(eq(projectTemplates.id, id))
    .for('key share');
  return rows[0] ?? null;
}

/** The application row locked for one batch of the job (no scope: the job acts for the system). */
export async function lockApplication(
  db: DbOrTx,
  id: number,
): Promise<{
  id: number;
  projectId: number;
  templateId: number | null;
  status: TemplateApplicationStatus;
  total: number;
  processed: number;
  skippedSample: string[];
} | null> {
  const rows = await db
    .select({
      id: templateApplications.id,
      projectId: templateApplications.projectId,
      templateId: templateApplications.templateId,
      status: sql<TemplateApplicationStatus>`${templateApplications.status}`,
      total: templateApplications.total,
      processed: templateApplications.processed,
      skippedSample: templateApplications.skippedSample,
    })
    .from(templateApplications)
    .where(eq(templateApplications.id, id))
    .for('update');
  return rows[0] ?? null;
}

export async function recordBatch(
  db: DbOrTx,
  id: number,
  f: { processed: number; created: number; skipped: number; skippedSample: string[]; done: boolean },
  now: Date,
): Promise<void> {
  await db
    .update(templateApplications)
    .set({
      status: f.done ? 'done' : 'running',
      processed: sql`${templateApplications.processed} + ${f.processed}`,
      created: sql`${templateApplications.created} + ${f.created}`,
      skipped: sql`${templateApplications.skipped} + ${f.skipped}`,
      skippedSample: f.skippedSample,
      startedAt: sql`coalesce(${templateApplications.startedAt}, ${now}::timestamptz)`,
      ...(f.done ? { finishedAt: now } : {}),
      heartbeatAt: now,
      updatedAt: now,
    })
    .where(eq(templateApplications.id, id));
}

/**
 * A template row to apply, with its parent's and grandparent's kind, number and name: the path
 * that finds the parent in the project (a parent without a number by its name under its own parent).
 */
export interface ApplyRow {
  kind: AreaKind;
  number: string;
  name: string;
  areaType: string;
  parentKind: AreaKind | null;
  parentNumber: string | null;
  parentName: string | null;
  grandparentKind: AreaKind | null;
  grandparentNumber: string | null;
  grandparentName: string | null;
}

/**
 * The rows of one batch: the template in a fixed order (decks, then areas, then sub-areas, each
 * in the template's order), from `offset` (what the application has processed so far).
 */
export async function applyBatch(db: DbOrTx, templateId: number, offset: number, limit: number): Promise<ApplyRow[]> {
  return query<ApplyRow>(
    db,
    sql`SELECT t.kind, t.number, t.name, t.area_type AS "areaType",
               p.kind AS "parentKind", p.number AS "parentNumber", p.name AS "parentName",
               g.kind AS "grandparentKind", g.number AS "grandparentNumber", g.name AS "grandparentName"
          FROM template_areas t
          LEFT JOIN template_areas p ON p.id = t.parent_id
          LEFT JOIN template_areas g ON g.id = p.parent_id
         WHERE t.template_id = ${templateId}
         ORDER BY CASE t.kind WHEN 'deck' THEN 0 WHEN 'area' THEN 1 ELSE 2 END, t.sort_order, t.id
         OFFSET ${offset} LIMIT ${limit}`,
  );
}

/**
 * Inserts one batch into the project in one statement, set-based: the parent is found in the
 * project by its path: by kind and number, or, without a number, by kind and name under its own
 * parent (the grandparent, found the same way; none when the template's parent has none), so two
 * unnumbered areas of the same name on two decks each keep their own sub-areas; a row whose number the
 * project has (per kind, case-insensitive), or, without a number, whose name it has under the
 * same parent, is left out, and ON CONFLICT leaves a number added a moment ago alone. A sub-area
 * whose area cannot be found is left out too. New rows go after the project's rows of their kind.
 * Answers the rows inserted.
 */
export async function insertBatch(
  db: DbOrTx,
  projectId: number,
  batch: readonly ApplyRow[],
  now: Date,
): Promise<{ kind: AreaKind; number: string; name: string; parentId: number | null }[]> {
  if (batch.length === 0) return [];
  const json = JSON.stringify(
    batch.map((r, i) => ({
      ord: i + 1,
      kind: r.kind,
      number: r.number,
      name: r.name,
      area_type: r.areaType,
      parent_kind: r.parentKind,
      parent_number: r.parentNumber,
      parent_name: r.parentName,
      gp_kind: r.grandparentKind,
      gp_number: r.grandparentNumber,
      gp_name: r.grandparentName,
    })),
  );
  return query(
    db,
    sql`WITH r AS (
          SELECT * FROM json_to_recordset(${json}::json)
                 AS r(ord int, kind text, number text, name text, area_type text,
                      parent_kind text, parent_number text, parent_name text,
                      gp_kind text, gp_number text, gp_name text)
        ), g AS (
          -- the grandparent (a deck: it has no parent itself)
          SELECT r.*, coalesce(
                   (SELECT x.id FROM project_areas x
                     WHERE r.gp_number <> '' AND x.project_id = ${projectId} AND x.kind = r.gp_kind
                       AND x.number <> '' AND lower(x.number) = lower(r.gp_number)),
                   (SELECT x.id FROM project_areas x
                     WHERE r.gp_number = '' AND x.project_id = ${projectId} AND x.kind = r.gp_kind
                       AND x.number = '' AND lower(x.name) = lower(r.gp_name) AND x.parent_id IS NULL
                     ORDER BY x.id LIMIT 1)) AS gp_id
            FROM r
        ), d AS (
          SELECT g.*, coalesce(
                   -- by number: the unique index (project_id, kind, lower(number)) WHERE number <> ''
                   (SELECT x.id FROM project_areas x
                     WHERE g.parent_number <> '' AND x.project_id = ${projectId} AND x.kind = g.parent_kind
                       AND x.number <> '' AND lower(x.number) = lower(g.parent_number)),
                   -- without a number: by name under its own parent (not found when that parent is missing)
                   (SELECT x.id FROM project_areas x
                     WHERE g.parent_number = '' AND x.project_id = ${projectId} AND x.kind = g.parent_kind
                       AND x.number = '' AND lower(x.name) = lower(g.parent_name)
                       AND CASE WHEN g.gp_kind IS NULL THEN x.parent_id IS NULL ELSE x.parent_id = g.gp_id END
                     ORDER BY x.id LIMIT 1)) AS parent_id
            FROM g
        ), last AS (
          SELECT k.kind, coalesce(max(x.sort_order), 0) AS n
            FROM (VALUES ('deck'), ('area'), ('subarea')) k(kind)
            LEFT JOIN project_areas x ON x.project_id = ${projectId} AND x.kind = k.kind
           GROUP BY k.kind
        )
        INSERT INTO project_areas (project_id, parent_id, kind, number, name, area_type, sort_order, created_at, updated_at)
        SELECT ${projectId}, d.parent_id, d.kind, d.number, d.name, d.area_type,
               last.n + row_number() OVER (PARTITION BY d.kind ORDER BY d.ord),
               ${now}::timestamptz, ${now}::timestamptz
          FROM d JOIN last ON last.kind = d.kind
         WHERE (d.kind <> 'subarea' OR d.parent_id IS NOT NULL)
           AND NOT EXISTS (
                 SELECT 1 FROM project_areas x
                  WHERE d.number <> '' AND x.project_id = ${projectId} AND x.kind = d.kind
                    AND x.number <> '' AND lower(x.number) = lower(d.number))
           AND NOT EXISTS (
                 SELECT 1 FROM project_areas x
                  WHERE d.number = '' AND x.project_id = ${projectId} AND x.kind = d.kind
                    AND x.number = '' AND lower(x.name) = lower(d.name)
                    AND x.parent_id IS NOT DISTINCT FROM d.parent_id)
         ORDER BY d.ord
        ON CONFLICT (project_id, kind, lower(number)) WHERE number <> '' DO NOTHING
        RETURNING kind, number, name, parent_id AS "parentId"`,
  );
}

/** How many rows of each kind the template holds (the job's batches never mix kinds). */
export async function kindCounts(db: DbOrTx, templateId: number): Promise<Record<AreaKind, number>> {
  const rows = await query<{ kind: AreaKind; n: number }>(
    db,
    sql`SELECT kind, count(*)::int AS n FROM template_areas WHERE template_id = ${templateId} GROUP BY kind`,
  );
  const out: Record<AreaKind, number> = { deck: 0, area: 0, subarea: 0 };
  for (const r of rows) out[r.kind] = Number(r.n);
  return out;
}
