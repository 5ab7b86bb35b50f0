import { type FEED_FILTERS, FEED_KINDS, type FeedKind } from '@app/shared/projects/feed';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, companies, companyUsers, employees, projectEvents } from '../../db/schema';
import { type Actor, signedInAccountId } from '../../platform/actor';
import { joinedPersonNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';

type FeedFilter = (typeof FEED_FILTERS)[number];

export interface FeedEventInput {
  projectId: number;
  kind: FeedKind;
  subjectType: 'area' | 'task' | 'subtask' | 'ticket';
  subjectId: number;
  /** The name as it is now: the feed keeps reading after a rename or a delete. */
  subjectName: string;
  areaId?: number | null;
  taskId?: number | null;
  data?: Record<string, unknown>;
}

/**
 * Writes one row of the project feed. Call it with the transaction of the change itself, so the
 * row exists exactly when the change does (a rolled-back change leaves no feed row). Who: the
 * person signed in; while acting as a company, that employee is recorded as acting for it. When:
 * the ctx's clock when it has one (a request's Ctx does).
 */
export async function writeFeedEvent(tx: DbOrTx, ctx: { actor: Actor; clock?: () => Date }, e: FeedEventInput): Promise<void> {
  const a = ctx.actor;
  await tx.insert(projectEvents).values({
    projectId: e.projectId,
    kind: e.kind,
    subjectType: e.subjectType,
    subjectId: e.subjectId,
    subjectName: e.subjectName,
    areaId: e.areaId ?? null,
    taskId: e.taskId ?? null,
    accountId: signedInAccountId(a),
    actingEmployeeAccountId: a.kind === 'client' ? (a.actingEmployee?.accountId ?? null) : null,
    companyId: a.kind === 'client' ? a.companyId : null,
    data: e.data ?? {},
    // The request's clock, like the changed row's updated_at (tests set it); the database's otherwise.
    ...(ctx.clock ? { createdAt: ctx.clock() } : {}),
  });
}

// ---- reading the feed

export interface FeedRow {
  id: number;
  kind: FeedKind;
  subjectType: FeedEventInput['subjectType'];
  subjectId: number;
  subjectName: string;
  areaId: number | null;
  taskId: number | null;
  who: string | null;
  actingFor: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** "First insertion last", of an employee or a company user; null when the account is gone. */
const personName = joinedPersonNameSql(employees, companyUsers);

/**
 * One page of a project's feed, newest first, optionally one group of kinds (`area` is
 * area.completed and area.opened, …), with who did it and the company they acted for: two
 * statements, the page and its total. Rows of an area outside the actor's area scope are left
 * out (the portal's allowed areas); rows without an area follow the project's scope.
 */
export async function listFeed(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  q: { kind?: FeedFilter | undefined; page: number; perPage: number },
): Promise<{ rows: FeedRow[]; total: number }> {
  const kinds = q.kind ? FEED_KINDS.filter((k) => k.startsWith(`${q.kind}.`)) : null;
  const where = and(
    eq(projectEvents.projectId, projectId),
    scope.project(actor, projectEvents.projectId),
    or(isNull(projectEvents.areaId), scope.area(actor, projectEvents.projectId, projectEvents.areaId)),
    kinds ? inArray(projectEvents.kind, kinds) : undefined,
  );
  const [rows, count] = await Promise.all([
    db
      .select({
        id: projectEvents.id,
        kind: sql<FeedKind>`${projectEvents.kind}`,
        subjectType: sql<FeedRow['subjectType']>`${projectEvents.subjectType}`,
        subjectId: projectEvents.subjectId,
        subjectName: projectEvents.subjectName,
        areaId: projectEvents.areaId,
        taskId: projectEvents.taskId,
        who: personName,
        actingFor: companies.name,
        data: sql<Record<string, unknown>>`${projectEvents.data}`,
        createdAt: projectEvents.createdAt,
      })
      .from(projectEvents)
      .leftJoin(accounts, eq(accounts.id, projectEvents.accountId))
      .leftJoin(employees, eq(employees.id, accounts.employeeId))
      .leftJoin(companyUsers, eq(companyUsers.id, accounts.companyUserId))
      .leftJoin(companies, eq(companies.id, projectEvents.companyId))
      .where(where)
      .orderBy(desc(projectEvents.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(projectEvents).where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}
