import { type Page, pageMeta } from '@app/shared/platform/http';
import type { TaskStatus } from '@app/shared/projects/projects.rules';
import type { Ticket, TicketInput, TicketListQuery, TicketUpdate } from '@app/shared/tickets/tickets';
import { type TicketStatus, ticketAbilities } from '@app/shared/tickets/tickets.rules';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, raced } from '../../platform/errors';
import { writeFeedEvent } from '../projects/feed.repository';
import * as projectsRepo from '../projects/projects.repository';
import * as repo from './tickets.repository';

/**
 * Tickets: problems on a project, usually on one of its tasks. The state rule (specification
 * section 4): while a task has an open ticket it is `open_ticket`; when its last open ticket is
 * closed (or moved to another task) it returns to the status it had before (`status_before_ticket`).
 * Every change runs in one transaction with the task rows locked, its feed row and its audit row.
 */

function toTicket(r: repo.TicketRow, ctx: Ctx): Ticket {
  return {
    id: r.id,
    project: { id: r.projectId, name: r.projectName },
    task:
      r.taskId !== null && r.taskName !== null && r.taskAreaId !== null
        ? { id: r.taskId, name: r.taskName, areaId: r.taskAreaId, areaName: r.taskAreaName ?? '' }
        : null,
    description: r.description,
    information: r.information,
    priority: r.priority,
    status: r.status,
    projectManager: r.projectManagerId !== null ? { id: r.projectManagerId, name: r.projectManagerName ?? '' } : null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt ? r.closedAt.toISOString() : null,
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
    abilities: ticketAbilities(r, viewerOf(ctx.actor)),
  };
}

/** Tickets across projects (deleted projects left out): tabs, filters, search, sorts, paged. */
export async function listTickets(ctx: Ctx, q: TicketListQuery): Promise<Page<Ticket>> {
  const { rows, total } = await repo.list(ctx.db.orm, ctx.actor, { ...q, liveProjectsOnly: true });
  return { data: rows.map((r) => toTicket(r, ctx)), meta: pageMeta(q.page, q.perPage, total) };
}

/** One project's tickets (the project's id from the path wins over the query's). @throws PROJECT_NOT_FOUND */
export async function listProjectTickets(ctx: Ctx, projectId: number, q: TicketListQuery): Promise<Page<Ticket>> {
  if (!(await projectsRepo.findRef(ctx.db.orm, ctx.actor, projectId))) throw new AppError('PROJECT_NOT_FOUND');
  const { rows, total } = await repo.list(ctx.db.orm, ctx.actor, { ...q, projectId, liveProjectsOnly: false });
  return { data: rows.map((r) => toTicket(r, ctx)), meta: pageMeta(q.page, q.perPage, total) };
}

/** @throws TICKET_NOT_FOUND (also for a ticket of another project than the one named) */
export async function getTicket(ctx: Ctx, id: number, projectId?: number): Promise<Ticket> {
  const row = await repo.find(ctx.db.orm, ctx.actor, id, projectId);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  return toTicket(row, ctx);
}

/**
 * Checks the references of a ticket: its task must be a task of this project, its project manager
 * an employee who is not deleted (the one it has already may stay). Field errors `not_found`.
 */
async function checkFields(
  db: DbOrTx,
  ctx: Ctx,
  projectId: number,
  input: TicketInput,
  current?: { projectManagerId: number | null },
): Promise<{ fields: repo.TicketFields; task: repo.TaskRef | null }> {
  const taskId = input.taskId ?? null;
  const managerId = input.projectManagerId ?? null;
  const errors: Record<string, { code: string }> = {};
  // One after the other: inside a transaction the statements share one connection.
  const task = taskId === null ? null : await repo.findTask(db, ctx.actor, projectId, taskId);
  const managerOk =
    managerId === null || managerId === current?.projectManagerId || (await repo.liveEmployeeExists(db, managerId));
  if (taskId !== null && !task) errors.taskId = { code: 'not_found' };
  if (!managerOk) errors.projectManagerId = { code: 'not_found' };
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
  const fields = {
    taskId,
    description: input.description,
    information: input.information ?? '',
    priority: input.priority ?? 'normal',
    projectManagerId: managerId,
  };
  return { fields, task };
}

/**
 * Brings the tasks in line with their tickets, the rows locked (FOR UPDATE, in id order) so two
 * tickets closing at once end right: the one that waits sees the other's close once it has the
 * lock. A task with an open ticket is open_ticket (remembering where it was, unless it already is);
 * a task in open_ticket without one returns to that status. Each change bumps the task's version.
 */
async function reconcileTasks(tx: DbOrTx, taskIds: (number | null)[], now: Date): Promise<repo.LockedTask[]> {
  const ids = taskIds.filter((id): id is number => id !== null);
  if (!ids.length) return [];
  const locked = await repo.lockTasks(tx, ids);
  for (const t of locked) {
    const open = await repo.countOpenOnTask(tx, t.id);
    if (open > 0 && t.status !== 'open_ticket') {
      await repo.setTaskStatus(tx, t.id, 'open_ticket', t.status, now);
    } else if (open === 0 && t.status === 'open_ticket') {
      const back: TaskStatus = t.statusBeforeTicket === 'completed' ? 'completed' : 'pending';
      await repo.setTaskStatus(tx, t.id, back, null, now);
    }
  }
  return locked;
}

/**
 * Opens a ticket on the project, on one of its tasks or on none; the task goes to open_ticket.
 * The project manager defaults to the project's first manager.
 * @throws PROJECT_NOT_FOUND, PROJECT_DELETED, VALIDATION_FAILED (taskId, projectManagerId not_found)
 */
export async function createTicket(ctx: Ctx, projectId: number, input: TicketInput): Promise<Ticket> {
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      const project = await projectsRepo.findRef(tx, ctx.actor, projectId);
      if (!project) throw new AppError('PROJECT_NOT_FOUND');
      assertAbility(ticketAbilities({ status: 'open', projectDeleted: project.deleted }, viewerOf(ctx.actor)), 'canEdit');
      const { fields, task } = await checkFields(tx, ctx, projectId, input);
      if (fields.projectManagerId === null) fields.projectManagerId = await repo.firstManager(tx, projectId);
      const id = await repo.insert(tx, projectId, fields, signedInAccountId(ctx.actor), now);
      await reconcileTasks(tx, [fields.taskId], now);
      await writeFeedEvent(tx, ctx, {
        projectId,
        kind: 'ticket.created',
        subjectType: 'ticket',
        subjectId: id,
        subjectName: fields.description,
        taskId: task?.id ?? null,
        areaId: task?.areaId ?? null,
        data: { priority: fields.priority, status: 'open' },
      });
      await audit(tx, ctx, 'ticket.created', { type: 'ticket', id }, { projectId, taskId: fields.taskId });
      return id;
    })
    .catch((err) => {
      throw raced(err);
    });
  return getTicket(ctx, id, projectId);
}

const FEED_FIELDS = ['description', 'information', 'priority', 'taskId', 'projectManagerId'] as const;

/**
 * Changes a ticket (send the version it was based on). Moving an open ticket to another task
 * puts the new task in open_ticket and returns the old one when this was its last open ticket.
 * @throws TICKET_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, VALIDATION_FAILED
 */
export async function updateTicket(ctx: Ctx, projectId: number, id: number, input: TicketUpdate): Promise<Ticket> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.lock(tx, ctx.actor, projectId, id);
      if (!current) throw new AppError('TICKET_NOT_FOUND');
      if (current.version !== input.version) throw new AppError('STALE_VERSION');
      assertAbility(ticketAbilities(current, viewerOf(ctx.actor)), 'canEdit');
      const { fields, task } = await checkFields(tx, ctx, projectId, input, current);
      if (!(await repo.update(tx, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      if (current.status === 'open' && current.taskId !== fields.taskId) {
        await reconcileTasks(tx, [current.taskId, fields.taskId], now);
      }
      const changed: Record<string, unknown> = {};
      for (const k of FEED_FIELDS) if (current[k] !== fields[k]) changed[k] = fields[k];
      if (Object.keys(changed).length) {
        await writeFeedEvent(tx, ctx, {
          projectId,
          kind: 'ticket.updated',
          subjectType: 'ticket',
          subjectId: id,
          subjectName: fields.description,
          taskId: task?.id ?? null,
          areaId: task?.areaId ?? null,
          data: changed,
        });
      }
      await audit(tx, ctx, 'ticket.updated', { type: 'ticket', id }, { projectId, changed: Object.keys(changed) });
    })
    .catch((err) => {
      throw raced(err);
    });
  return getTicket(ctx, id, projectId);
}

/**
 * Closes an open ticket or reopens a closed one (send the version). Closing the task's last open
 * ticket returns the task to its previous status; reopening puts it back in open_ticket.
 * @throws TICKET_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, TICKET_CLOSED, TICKET_OPEN
 */
export async function setTicketStatus(
  ctx: Ctx,
  projectId: number,
  id: number,
  version: number,
  status: TicketStatus,
): Promise<Ticket> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.lock(tx, ctx.actor, projectId, id);
    if (!current) throw new AppError('TICKET_NOT_FOUND');
    if (current.version !== version) throw new AppError('STALE_VERSION');
    assertAbility(ticketAbilities(current, viewerOf(ctx.actor)), status === 'closed' ? 'canClose' : 'canReopen');
    if (!(await repo.setStatus(tx, id, version, status, now))) throw new AppError('STALE_VERSION');
    const [task] = await reconcileTasks(tx, [current.taskId], now);
    await writeFeedEvent(tx, ctx, {
      projectId,
      kind: 'ticket.updated',
      subjectType: 'ticket',
      subjectId: id,
      subjectName: current.description,
      taskId: task?.id ?? null,
      areaId: task?.areaId ?? null,
      data: { status },
    });
    await audit(tx, ctx, status === 'closed' ? 'ticket.closed' : 'ticket.reopened', { type: 'ticket', id }, { projectId });
  });
  return getTicket(ctx, id, projectId);
}
