import type { FeedKind } from '@app/shared/projects/feed';
import type { DbOrTx } from '../../db/client';
import { projectEvents } from '../../db/schema';
import { type Actor, signedInAccountId } from '../../platform/actor';

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
 * person signed in; while acting as a company, that employee is recorded as acting for it.
 */
export async function writeFeedEvent(tx: DbOrTx, ctx: { actor: Actor }, e: FeedEventInput): Promise<void> {
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
  });
}
