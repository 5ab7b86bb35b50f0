import type { ExportFormat, ExportKind, ExportStatus } from '@app/shared/exports/exports';
import type { HourActivity } from '@app/shared/hours/hours';
import { isPermission, PERMISSIONS, type Permission } from '@app/shared/platform/permissions';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { areaLabelSql, personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { intArray, query } from '../../platform/sql';

// Every query of the payroll exports. A run belongs to the account that asked (created_by): the
// routes read only their own. The job reads HR rows through scope.employeeRecord(actor, …, 'export')
// with the actor of the person who asked, loaded again when it runs.

/** What a run's `params` column holds. */
export interface ExportParams {
  from: string;
  to: string;
  employeeIds: number[] | null;
  /** Hours only: the hours of approved weeks (timesheet_weeks), the open ones listed apart. Left out: every hour. */
  approvedOnly?: boolean;
}

export interface RunRow {
  id: number;
  kind: ExportKind;
  format: ExportFormat;
  params: ExportParams;
  status: ExportStatus;
  done: number;
  total: number;
  storageKey: string | null;
  fileName: string | null;
  size: number | null;
  error: string | null;
  createdBy: number;
  createdAt: Date;
  finishedAt: Date | null;
}

const runColumns = sql`r.id, r.kind, r.format, r.params, r.status, r.done, r.total, r.storage_key AS "storageKey",
  r.file_name AS "fileName", r.size, r.error, r.created_by AS "createdBy", r.created_at AS "createdAt", r.finished_at AS "finishedAt"`;

const toRun = (r: RunRow): RunRow => ({
  ...r,
  id: Number(r.id),
  done: Number(r.done),
  total: Number(r.total),
  size: r.size === null ? null : Number(r.size),
  createdBy: Number(r.createdBy),
  createdAt: new Date(r.createdAt),
  finishedAt: r.finishedAt ? new Date(r.finishedAt) : null,
  params: typeof r.params === 'string' ? (JSON.parse(r.params) as ExportParams) : r.params,
});

export async function insertRun(
  db: DbOrTx,
  v: { kind: ExportKind; format: ExportFormat; params: ExportParams; createdBy: number },
  now: Date,
): Promise<number> {
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO export_runs (kind, format, params, created_by, created_at, heartbeat_at)
        VALUES (${v.kind}, ${v.format}, ${JSON.stringify(v.params)}::jsonb, ${v.createdBy}, ${now.toISOString()}::timestamptz,
                ${now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return Number(rows[0]?.id);
}

/** One run of the account (another account's run is not found, exactly like a missing id). */
export async function findOwnRun(db: DbOrTx, accountId: number, id: number): Promise<RunRow | null> {
  const rows = await query<RunRow>(
    db,
    sql`SELECT ${runColumns} FROM export_runs r WHERE r.id = ${id} AND r.created_by = ${accountId}`,
  );
  return rows[0] ? toRun(rows[0]) : null;
}

/** The account's newest runs (of one kind when given). */
export async function listOwnRuns(db: DbOrTx, accountId: number, kind: ExportKind | undefined, limit: number): Promise<RunRow[]> {
  const rows = await query<RunRow>(
    db,
    sql`SELECT ${runColumns} FROM export_runs r
         WHERE r.created_by = ${accountId} ${kind ? sql`AND r.kind = ${kind}` : sql``}
         ORDER BY r.id DESC LIMIT ${limit}`,
  );
  return rows.map(toRun);
}

/**
 * Takes a queued run for this worker (running, with a fresh heartbeat); null when it is not
 * queued: finished, failed, or a living worker's (a running one whose worker died is failed by
 * the sweep, never restarted: its file cannot be continued).
 */
export async function claimRun(db: DbOrTx, id: number, now: Date): Promise<RunRow | null> {
  const rows = await query<RunRow>(
    db,
    sql`UPDATE export_runs r SET status = 'running', done = 0, total = 0, error = NULL,
               heartbeat_at = ${now.toISOString()}::timestamptz
         WHERE r.id = ${id} AND r.status = 'queued'
        RETURNING ${runColumns}`,
  );
  return rows[0] ? toRun(rows[0]) : null;
}

/**
 * Records where the file will be, before a byte is written: whoever finds the run dead (or failed)
 * knows what to remove. False when the run is no longer running.
 */
export async function setStorageKey(db: DbOrTx, id: number, key: string): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE export_runs SET storage_key = ${key} WHERE id = ${id} AND status = 'running' RETURNING id`,
  );
  return rows.length > 0;
}

export async function setProgress(db: DbOrTx, id: number, done: number, total: number): Promise<void> {
  await query(db, sql`UPDATE export_runs SET done = ${done}, total = ${total} WHERE id = ${id} AND status = 'running'`);
}

/** The worker's heartbeat; false when the run is no longer running (declared dead, or ended). */
export async function heartbeat(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE export_runs SET heartbeat_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND status = 'running' RETURNING id`,
  );
  return rows.length > 0;
}

/** Running runs without a heartbeat since `before` lost their worker: failed, interrupted (their key stays, to remove its file). */
export async function failDead(db: DbOrTx, before: Date, now: Date): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE export_runs SET status = 'failed', error = 'interrupted', finished_at = ${now.toISOString()}::timestamptz
         WHERE id IN (SELECT id FROM export_runs
                       WHERE status = 'running' AND heartbeat_at < ${before.toISOString()}::timestamptz
                       FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Queued runs without a heartbeat since `before` (their job lost with a dead worker, or waiting
 * long): a fresh heartbeat, so the next sweep leaves them to the job sent again now. Answers them.
 */
export async function touchStaleQueued(db: DbOrTx, before: Date, now: Date): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE export_runs SET heartbeat_at = ${now.toISOString()}::timestamptz
         WHERE id IN (SELECT id FROM export_runs
                       WHERE status = 'queued' AND heartbeat_at < ${before.toISOString()}::timestamptz
                       FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Failed runs whose (partial) file is still to remove: their storage key. */
export async function failedWithFile(db: DbOrTx, limit: number): Promise<{ id: number; storageKey: string }[]> {
  const rows = await query<{ id: number; storageKey: string }>(
    db,
    sql`SELECT id, storage_key AS "storageKey" FROM export_runs
         WHERE status = 'failed' AND storage_key IS NOT NULL ORDER BY id LIMIT ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), storageKey: r.storageKey }));
}

/** The failed run's file is gone: forget its key (only if it is still that one). */
export async function clearStorageKey(db: DbOrTx, id: number, key: string): Promise<void> {
  await query(db, sql`UPDATE export_runs SET storage_key = NULL WHERE id = ${id} AND status = 'failed' AND storage_key = ${key}`);
}

/** Done: the stored file. Answers false when the run was no longer running (nothing changed). */
export async function finishRun(
  db: DbOrTx,
  id: number,
  v: { storageKey: string; fileName: string; size: number; done: number },
  now: Date,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE export_runs SET status = 'done', storage_key = ${v.storageKey}, file_name = ${v.fileName}, size = ${v.size},
               done = ${v.done}, total = ${v.done}, finished_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND status = 'running' RETURNING id`,
  );
  return rows.length > 0;
}

/** Fails a queued or running run; its storage key stays until its file is removed (clearStorageKey). */
export async function failRun(db: DbOrTx, id: number, error: string, now: Date): Promise<void> {
  await query(
    db,
    sql`UPDATE export_runs SET status = 'failed', error = ${error}, finished_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND status IN ('queued', 'running')`,
  );
}

/** The person who asked, as the job needs them: their employee, language and rights today. */
export interface Requester {
  accountId: number;
  employeeId: number;
  email: string;
  locale: 'nl' | 'en';
  permissions: ReadonlySet<Permission>;
  roleId: number | null;
}

/** The requester of a run, when their account is still an active employee's. */
export async function findRequester(db: DbOrTx, accountId: number): Promise<Requester | null> {
  const rows = await query<{
    employeeId: number;
    email: string;
    locale: string;
    roleId: number | null;
    isAdmin: boolean | null;
    permissions: string[] | null;
  }>(
    db,
    sql`SELECT a.employee_id AS "employeeId", a.email, a.locale, e.role_id AS "roleId", r.is_admin AS "isAdmin",
               (SELECT array_agg(rp.permission) FROM role_permissions rp WHERE rp.role_id = e.role_id) AS permissions
          FROM accounts a JOIN employees e ON e.id = a.employee_id LEFT JOIN roles r ON r.id = e.role_id
         WHERE a.id = ${accountId} AND a.status = 'active' AND e.deleted_at IS NULL`,
  );
  const r = rows[0];
  if (!r) return null;
  const permissions: ReadonlySet<Permission> = r.isAdmin
    ? new Set(PERMISSIONS)
    : new Set((r.permissions ?? []).filter((p): p is Permission => isPermission(p)));
  return {
    accountId,
    employeeId: Number(r.employeeId),
    email: r.email,
    locale: r.locale === 'en' ? 'en' : 'nl',
    permissions,
    roleId: r.roleId === null ? null : Number(r.roleId),
  };
}

// ---- the rows of an export

/** A person in the export, in the export's order (by last name, first name, id). */
export interface PersonRow {
  employeeId: number;
  name: string;
  exactId: string;
}

export interface HourRow {
  id: number;
  date: string;
  project: string;
  area: string | null;
  task: string | null;
  minutes: number;
  activity: HourActivity;
  notes: string;
}

export interface OvernightRow {
  id: number;
  date: string;
  nights: number;
  project: string;
  location: string;
  status: 'submitted' | 'approved' | 'rejected';
}

/** Where a person's next rows start: after this (date, id). */
export interface Cursor {
  date: string;
  id: number;
}

const TABLE: Record<ExportKind, SQL> = { hours: sql.raw('booked_hours'), overnights: sql.raw('overnight_stays') };

/** The booking's week is approved (its Monday's row in timesheet_weeks). */
const weekApproved = sql`EXISTS (SELECT 1 FROM timesheet_weeks tw
   WHERE tw.employee_id = booked_hours.employee_id AND tw.week_start = date_trunc('week', booked_hours.date)::date
     AND tw.status = 'approved')`;

function inPeriod(actor: Actor, kind: ExportKind, p: ExportParams, weeks: 'approved' | 'all' = 'approved'): SQL {
  const t = TABLE[kind];
  return sql`${t}.date BETWEEN ${p.from}::date AND ${p.to}::date
    ${p.employeeIds ? sql`AND ${t}.employee_id = ANY(${intArray(p.employeeIds)})` : sql``}
    ${kind === 'hours' && p.approvedOnly && weeks === 'approved' ? sql`AND ${weekApproved}` : sql``}
    AND ${scope.employeeRecord(actor, sql`${t}.employee_id`, 'export')}`;
}

/** How many rows the export holds. */
export async function countRows(db: DbOrTx, actor: Actor, kind: ExportKind, p: ExportParams): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${TABLE[kind]} WHERE ${inPeriod(actor, kind, p)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The people with rows in the period, in the export's order (deleted employees too: they were paid). */
export async function peopleOf(db: DbOrTx, actor: Actor, kind: ExportKind, p: ExportParams): Promise<PersonRow[]> {
  const t = TABLE[kind];
  const rows = await query<PersonRow>(
    db,
    sql`SELECT e.id AS "employeeId", ${personNameSql('e')} AS name, coalesce(e.exact_id, '') AS "exactId"
          FROM employees e
         WHERE EXISTS (SELECT 1 FROM ${t} WHERE ${t}.employee_id = e.id AND ${inPeriod(actor, kind, p)})
         ORDER BY lower(e.last_name), lower(e.first_name), e.id`,
  );
  return rows.map((r) => ({ ...r, employeeId: Number(r.employeeId) }));
}

/** Keyset on one person's rows: their index on (employee_id, date, id) walks straight to the next ones. */
const after = (t: SQL, c: Cursor | null) => (c ? sql`AND (${t}.date, ${t}.id) > (${c.date}::date, ${c.id}::int)` : sql``);

/** The next (at most `limit`) booked hours of one person in the period, by date and id. */
export async function personHours(
  db: DbOrTx,
  actor: Actor,
  p: ExportParams,
  employeeId: number,
  cursor: Cursor | null,
  limit: number,
): Promise<HourRow[]> {
  const rows = await query<HourRow>(
    db,
    sql`SELECT booked_hours.id, booked_hours.date::text AS date, pr.name AS project,
               CASE WHEN pa.id IS NULL THEN NULL ELSE ${areaLabelSql('pa')} END AS area,
               tk.name AS task, booked_hours.minutes, booked_hours.activity, booked_hours.notes
          FROM booked_hours
          JOIN projects pr ON pr.id = booked_hours.project_id
          LEFT JOIN project_areas pa ON pa.id = booked_hours.area_id
          LEFT JOIN tasks tk ON tk.id = booked_hours.task_id
         WHERE booked_hours.employee_id = ${employeeId} AND ${inPeriod(actor, 'hours', p)} ${after(sql.raw('booked_hours'), cursor)}
         ORDER BY booked_hours.date, booked_hours.id
         LIMIT ${limit}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), minutes: Number(r.minutes) }));
}

/** The next (at most `limit`) overnight stays of one person in the period, by date and id. */
export async function personOvernights(
  db: DbOrTx,
  actor: Actor,
  p: ExportParams,
  employeeId: number,
  cursor: Cursor | null,
  limit: number,
): Promise<OvernightRow[]> {
  const rows = await query<OvernightRow>(
    db,
    sql`SELECT overnight_stays.id, overnight_stays.date::text AS date, overnight_stays.nights,
               pr.name AS project, overnight_stays.location, overnight_stays.status
          FROM overnight_stays
          JOIN projects pr ON pr.id = overnight_stays.project_id
         WHERE overnight_stays.employee_id = ${employeeId} AND ${inPeriod(actor, 'overnights', p)}
               ${after(sql.raw('overnight_stays'), cursor)}
         ORDER BY overnight_stays.date, overnight_stays.id
         LIMIT ${limit}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), nights: Number(r.nights) }));
}

export interface OpenWeekRow {
  name: string;
  exactId: string;
  monday: string;
  state: 'open' | 'returned';
  minutes: number;
}

/**
 * The weeks with hours in the period that are not approved (open or sent back), per person by
 * name then week, with the minutes booked in the period: what an export of approved weeks leaves out.
 */
export async function openWeeks(db: DbOrTx, actor: Actor, p: ExportParams): Promise<OpenWeekRow[]> {
  const rows = await query<OpenWeekRow>(
    db,
    sql`SELECT ${personNameSql('e')} AS name, coalesce(e.exact_id, '') AS "exactId", w.monday::text AS monday,
               coalesce(tw.status, 'open') AS state, w.minutes
          FROM (SELECT booked_hours.employee_id, date_trunc('week', booked_hours.date)::date AS monday,
                       sum(booked_hours.minutes)::int AS minutes
                  FROM booked_hours
                 WHERE ${inPeriod(actor, 'hours', p, 'all')} AND NOT ${weekApproved}
                 GROUP BY 1, 2) w
          JOIN employees e ON e.id = w.employee_id
          LEFT JOIN timesheet_weeks tw ON tw.employee_id = w.employee_id AND tw.week_start = w.monday
         ORDER BY lower(e.last_name), lower(e.first_name), e.id, w.monday`,
  );
  return rows.map((r) => ({ ...r, minutes: Number(r.minutes) }));
}
