import type { ApproverState } from '@app/shared/platform/approvers.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { joinedPersonNameSql, personSortSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { intArray, query } from '../../platform/sql';

/**
 * The named approvers of a drawing (drawing_approvers) and their votes (who may be named, and the
 * list itself: platform/approvers.ts). A vote is a decision
 * comment (kind approve or request_changes) written by the approver themself on a version: never
 * one written by an employee acting as the company. Callers have found the drawing in the actor's
 * reach first; the lock and the "waiting for" filter AND the drawing scope themselves.
 */

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

export interface ApproverRow {
  id: number;
  name: string;
  state: ApproverState;
  decidedAt: Date | null;
}

/** The named approvers with their own latest decision on the version (waiting when none), by name. */
export async function approversOf(db: DbOrTx, drawingId: number, versionId: number | null): Promise<ApproverRow[]> {
  const rows = await query<{ id: number; name: string | null; kind: string | null; decidedAt: Date | string | null }>(
    db,
    sql`SELECT a.id, ${joinedPersonNameSql('cu')} AS name, vote.kind, vote.created_at AS "decidedAt"
          FROM drawing_approvers da JOIN accounts a ON a.id = da.account_id
          LEFT JOIN company_users cu ON cu.id = a.company_user_id
          LEFT JOIN LATERAL (
            SELECT dc.kind, dc.created_at FROM drawing_comments dc
             WHERE dc.version_id = ${versionId} AND dc.author_account_id = da.account_id
               AND dc.acting_employee_id IS NULL AND dc.kind IN ('approve', 'request_changes')
             ORDER BY dc.id DESC LIMIT 1) vote ON true
         WHERE da.drawing_id = ${drawingId}
         ORDER BY ${personSortSql('cu')}, a.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name ?? '',
    state: r.kind === 'approve' ? 'approved' : r.kind === 'request_changes' ? 'changes_requested' : 'waiting',
    decidedAt: r.decidedAt === null ? null : toDate(r.decidedAt),
  }));
}

/** Who must still approve the version (rule all): the named approvers without an approval of their own on it. */
export async function missingApprovals(db: DbOrTx, drawingId: number, versionId: number): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM drawing_approvers da
         WHERE da.drawing_id = ${drawingId}
           AND NOT EXISTS (SELECT 1 FROM drawing_comments dc
                            WHERE dc.version_id = ${versionId} AND dc.author_account_id = da.account_id
                              AND dc.acting_employee_id IS NULL AND dc.kind = 'approve')`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Locks the drawing's row for the rest of the transaction (in the actor's reach): votes on one
 * drawing take turns, so two last approvals at once count each other and give one outcome.
 */
export async function lockDrawing(db: DbOrTx, actor: Actor, drawingId: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT d.id FROM drawings d
         WHERE d.id = ${drawingId} AND d.deleted_at IS NULL
           AND ${scope.drawing(actor, sql.raw('d.project_id'), sql.raw('d.company_id'), sql.raw('d.deleted_at'), sql.raw('d.area_id'))}
           FOR UPDATE OF d`,
  );
  return rows.length > 0;
}

/**
 * The drawings (alias d) waiting for the account: a version waits, and either nobody is named (any
 * company user decides) or the account is named and has not decided the latest version yet.
 */
export function waitingForSql(accountId: number | null): SQL {
  const account = accountId ?? 0;
  return sql`(d.status = 'pending' AND (
      NOT EXISTS (SELECT 1 FROM drawing_approvers w WHERE w.drawing_id = d.id)
      OR (EXISTS (SELECT 1 FROM drawing_approvers w WHERE w.drawing_id = d.id AND w.account_id = ${account})
          AND NOT EXISTS (SELECT 1 FROM drawing_comments wc JOIN drawing_versions wv ON wv.id = wc.version_id
                           WHERE wc.drawing_id = d.id AND wv.number = d.version_count AND wc.author_account_id = ${account}
                             AND wc.acting_employee_id IS NULL AND wc.kind IN ('approve', 'request_changes')))))`;
}

/** Of these drawings, the ids waiting for the account (see waitingForSql). */
export async function waitingAmong(db: DbOrTx, accountId: number | null, drawingIds: readonly number[]): Promise<Set<number>> {
  if (drawingIds.length === 0) return new Set();
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT d.id FROM drawings d WHERE d.id = ANY(${intArray(drawingIds)}) AND ${waitingForSql(accountId)}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
