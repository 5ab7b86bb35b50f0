import { type Page, pageMeta } from '@app/shared/platform/http';
import type { AreaKind } from '@app/shared/projects/projects.rules';
import type {
  Template,
  TemplateApplication,
  TemplateApplicationListQuery,
  TemplateApply,
  TemplateListQuery,
  TemplateSave,
  TemplateSummary,
  TemplateUpdate,
} from '@app/shared/templates/templates';
import {
  SKIPPED_SAMPLE_SIZE,
  TEMPLATE_APPLICATION_ERRORS,
  TEMPLATE_APPLY_BATCH,
  type TemplateApplicationError,
  templateAbilities,
} from '@app/shared/templates/templates.rules';
import type { FastifyBaseLogger } from 'fastify';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx, Platform } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { deadBefore, RUN_JOB_EXPIRE_SECONDS, SWEEP_MS, withHeartbeat } from '../../platform/run-heartbeat';
import { advisoryLock, LOCK_TEMPLATE_APPLY } from '../../platform/sql';
import * as projectsRepo from '../projects/projects.repository';
import * as repo from './templates.repository';

/** The pg-boss queue that applies a template to a project. */
export const APPLY_JOB = 'templates.apply';
const SEND_OPTIONS = { expireInSeconds: RUN_JOB_EXPIRE_SECONDS };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The stored error as a code the web translates (anything else stored reads as 'failed'). */
function errorCode(e: string | null): TemplateApplicationError | null {
  if (e === null) return null;
  return (TEMPLATE_APPLICATION_ERRORS as readonly string[]).includes(e) ? (e as TemplateApplicationError) : 'failed';
}

function toSummary(r: repo.TemplateRow, ctx: Ctx): TemplateSummary {
  return {
    id: r.id,
    title: r.title,
    areaCount: r.areaCount,
    createdBy: r.createdBy,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    abilities: templateAbilities(viewerOf(ctx.actor)),
  };
}

export function toApplication(r: repo.ApplicationRow): TemplateApplication {
  return {
    id: r.id,
    projectId: r.projectId,
    templateId: r.templateId,
    templateTitle: r.templateTitle,
    status: r.status,
    total: r.total,
    processed: r.processed,
    created: r.created,
    skipped: r.skipped,
    skippedSample: r.skippedSample,
    error: errorCode(r.error),
    resumed: r.resumed,
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

// ---- templates

/** One page of templates, by title; `q` searches the title. Two statements. */
export async function listTemplates(ctx: Ctx, q: TemplateListQuery): Promise<Page<TemplateSummary>> {
  const { rows, total } = await repo.listTemplates(ctx.db.orm, q);
  return { data: rows.map((r) => toSummary(r, ctx)), meta: pageMeta(q.page, q.perPage, total) };
}

/** One template with its decks, areas and sub-areas in order. @throws TEMPLATE_NOT_FOUND */
export async function getTemplate(ctx: Ctx, id: number): Promise<Template> {
  const row = await repo.findTemplate(ctx.db.orm, id);
  if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
  const areas = await repo.listTemplateAreas(ctx.db.orm, id);
  return { ...toSummary(row, ctx), areas };
}

/**
 * Saves the project's decks, areas and sub-areas (number, name, type, parent) as a new template:
 * two statements, whatever the project's size. @throws PROJECT_NOT_FOUND, TEMPLATE_EMPTY
 */
export async function saveTemplate(ctx: Ctx, projectId: number, input: TemplateSave): Promise<Template> {
  const now = ctx.clock();
  const id = await ctx.db.orm.transaction(async (tx) => {
    const project = await projectsRepo.findRef(tx, ctx.actor, projectId);
    if (!project) throw new AppError('PROJECT_NOT_FOUND');
    const templateId = await repo.insertTemplate(tx, input.title, signedInAccountId(ctx.actor), now);
    const n = await repo.copyProjectAreas(tx, ctx.actor, projectId, templateId);
    if (n === 0) throw new AppError('TEMPLATE_EMPTY');
    await audit(tx, ctx, 'template.created', { type: 'template', id: templateId }, { projectId, areas: n });
    return templateId;
  });
  return getTemplate(ctx, id);
}

/** Renames a template. @throws TEMPLATE_NOT_FOUND, STALE_VERSION */
export async function updateTemplate(ctx: Ctx, id: number, input: TemplateUpdate): Promise<Template> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const row = await repo.findTemplate(tx, id);
    if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
    assertAbility(templateAbilities(viewerOf(ctx.actor)), 'canEdit');
    if (row.version !== input.version || !(await repo.renameTemplate(tx, id, input.version, input.title, now)))
      throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'template.updated', { type: 'template', id }, { title: input.title });
  });
  return getTemplate(ctx, id);
}

/**
 * Deletes a template and its rows. Projects it was applied to keep their areas; their
 * applications keep their counts without the template. @throws TEMPLATE_NOT_FOUND, STALE_VERSION
 */
export async function deleteTemplate(ctx: Ctx, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const row = await repo.findTemplate(tx, id);
    if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
    assertAbility(templateAbilities(viewerOf(ctx.actor)), 'canDelete');
    if (row.version !== version || !(await repo.removeTemplate(tx, id, version))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'template.deleted', { type: 'template', id }, { title: row.title });
  });
}

// ---- applying

/**
 * Takes over the applications whose worker died (their heartbeat stopped, run-heartbeat.ts), of
 * one project or all: each goes back to the queue and its job is sent again, so it continues where
 * it was (`processed`). One whose job cannot be sent fails as interrupted. Called by Apply, by
 * reads, and by each process's sweep.
 */
export async function resumeDeadApplications(p: Platform, log?: FastifyBaseLogger, projectId?: number): Promise<void> {
  const now = p.clock();
  const dead = await repo.requeueDead(p.db.orm, deadBefore(now), now, projectId);
  for (const a of dead) {
    log?.warn(
      { event: 'templates.apply-resumed', applicationId: a.id, projectId: a.projectId, wasRunning: a.wasRunning },
      'template application without heartbeat queued again',
    );
    try {
      await p.jobs.send(APPLY_JOB, { applicationId: a.id }, SEND_OPTIONS);
    } catch (err) {
      log?.error({ err, applicationId: a.id }, 'could not queue the template application again');
      await repo.failApplications(p.db.orm, [a.id], 'interrupted', p.clock());
    }
  }
}

/** One application of a template to the project. @throws TEMPLATE_APPLICATION_NOT_FOUND */
export async function getApplication(ctx: Ctx, projectId: number, id: number): Promise<TemplateApplication> {
  await resumeDeadApplications(ctx, ctx.log, projectId);
  const row = await repo.findApplication(ctx.db.orm, ctx.actor, projectId, id);
  if (!row) throw new AppError('TEMPLATE_APPLICATION_NOT_FOUND');
  return toApplication(row);
}

/** The project's applications, newest first. @throws PROJECT_NOT_FOUND */
export async function listApplications(
  ctx: Ctx,
  projectId: number,
  q: TemplateApplicationListQuery,
): Promise<Page<TemplateApplication>> {
  await resumeDeadApplications(ctx, ctx.log, projectId);
  const { rows, total } = await repo.listApplications(ctx.db.orm, ctx.actor, projectId, q);
  if (rows.length === 0 && !(await projectsRepo.findRef(ctx.db.orm, ctx.actor, projectId)))
    throw new AppError('PROJECT_NOT_FOUND');
  return { data: rows.map(toApplication), meta: pageMeta(q.page, q.perPage, total) };
}

/**
 * 'Apply': records a queued application and sends the job that creates what the project lacks;
 * the web follows its progress. One at a time per project: another one queued or running is a
 * 409 (one whose worker died is first taken over, and goes on).
 * @throws PROJECT_NOT_FOUND, PROJECT_DELETED, TEMPLATE_NOT_FOUND, TEMPLATE_APPLY_RUNNING
 */
export async function applyTemplate(ctx: Ctx, projectId: number, input: TemplateApply): Promise<TemplateApplication> {
  await resumeDeadApplications(ctx, ctx.log, projectId);
  const now = ctx.clock();
  const id = await ctx.db.orm.transaction(async (tx) => {
    const project = await projectsRepo.findRef(tx, ctx.actor, projectId);
    if (!project) throw new AppError('PROJECT_NOT_FOUND');
    if (project.deleted) throw new AppError('PROJECT_DELETED');
    assertAbility(templateAbilities(viewerOf(ctx.actor)), 'canApply');
    await advisoryLock(tx, LOCK_TEMPLATE_APPLY, projectId);
    // FOR KEY SHARE: a delete of the template waits for this transaction (or, committed first, reads as not found).
    const template = await repo.lockTemplateForApply(tx, input.templateId);
    if (!template) throw fieldError('templateId', 'not_found');
    const active = await repo.activeApplications(tx, projectId);
    if (active.length > 0) throw new AppError('TEMPLATE_APPLY_RUNNING', { details: { applicationId: active[0]?.id } });
    const applicationId = await repo.insertApplication(
      tx,
      { templateId: template.id, projectId, total: template.areaCount, createdBy: signedInAccountId(ctx.actor) },
      now,
    );
    await audit(tx, ctx, 'template.applied', { type: 'project', id: projectId }, { templateId: template.id, applicationId });
    return applicationId;
  });
  ctx.log.info({ event: 'templates.apply-queued', applicationId: id, projectId }, 'template application queued');
  try {
    await ctx.jobs.send(APPLY_JOB, { applicationId: id }, SEND_OPTIONS);
  } catch (err) {
    await repo.failApplications(ctx.db.orm, [id], 'queue_failed', ctx.clock());
    throw err;
  }
  return getApplication(ctx, projectId, id);
}

export interface RunOptions {
  /** Stop after this many batches (tests: a process stopped part-way). */
  maxBatches?: number;
  /** Rows per batch (default TEMPLATE_APPLY_BATCH). */
  batchSize?: number;
  log?: FastifyBaseLogger;
}

const KIND_ORDER: AreaKind[] = ['deck', 'area', 'subarea'];

/**
 * The job: applies the template to the project in batches, decks first, then areas, then
 * sub-areas (a batch never mixes kinds, so a parent is always there before its children). It takes
 * the application first (a queued one, or a running one whose worker died) and writes its
 * heartbeat on a timer while it works. Each batch is one transaction that takes the project's
 * advisory lock, locks the application, inserts its rows set-based and adds its counts;
 * `processed` is where the next batch starts, so a job run again after its worker died continues
 * where it was, and a row the project has already (from a first run, by hand, or another
 * template) is skipped, never duplicated. A finished or failed application, or one a living worker
 * holds, is left alone.
 */
export async function runApplication(p: Platform, applicationId: number, opts: RunOptions = {}): Promise<void> {
  const db = p.db.orm;
  const now = p.clock();
  if (!(await repo.claimApplication(db, applicationId, deadBefore(now), now))) return;
  await withHeartbeat(
    () => repo.heartbeatApplication(db, applicationId, p.clock()),
    (signal) => runBatches(p, applicationId, signal, opts),
    { log: opts.log ?? { warn: () => undefined } },
  );
}

async function runBatches(p: Platform, applicationId: number, signal: AbortSignal, opts: RunOptions): Promise<void> {
  const size = opts.batchSize ?? TEMPLATE_APPLY_BATCH;
  const db = p.db.orm;
  let batches = 0;
  let counts: Record<AreaKind, number> | null = null;
  let projectId: number | null = null;
  try {
    for (;;) {
      if (opts.maxBatches !== undefined && batches >= opts.maxBatches) return;
      // Taken over by another process (this one was thought dead): it goes on from `processed`.
      if (signal.aborted) return;
      const more = await db.transaction(async (tx) => {
        // The project's lock first (as applyTemplate takes it, before any row lock): a worker still
        // mid-batch and another one, or an apply marking this one left behind, never insert at once.
        projectId ??= await repo.applicationProjectId(tx, applicationId);
        if (projectId === null) return false;
        await advisoryLock(tx, LOCK_TEMPLATE_APPLY, projectId);
        const app = await repo.lockApplication(tx, applicationId);
        // Anything but running: finished, failed, or queued again by a sweep that took it over.
        if (app?.status !== 'running') return false;
        const now = p.clock();
        if (app.templateId === null) {
          await repo.failApplications(tx, [app.id], 'template_deleted', now);
          return false;
        }
        counts ??= await repo.kindCounts(tx, app.templateId);
        // The end of the kind the next row belongs to: a batch stops there.
        let end = 0;
        for (const k of KIND_ORDER) {
          end += counts[k];
          if (app.processed < end) break;
        }
        const limit = Math.min(size, Math.max(0, end - app.processed));
        const rows = limit > 0 ? await repo.applyBatch(tx, app.templateId, app.processed, limit) : [];
        const inserted = await repo.insertBatch(tx, app.projectId, rows, now);
        const sample = [...app.skippedSample];
        if (sample.length < SKIPPED_SAMPLE_SIZE) {
          const made = new Map<string, number>();
          const key = (r: { kind: string; number: string; name: string }) =>
            r.number ? `${r.kind}|#${r.number.toLowerCase()}` : `${r.kind}|${r.name.toLowerCase()}`;
          for (const r of inserted) made.set(key(r), (made.get(key(r)) ?? 0) + 1);
          for (const r of rows) {
            const n = made.get(key(r)) ?? 0;
            if (n > 0) made.set(key(r), n - 1);
            else if (sample.length < SKIPPED_SAMPLE_SIZE) sample.push(r.number || r.name);
          }
        }
        const processed = app.processed + rows.length;
        const done = rows.length === 0 || processed >= app.total;
        await repo.recordBatch(
          tx,
          app.id,
          {
            processed: rows.length,
            created: inserted.length,
            skipped: rows.length - inserted.length,
            skippedSample: sample,
            done,
          },
          now,
        );
        return !done;
      });
      batches++;
      if (!more) return;
    }
  } catch (err) {
    opts.log?.error({ err, applicationId }, 'template application failed');
    await repo.failApplications(db, [applicationId], 'failed', p.clock());
  }
}

/** Registers the job that applies templates, and the sweep that takes over those whose worker died. */
export function registerTemplateJobs(p: Platform, log?: FastifyBaseLogger): void {
  p.jobs.register<{ applicationId?: unknown }>(APPLY_JOB, async (data) => {
    const id = Number(data?.applicationId);
    if (!Number.isInteger(id) || id <= 0) return;
    await runApplication(p, id, log ? { log } : {});
  });
  p.jobs.every('templates.apply-sweep', SWEEP_MS, () => resumeDeadApplications(p, log));
}
