import type { ApproverState } from '@app/shared/platform/approvers.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { joinedPersonNameSql, personSortSql } from '../../platform/names';
import { intArray, query } from '../../platform/sql';

/**
 * The named approvers of an order's design (order_approvers; who may be named and the list itself:
 * platform/approvers.ts) and their decisions on a version. A decision is an order event on the
 * version by the approver themself, never by an employee acting as the company: design_vote (rule
 * all: an approval while others still have to approve), design_approved (the approval that
 * decided) or design_denied. Callers have found the order in the actor's reach first (and hold its
 * row lock to count votes); the "waiting for" filter ANDs the order scope of its query.
 */

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/** SQL: the approver's own decisions (events `e`) on a version. */
const ownDecision = (versionId: SQL, accountId: SQL, kinds: SQL) =>
  sql`e.version_id = ${versionId} AND e.actor_account_id = ${accountId} AND e.acting_employee_id IS NULL AND e.kind IN ${kinds}`;
const DECISIONS = sql`('design_vote', 'design_approved', 'design_denied')`;
const APPROVALS = sql`('design_vote', 'design_approved')`;

export interface ApproverRow {
  id: number;
  name: string;
  state: ApproverState;
  decidedAt: Date | null;
}

/** The named approvers with their own latest decision on the version (waiting when none), by name. */
export async function approversOf(db: DbOrTx, orderId: number, versionId: number | null): Promise<ApproverRow[]> {
  const rows = await query<{ id: number; name: string | null; kind: string | null; decidedAt: Date | string | null }>(
    db,
    sql`SELECT a.id, ${joinedPersonNameSql('cu')} AS name, vote.kind, vote.created_at AS "decidedAt"
          FROM order_approvers oa JOIN accounts a ON a.id = oa.account_id
          LEFT JOIN company_users cu ON cu.id = a.company_user_id
          LEFT JOIN LATERAL (
            SELECT e.kind, e.created_at FROM order_events e
             WHERE e.order_id = oa.order_id AND ${ownDecision(sql`${versionId}::int`, sql.raw('oa.account_id'), DECISIONS)}
             ORDER BY e.id DESC LIMIT 1) vote ON true
         WHERE oa.order_id = ${orderId}
         ORDER BY ${personSortSql('cu')}, a.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name ?? '',
    state: r.kind === 'design_denied' ? 'changes_requested' : r.kind === null ? 'waiting' : 'approved',
    decidedAt: r.decidedAt === null ? null : toDate(r.decidedAt),
  }));
}

/** Rule all: how many named approvers have not approved the version yet. */
export async function missingApprovals(db: DbOrTx, orderId: number, versionId: number): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM order_approvers oa
         WHERE oa.order_id = ${orderId}
           AND NOT EXISTS (SELECT 1 FROM order_events e
                            WHERE e.order_id = oa.order_id AND ${ownDecision(sql`${versionId}::int`, sql.raw('oa.account_id'), APPROVALS)})`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The order's design version waiting for a decision (its latest, pending), or null. */
export async function pendingVersion(db: DbOrTx, orderId: number): Promise<{ id: number; number: number } | null> {
  const rows = await query<{ id: number; number: number }>(
    db,
    sql`SELECT v.id, v.number FROM order_versions v
         WHERE v.order_id = ${orderId} AND v.status = 'pending'
         ORDER BY v.number DESC LIMIT 1`,
  );
  const r = rows[0];
  return r ? { id: Number(r.id), number: Number(r.number) } : null;
}

/**
 * The orders (alias o) whose design waits for the account: a version waits, and either nobody is
 * named (any company user decides) or the account is named and has not decided that version yet.
 */
export function waitingForSql(accountId: number | null): SQL {
  const account = accountId ?? 0;
  return sql`(o.status = 'pending_approval' AND (
      NOT EXISTS (SELECT 1 FROM order_approvers w WHERE w.order_id = o.id)
      OR (EXISTS (SELECT 1 FROM order_approvers w WHERE w.order_id = o.id AND w.account_id = ${account})
          AND NOT EXISTS (SELECT 1 FROM order_events e JOIN order_versions wv ON wv.id = e.version_id
                           WHERE e.order_id = o.id AND wv.status = 'pending'
                             AND ${ownDecision(sql.raw('wv.id'), sql`${account}::int`, DECISIONS)}))))`;
}

/** Of these orders, the ids waiting for the account (see waitingForSql). */
export async function waitingAmong(db: DbOrTx, accountId: number | null, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT o.id FROM orders o WHERE o.id = ANY(${intArray(orderIds)}) AND ${waitingForSql(accountId)}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
