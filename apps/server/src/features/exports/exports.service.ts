import { PassThrough } from 'node:stream';
import {
  EXPORT_ERRORS,
  type ExportError,
  type ExportInput,
  type ExportListQuery,
  type ExportRun,
  exportInputSchema,
  RECENT_EXPORTS,
} from '@app/shared/exports/exports';
import { type ExportLine, ExportTotals, exportFileName, hoursOf } from '@app/shared/exports/exports.rules';
import { addDays, isoWeekOf, weekKey } from '@app/shared/platform/iso-week';
import { DEFAULT_SELF_SERVICE, PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { FastifyBaseLogger } from 'fastify';
import type { EmployeeActor } from '../../platform/actor';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { can } from '../../platform/can';
import type { Ctx, Platform } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { deadBefore, RUN_JOB_EXPIRE_SECONDS, RunLostError, SWEEP_MS, withHeartbeat } from '../../platform/run-heartbeat';
import { type Cell, type Column, EXPORT_MIME, openSheetWriter, type SheetWriter } from '../../platform/sheet-writer';
import type { OpenedFile } from '../files/files.service';
import { EXPORT_LABELS, type ExportLabels } from './exports.labels';
import * as repo from './exports.repository';

/** The pg-boss queue that writes an export's file. */
export const EXPORT_JOB = 'exports.run';
/** Rows read per statement: the progress moves after each batch. */
export const EXPORT_BATCH = 2_000;
/** Files of failed runs removed per sweep (there is rarely more than one). */
const REMOVE_PER_SWEEP = 50;
const SEND_OPTIONS = { expireInSeconds: RUN_JOB_EXPIRE_SECONDS };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const errorOf = (e: string | null): ExportError | null =>
  e === null ? null : (EXPORT_ERRORS as readonly string[]).includes(e) ? (e as ExportError) : 'failed';

function toRun(r: repo.RunRow): ExportRun {
  return {
    id: r.id,
    kind: r.kind,
    format: r.format,
    from: r.params.from,
    to: r.params.to,
    employeeIds: r.params.employeeIds ?? null,
    approvedOnly: r.params.approvedOnly === true,
    status: r.status,
    done: r.done,
    total: r.total,
    fileName: r.status === 'done' ? r.fileName : null,
    size: r.status === 'done' ? r.size : null,
    error: r.status === 'failed' ? (errorOf(r.error) ?? 'failed') : null,
    fileUrl: r.status === 'done' ? `/api/exports/${r.id}/file` : null,
    createdAt: r.createdAt.toISOString(),
    finishedAt: iso(r.finishedAt),
  };
}

function accountOf(ctx: Ctx): number {
  const id = signedInAccountId(ctx.actor);
  if (id === null) throw new AppError('UNAUTHENTICATED');
  return id;
}

/**
 * 'Exporteren': records a queued run and sends the job that writes the file; the web follows its
 * progress. The request is audited (who exported which period).
 */
export async function createExport(ctx: Ctx, input: ExportInput): Promise<ExportRun> {
  const v = exportInputSchema.parse(input);
  const accountId = accountOf(ctx);
  const params: repo.ExportParams = {
    from: v.from,
    to: v.to,
    employeeIds: v.employeeIds ? [...new Set(v.employeeIds)].sort((a, b) => a - b) : null,
    ...(v.kind === 'hours' && v.approvedOnly ? { approvedOnly: true } : {}),
  };
  const id = await ctx.db.orm.transaction(async (tx) => {
    const runId = await repo.insertRun(tx, { kind: v.kind, format: v.format, params, createdBy: accountId }, ctx.clock());
    await audit(tx, ctx, 'export.requested', { type: 'export_run', id: runId }, { kind: v.kind, format: v.format, ...params });
    return runId;
  });
  ctx.log.info({ event: 'exports.queued', exportId: id, kind: v.kind, format: v.format }, 'export queued');
  try {
    await ctx.jobs.send(EXPORT_JOB, { runId: id }, SEND_OPTIONS);
  } catch (err) {
    await repo.failRun(ctx.db.orm, id, 'queue_failed', ctx.clock());
    throw err;
  }
  return getExport(ctx, id);
}

/**
 * Fails the running exports whose worker died (their heartbeat stopped, run-heartbeat.ts) as
 * interrupted, and removes the file of every failed run that still names one: the partial file of
 * a dead run, or one whose removal was cut off. A queued run whose job went with a dead worker
 * gets its job again. Called by reads and by each process's sweep.
 */
export async function sweepExports(p: Platform, log?: FastifyBaseLogger): Promise<void> {
  const db = p.db.orm;
  const now = p.clock();
  const dead = await repo.failDead(db, deadBefore(now), now);
  if (dead.length) log?.warn({ event: 'exports.interrupted', exportIds: dead }, 'export without heartbeat marked failed');
  for (const id of await repo.touchStaleQueued(db, deadBefore(now), now)) {
    try {
      await p.jobs.send(EXPORT_JOB, { runId: id }, SEND_OPTIONS);
    } catch (err) {
      log?.error({ err, exportId: id }, 'could not queue the export again');
      await repo.failRun(db, id, 'queue_failed', p.clock());
    }
  }
  for (const f of await repo.failedWithFile(db, REMOVE_PER_SWEEP)) await removeFile(p, f.id, f.storageKey);
}

/** One of the signed-in person's runs. @throws EXPORT_NOT_FOUND (also for another person's run) */
export async function getExport(ctx: Ctx, id: number): Promise<ExportRun> {
  await sweepExports(ctx, ctx.log);
  const row = await repo.findOwnRun(ctx.db.orm, accountOf(ctx), id);
  if (!row) throw new AppError('EXPORT_NOT_FOUND');
  return toRun(row);
}

/** The signed-in person's newest runs (of one kind when asked). */
export async function listExports(ctx: Ctx, q: ExportListQuery): Promise<ExportRun[]> {
  await sweepExports(ctx, ctx.log);
  const rows = await repo.listOwnRuns(ctx.db.orm, accountOf(ctx), q.kind, RECENT_EXPORTS);
  return rows.map(toRun);
}

/** The file of a finished run, for the download (logged). @throws EXPORT_NOT_FOUND, EXPORT_NOT_READY */
export async function openExportFile(ctx: Ctx, id: number): Promise<OpenedFile> {
  const row = await repo.findOwnRun(ctx.db.orm, accountOf(ctx), id);
  if (!row) throw new AppError('EXPORT_NOT_FOUND');
  if (row.status !== 'done' || !row.storageKey || !row.fileName) throw new AppError('EXPORT_NOT_READY');
  const key = row.storageKey;
  const size = await ctx.storage.size(key);
  if (size === null) {
    ctx.log.error({ event: 'exports.missing-file', exportId: id }, 'export file has no bytes');
    throw new AppError('EXPORT_NOT_FOUND');
  }
  // A GET writes nothing (the audit row is the request's, written when it was asked for): the download is logged.
  ctx.log.info({ event: 'exports.downloaded', exportId: id, kind: row.kind }, 'export downloaded');
  return {
    mime: EXPORT_MIME[row.format],
    size,
    fileName: row.fileName,
    etag: `"x${row.id}-${size}"`,
    read: (range) => ctx.storage.read(key, range),
  };
}

// ---- the job

export interface RunOptions {
  batchSize?: number;
  log?: FastifyBaseLogger;
}

/** The requester as an actor, for the scope of the HR rows the job reads (their rights as they are now). */
function actorOf(r: repo.Requester): EmployeeActor {
  return {
    kind: 'employee',
    accountId: r.accountId,
    employeeId: r.employeeId,
    email: r.email,
    locale: r.locale,
    firstLogin: false,
    profile: { first_name: '', insertion: null, last_name: '', function: null },
    role: null,
    permissions: r.permissions,
    selfService: DEFAULT_SELF_SERVICE,
  };
}

const hourColumns = (l: ExportLabels): Column[] => [
  { header: l.hoursColumns.person, width: 28, type: 'text' },
  { header: l.hoursColumns.exactId, width: 12, type: 'text' },
  { header: l.hoursColumns.date, width: 12, type: 'date' },
  { header: l.hoursColumns.project, width: 30, type: 'text' },
  { header: l.hoursColumns.area, width: 22, type: 'text' },
  { header: l.hoursColumns.task, width: 28, type: 'text' },
  { header: l.hoursColumns.hours, width: 9, type: 'decimal' },
  { header: l.hoursColumns.activity, width: 18, type: 'text' },
  { header: l.hoursColumns.notes, width: 40, type: 'text' },
];

const overnightColumns = (l: ExportLabels): Column[] => [
  { header: l.overnightColumns.person, width: 28, type: 'text' },
  { header: l.overnightColumns.exactId, width: 12, type: 'text' },
  { header: l.overnightColumns.date, width: 12, type: 'date' },
  { header: l.overnightColumns.nights, width: 9, type: 'integer' },
  { header: l.overnightColumns.project, width: 30, type: 'text' },
  { header: l.overnightColumns.location, width: 28, type: 'text' },
  { header: l.overnightColumns.status, width: 14, type: 'text' },
];

const blanks = (n: number): null[] => Array.from({ length: n }, () => null);

type Ranked<R> = R & { rank: number };

/**
 * Batches of up to `size` rows in the export's order: person by person (in `people`' order), each
 * person's rows by date and id. A batch may span people; each statement reads one person's next
 * rows through their index, so a batch costs the same early or late in a long export.
 */
function batches<R extends { date: string; id: number }>(
  people: readonly repo.PersonRow[],
  size: number,
  fetch: (employeeId: number, cursor: repo.Cursor | null, limit: number) => Promise<R[]>,
): () => Promise<Ranked<R>[]> {
  let index = 0;
  let cursor: repo.Cursor | null = null;
  return async () => {
    const out: Ranked<R>[] = [];
    while (index < people.length && out.length < size) {
      const person = people[index] as repo.PersonRow;
      const limit = size - out.length;
      const rows = await fetch(person.employeeId, cursor, limit);
      for (const r of rows) out.push({ ...r, rank: index + 1 });
      const last = rows.at(-1);
      if (rows.length < limit || !last) {
        index += 1;
        cursor = null;
      } else cursor = { date: last.date, id: last.id };
    }
    return out;
  };
}

/**
 * Reads the export's rows batch by batch and writes each line as it comes: the memory stays the
 * same for a month or a year. The progress is recorded after every batch. Answers how many
 * records were written.
 */
async function writeRows(
  p: Platform,
  run: repo.RunRow,
  actor: EmployeeActor,
  labels: ExportLabels,
  writer: SheetWriter,
  total: number,
  size: number,
  signal: AbortSignal,
): Promise<number> {
  const db = p.db.orm;
  const people = await repo.peopleOf(db, actor, run.kind, run.params);
  const person = (rank: number) => {
    const found = people[rank - 1];
    if (!found) throw new Error(`export person rank ${rank} out of range`);
    return found;
  };
  const hoursColumn = 6;
  const nightsColumn = 3;
  // XLSX keeps the exact hours (shown with two decimals, so Excel's sums match the totals); CSV writes them rounded.
  const hours = (minutes: number) => (run.format === 'xlsx' ? minutes / 60 : hoursOf(minutes));

  async function writeAll<R extends { date: string; id: number }>(o: {
    fetch: (employeeId: number, cursor: repo.Cursor | null, limit: number) => Promise<R[]>;
    amountOf: (row: R) => number;
    cells: (row: Ranked<R>) => Cell[];
    width: number;
    amountColumn: number;
    amountCell: (amount: number) => number;
    personLabel: (name: string) => string;
    grandLabel: string;
  }): Promise<number> {
    const totals = new ExportTotals<Ranked<R>>((r) => person(r.rank), o.amountOf);
    const next = batches(people, size, o.fetch);
    const write = async (lines: ExportLine<Ranked<R>>[]) => {
      for (const line of lines) {
        if (line.type === 'row') {
          await writer.row(o.cells(line.row));
          continue;
        }
        const row: Cell[] =
          line.type === 'personTotal'
            ? [o.personLabel(line.person.name), line.person.exactId || null, ...blanks(o.width - 2)]
            : [o.grandLabel, ...blanks(o.width - 1)];
        row[o.amountColumn] = o.amountCell(line.amount);
        await writer.row(row, { bold: true });
      }
    };
    let done = 0;
    for (;;) {
      // Declared dead meanwhile (its heartbeat did not get through): stop writing a file no one gets.
      signal.throwIfAborted();
      const batch = await next();
      for (const r of batch) await write(totals.push(r));
      done += batch.length;
      if (batch.length > 0) await repo.setProgress(db, run.id, done, Math.max(total, done));
      if (batch.length < size) break;
    }
    await write(totals.end());
    return done;
  }

  if (run.kind === 'hours') {
    const written = await writeAll<repo.HourRow>({
      fetch: (employeeId, cursor, limit) => repo.personHours(db, actor, run.params, employeeId, cursor, limit),
      amountOf: (r) => r.minutes,
      cells: (r) => {
        const who = person(r.rank);
        const activity = labels.activities[r.activity] ?? r.activity;
        return [who.name, who.exactId || null, r.date, r.project, r.area, r.task, hours(r.minutes), activity, r.notes || null];
      },
      width: 9,
      amountColumn: hoursColumn,
      amountCell: hours,
      personLabel: labels.personTotal,
      grandLabel: labels.grandTotal,
    });
    if (run.params.approvedOnly) await writeOpenWeeks(db, run, actor, labels, writer, hours);
    return written;
  }
  return writeAll<repo.OvernightRow>({
    fetch: (employeeId, cursor, limit) => repo.personOvernights(db, actor, run.params, employeeId, cursor, limit),
    amountOf: (r) => (r.status === 'approved' ? r.nights : 0),
    cells: (r) => {
      const who = person(r.rank);
      return [who.name, who.exactId || null, r.date, r.nights, r.project, r.location, labels.statuses[r.status] ?? r.status];
    },
    width: 7,
    amountColumn: nightsColumn,
    amountCell: (n) => n,
    personLabel: labels.personApprovedTotal,
    grandLabel: labels.grandApprovedTotal,
  });
}

const openWeekColumns = (l: ExportLabels): Column[] => [
  { header: l.hoursColumns.person, width: 28, type: 'text' },
  { header: l.hoursColumns.exactId, width: 12, type: 'text' },
  { header: l.openWeeks.week, width: 10, type: 'text' },
  { header: l.openWeeks.from, width: 12, type: 'date' },
  { header: l.openWeeks.to, width: 12, type: 'date' },
  { header: l.openWeeks.state, width: 16, type: 'text' },
  { header: l.openWeeks.hours, width: 9, type: 'decimal' },
];

/**
 * Hours of approved weeks only: the weeks with hours in the period that are not approved, so
 * payroll sees what is missing. XLSX: a sheet 'Open weken' of its own; CSV (one sheet): a section
 * after the grand total, a title line and its own header, in the hour columns (person, Exact ID,
 * week in the project column, status in the area column, hours in the hours column).
 */
async function writeOpenWeeks(
  db: Platform['db']['orm'],
  run: repo.RunRow,
  actor: EmployeeActor,
  labels: ExportLabels,
  writer: SheetWriter,
  hours: (minutes: number) => number,
): Promise<void> {
  const rows = await repo.openWeeks(db, actor, run.params);
  const o = labels.openWeeks;
  const week = (monday: string) => weekKey(isoWeekOf(monday));
  if (run.format === 'xlsx') {
    await writer.nextSheet(o.title, openWeekColumns(labels));
    for (const r of rows) {
      await writer.row([
        r.name,
        r.exactId || null,
        week(r.monday),
        r.monday,
        addDays(r.monday, 6),
        o.states[r.state],
        hours(r.minutes),
      ]);
    }
    return;
  }
  await writer.row([]);
  await writer.row([o.title], { bold: true });
  await writer.row([labels.hoursColumns.person, labels.hoursColumns.exactId, null, o.week, o.state, null, o.hours], {
    bold: true,
  });
  for (const r of rows) {
    await writer.row([r.name, r.exactId || null, null, week(r.monday), o.states[r.state], null, hours(r.minutes)]);
  }
}

/**
 * The job: takes the queued run (one done, failed, or running under a living worker is left
 * alone), writes its heartbeat on a timer while it works, checks the requester still holds the
 * export rights, records the file's storage key on the run before writing a byte, counts the rows,
 * writes the file while reading, records the progress after every batch and ends done (with the
 * file) or failed (with the error, logged; the bytes written so far are removed).
 */
export async function runExport(p: Platform, runId: number, opts: RunOptions = {}): Promise<void> {
  const db = p.db.orm;
  const run = await repo.claimRun(db, runId, p.clock());
  if (!run) return;
  await withHeartbeat(
    () => repo.heartbeat(db, runId, p.clock()),
    (signal) => writeExport(p, run, signal, opts),
    { log: opts.log ?? { warn: () => undefined } },
  );
}

async function writeExport(p: Platform, run: repo.RunRow, signal: AbortSignal, opts: RunOptions): Promise<void> {
  const db = p.db.orm;
  const runId = run.id;
  const requester = await repo.findRequester(db, run.createdBy);
  const actor = requester ? actorOf(requester) : null;
  if (!requester || !actor || !can(actor, PEOPLE_RIGHTS.export)) {
    opts.log?.warn({ event: 'exports.forbidden', exportId: runId }, 'export refused: the requester lost the export rights');
    await repo.failRun(db, runId, 'forbidden', p.clock());
    return;
  }
  const labels = EXPORT_LABELS[requester.locale];
  const key = p.storage.newKey();
  // On the run before the first byte: if this process dies, the sweep knows which file to remove.
  if (!(await repo.setStorageKey(db, runId, key))) return;
  const out = new PassThrough();
  // The storage's write reports a broken stream; the stream's own error event has nothing to add.
  out.on('error', () => undefined);
  let stored: Promise<void> | null = null;
  try {
    const total = await repo.countRows(db, actor, run.kind, run.params);
    await repo.setProgress(db, runId, 0, total);
    stored = p.storage.write(key, out);
    // A failed write (a full disk, the bucket gone) ends the export instead of leaving it waiting.
    stored.catch((err: unknown) => out.destroy(err as Error));
    const writer = openSheetWriter(run.format, {
      locale: requester.locale,
      sheetName: run.kind === 'hours' ? labels.sheetHours : labels.sheetOvernights,
      columns: run.kind === 'hours' ? hourColumns(labels) : overnightColumns(labels),
      out,
    });
    const done = await writeRows(p, run, actor, labels, writer, total, opts.batchSize ?? EXPORT_BATCH, signal);
    await writer.finish();
    await stored;
    const size = (await p.storage.size(key)) ?? 0;
    const fileName = exportFileName(run.kind, run.format, run.params.from, run.params.to, requester.locale);
    const finished = await repo.finishRun(db, runId, { storageKey: key, fileName, size, done }, p.clock());
    // Declared dead meanwhile: the run says interrupted, so its file goes.
    if (!finished) await removeFile(p, runId, key);
    else opts.log?.info({ event: 'exports.done', exportId: runId, rows: done, size }, 'export written');
  } catch (err) {
    if (err instanceof RunLostError)
      opts.log?.warn({ event: 'exports.lost', exportId: runId }, 'export stopped: marked interrupted');
    else opts.log?.error({ err, exportId: runId }, 'export failed');
    out.destroy();
    await stored?.catch(() => undefined);
    // Failed first, then the file: cut off between the two, the sweep removes the file the run still names.
    await repo.failRun(db, runId, 'failed', p.clock());
    await removeFile(p, runId, key).catch(() => undefined);
  }
}

/** Removes a failed run's file, then forgets its key. */
async function removeFile(p: Platform, runId: number, key: string): Promise<void> {
  await p.storage.remove(key);
  await repo.clearStorageKey(p.db.orm, runId, key);
}

/** Registers the job that writes exports, and the sweep for exports whose worker died. */
export function registerExportJobs(p: Platform, log?: FastifyBaseLogger): void {
  p.jobs.register<{ runId?: unknown }>(EXPORT_JOB, async (data) => {
    const id = Number(data?.runId);
    if (!Number.isInteger(id) || id <= 0) return;
    await runExport(p, id, log ? { log } : {});
  });
  p.jobs.every('exports.sweep', SWEEP_MS, () => sweepExports(p, log));
}
