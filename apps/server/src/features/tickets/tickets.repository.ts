import type { TaskStatus } from '@app/shared/projects/projects.rules';
import type { TicketPriority, TicketStatus } from '@app/shared/tickets/tickets.rules';
import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { accounts, companyUsers, employees, projectAreas, projectManagers, projects, tasks, tickets } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { joinedPersonNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike } from '../../platform/sql';

/**
 * Every query of tickets. Reads AND the actor's scope into their WHERE: the project's
 * (`scope.project`) and, for a ticket on a task, the task's area (`scope.area`), so the portal can
 * reuse these queries once it shows tickets (a company limited to some areas sees only theirs).
 */

const pm = alias(employees, 'pm');
const creatorEmployee = alias(employees, 'creator_e');
const creatorAccount = alias(accounts, 'creator_a');
const creatorClient = alias(companyUsers, 'creator_c');

export interface TicketRow {
  id: number;
  projectId: number;
  projectName: string;
  projectDeleted: boolean;
  taskId: number | null;
  taskName: string | null;
  taskAreaId: number | null;
  taskAreaName: string | null;
  description: string;
  information: string;
  priority: TicketPriority;
  status: TicketStatus;
  projectManagerId: number | null;
  projectManagerName: string | null;
  createdBy: string | null;
  createdAt: Date;
  closedAt: Date | null;
  updatedAt: Date;
  version: number;
}

const columns = {
  id: tickets.id,
  projectId: tickets.projectId,
  projectName: projects.name,
  projectDeleted: sql<boolean>`(${projects.deletedAt} IS NOT NULL)`.mapWith(Boolean),
  taskId: tasks.id,
  taskName: tasks.name,
  taskAreaId: tasks.areaId,
  taskAreaName: projectAreas.name,
  description: tickets.description,
  information: tickets.information,
  priority: sql<TicketPriority>`${tickets.priority}`,
  status: sql<TicketStatus>`${tickets.status}`,
  projectManagerId: pm.id,
  projectManagerName: joinedPersonNameSql(pm),
  createdBy: joinedPersonNameSql(creatorEmployee, creatorClient),
  createdAt: tickets.createdAt,
  closedAt: tickets.closedAt,
  updatedAt: tickets.updatedAt,
  version: tickets.version,
};

/** The ticket's reach: its project, and its task's area when it is on a task. */
function ticketScope(actor: Actor): SQL {
  return and(
    scope.project(actor, tickets.projectId),
    or(isNull(tickets.taskId), scope.area(actor, tickets.projectId, tasks.areaId)),
  ) as SQL;
}

function selectTickets(db: DbOrTx) {
  return db
    .select(columns)
    .from(tickets)
    .innerJoin(projects, eq(projects.id, tickets.projectId))
    .leftJoin(tasks, eq(tasks.id, tickets.taskId))
    .leftJoin(projectAreas, eq(projectAreas.id, tasks.areaId))
    .leftJoin(pm, eq(pm.id, tickets.projectManagerId))
    .leftJoin(creatorAccount, eq(creatorAccount.id, tickets.createdBy))
    .leftJoin(creatorEmployee, eq(creatorEmployee.id, creatorAccount.employeeId))
    .leftJoin(creatorClient, eq(creatorClient.id, creatorAccount.companyUserId));
}

const priorityRank = sql`CASE ${tickets.priority} WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'normal' THEN 2 ELSE 3 END`;
const sorts: Record<string, SQL[]> = {
  '-created': [desc(tickets.createdAt), desc(tickets.id)],
  created: [asc(tickets.createdAt), asc(tickets.id)],
  priority: [asc(priorityRank), desc(tickets.createdAt), desc(tickets.id)],
  '-updated': [desc(tickets.updatedAt), desc(tickets.id)],
};

export interface TicketListFilter {
  page: number;
  perPage: number;
  q?: string | undefined;
  sort: string;
  tab: 'open' | 'closed' | 'all';
  projectId?: number | undefined;
  taskId?: number | undefined;
  priority?: TicketPriority | undefined;
  /** The global list leaves out deleted projects; a project's own list shows its tickets whatever the project's state. */
  liveProjectsOnly: boolean;
}

/** One page of tickets and the total: two statements whatever the page size (the names come by join). */
export async function list(db: DbOrTx, actor: Actor, q: TicketListFilter): Promise<{ rows: TicketRow[]; total: number }> {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  const where = and(
    ticketScope(actor),
    q.liveProjectsOnly ? isNull(projects.deletedAt) : undefined,
    q.tab === 'all' ? undefined : eq(tickets.status, q.tab),
    q.projectId !== undefined ? eq(tickets.projectId, q.projectId) : undefined,
    q.taskId !== undefined ? eq(tickets.taskId, q.taskId) : undefined,
    q.priority !== undefined ? eq(tickets.priority, q.priority) : undefined,
    term ? or(sql`${tickets.description} ILIKE ${term}`, sql`${tickets.information} ILIKE ${term}`) : undefined,
  );
  const [rows, count] = await Promise.all([
    selectTickets(db)
      .where(where)
      .orderBy(...(sorts[q.sort] ?? sorts['-created'] ?? []))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .innerJoin(projects, eq(projects.id, tickets.projectId))
      .leftJoin(tasks, eq(tasks.id, tickets.taskId))
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** One ticket in the actor's reach; within a project when projectId is given. */
export async function find(db: DbOrTx, actor: Actor, id: number, projectId?: number): Promise<TicketRow | null> {
  const rows = await selectTickets(db).where(
    and(eq(tickets.id, id), projectId === undefined ? undefined : eq(tickets.projectId, projectId), ticketScope(actor)),
  );
  return rows[0] ?? null;
}

export interface LockedTicket {
  id: number;
  projectId: number;
  taskId: number | null;
  description: string;
  information: string;
  priority: TicketPriority;
  status: TicketStatus;
  projectManagerId: number | null;
  version: number;
  projectDeleted: boolean;
}

// Outer columns spelled out: drizzle may print them unqualified inside a subquery, which would bind to the inner table.
const lockedProjectDeleted = sql<boolean>`(SELECT p.deleted_at IS NOT NULL FROM projects p WHERE p.id = "tickets"."project_id")`;
const lockedTaskArea = sql`(SELECT t.area_id FROM tasks t WHERE t.id = "tickets"."task_id")`;

/** The ticket row, locked for the change (FOR UPDATE), in the actor's reach and in the project. */
export async function lock(db: DbOrTx, actor: Actor, projectId: number, id: number): Promise<LockedTicket | null> {
  const rows = await db
    .select({
      id: tickets.id,
      projectId: tickets.projectId,
      taskId: tickets.taskId,
      description: tickets.description,
      information: tickets.information,
      priority: sql<TicketPriority>`${tickets.priority}`,
      status: sql<TicketStatus>`${tickets.status}`,
      projectManagerId: tickets.projectManagerId,
      version: tickets.version,
      projectDeleted: lockedProjectDeleted.mapWith(Boolean),
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.id, id),
        eq(tickets.projectId, projectId),
        scope.project(actor, tickets.projectId),
        or(isNull(tickets.taskId), scope.area(actor, tickets.projectId, lockedTaskArea)),
      ),
    )
    .for('update');
  return rows[0] ?? null;
}

export interface TaskRef {
  id: number;
  name: string;
  areaId: number;
}

/** A task of this project in the actor's reach (its area's scope included). */
export async function findTask(db: DbOrTx, actor: Actor, projectId: number, taskId: number): Promise<TaskRef | null> {
  const rows = await db
    .select({ id: tasks.id, name: tasks.name, areaId: tasks.areaId })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.projectId, projectId), scope.area(actor, tasks.projectId, tasks.areaId)));
  return rows[0] ?? null;
}

/** True for an employee who is not deleted. */
export async function liveEmployeeExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, id), isNull(employees.deletedAt)));
  return rows.length > 0;
}

/** The project's first manager (lowest employee id) who is not deleted, or null. */
export async function firstManager(db: DbOrTx, projectId: number): Promise<number | null> {
  const rows = await db
    .select({ id: projectManagers.employeeId })
    .from(projectManagers)
    .innerJoin(employees, eq(employees.id, projectManagers.employeeId))
    .where(and(eq(projectManagers.projectId, projectId), isNull(employees.deletedAt)))
    .orderBy(asc(projectManagers.employeeId))
    .limit(1);
  return rows[0]?.id ?? null;
}

export interface TicketFields {
  taskId: number | null;
  description: string;
  information: string;
  priority: TicketPriority;
  projectManagerId: number | null;
}

export async function insert(
  db: DbOrTx,
  projectId: number,
  fields: TicketFields,
  createdBy: number | null,
  now: Date,
): Promise<number> {
  const rows = await db
    .insert(tickets)
    .values({ projectId, ...fields, status: 'open', createdBy, createdAt: now, updatedAt: now })
    .returning({ id: tickets.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/** Writes the fields at the given version; false when the version moved on. */
export async function update(db: DbOrTx, id: number, version: number, fields: TicketFields, now: Date): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ ...fields, version: sql`${tickets.version} + 1`, updatedAt: now })
    .where(and(eq(tickets.id, id), eq(tickets.version, version)))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/** Opens or closes the ticket at the given version; false when the version moved on. */
export async function setStatus(db: DbOrTx, id: number, version: number, status: TicketStatus, now: Date): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({
      status,
      closedAt: status === 'closed' ? now : null,
      version: sql`${tickets.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(tickets.id, id), eq(tickets.version, version)))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

export interface LockedTask {
  id: number;
  name: string;
  areaId: number;
  status: TaskStatus;
  statusBeforeTicket: TaskStatus | null;
}

/**
 * Locks task rows (SELECT … FOR UPDATE) in id order, so two changes that touch the same tasks
 * wait for each other instead of deadlocking. Called after the ticket row is locked or written:
 * tickets before tasks, everywhere.
 */
export async function lockTasks(db: DbOrTx, ids: readonly number[]): Promise<LockedTask[]> {
  const out: LockedTask[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const rows = await db
      .select({
        id: tasks.id,
        name: tasks.name,
        areaId: tasks.areaId,
        status: sql<TaskStatus>`${tasks.status}`,
        statusBeforeTicket: sql<TaskStatus | null>`${tasks.statusBeforeTicket}`,
      })
      .from(tasks)
      .where(eq(tasks.id, id))
      .for('update');
    if (rows[0]) out.push(rows[0]);
  }
  return out;
}

/** Open tickets on the task, as this transaction sees them after its own change. */
export async function countOpenOnTask(db: DbOrTx, taskId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.taskId, taskId), eq(tickets.status, 'open')));
  return rows[0]?.n ?? 0;
}

/** Sets the task's status (and where it returns after its tickets), bumping its version. */
export async function setTaskStatus(
  db: DbOrTx,
  taskId: number,
  status: TaskStatus,
  statusBeforeTicket: TaskStatus | null,
  now: Date,
): Promise<void> {
  await db
    .update(tasks)
    .set({ status, statusBeforeTicket, version: sql`${tasks.version} + 1`, updatedAt: now })
    .where(eq(tasks.id, taskId));
}
