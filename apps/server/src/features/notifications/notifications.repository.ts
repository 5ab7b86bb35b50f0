import type { NotificationKind } from '@app/shared/notifications/notifications';
import type { NotificationMode } from '@app/shared/notifications/preferences';
import type { Locale } from '@app/shared/platform/locale';
import type { Permission } from '@app/shared/platform/permissions';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scope } from '../../platform/scope';
import { intArray, query } from '../../platform/sql';

// Notifications belong to an account: every read names the account. The recipients' lookups
// (who to tell) and the mail outbox's statements live here too.

export interface NotificationListRow {
  id: number | null;
  kind: NotificationKind;
  data: Record<string, unknown>;
  link: string | null;
  read: boolean;
  createdAt: string;
  total: number;
  unread: number;
}

/** One page of an account's notifications, newest first, with the total and the unread count: one statement (a lone row of counts when the page is empty). */
export async function list(
  db: DbOrTx,
  account: number,
  q: { page: number; perPage: number; onlyUnread: boolean },
): Promise<NotificationListRow[]> {
  return query<NotificationListRow>(
    db,
    sql`WITH mine AS (SELECT * FROM notifications WHERE account_id = ${account}),
             counts AS (SELECT count(*) FILTER (WHERE ${q.onlyUnread ? sql`read_at IS NULL` : sql`true`})::int AS total,
                               count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM mine)
        SELECT n.id, n.kind, n.data, n.link, n.read_at IS NOT NULL AS read,
               to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
               c.total, c.unread
          FROM counts c
          LEFT JOIN LATERAL (SELECT * FROM mine ${q.onlyUnread ? sql`WHERE read_at IS NULL` : sql``}
                              ORDER BY id DESC LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}) n ON true`,
  );
}

/** Marks one of the account's notifications read (again: no change); false when it has no such notification. */
export async function markRead(db: DbOrTx, account: number, id: number, now: Date): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE notifications SET read_at = coalesce(read_at, ${now.toISOString()}::timestamptz)
         WHERE id = ${id} AND account_id = ${account} RETURNING id`,
  );
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, account: number, now: Date): Promise<void> {
  await query(
    db,
    sql`UPDATE notifications SET read_at = ${now.toISOString()}::timestamptz
         WHERE account_id = ${account} AND read_at IS NULL`,
  );
}

/**
 * Whether an account can sign in: active, with a password set. A company user who was never
 * invited, or whose invitation is still open, gets no mail: the notification waits in the app for
 * when they can sign in. The one statement of this rule: the insert below never owes such an
 * account a mail, the outbox and the digest check it again when they send.
 */
const canSignIn = sql`(a.status = 'active' AND a.password_hash IS NOT NULL)`;

/**
 * One notification for each account, in one statement. What mail it owes follows the account's
 * preference for the kind (notification_preferences), else `fallback` (the kind's default):
 * immediate marks it `pending` (the outbox sends it), digest `digest` (the daily digest), app
 * `none`. An account that cannot sign in is owed nothing.
 */
export async function insert(
  db: DbOrTx,
  accountIds: readonly number[],
  n: { kind: NotificationKind; data: Record<string, unknown>; link: string | null; fallback: NotificationMode },
  now: Date,
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO notifications (account_id, kind, data, link, mail_state, created_at)
        SELECT a.id, ${n.kind}, ${JSON.stringify(n.data)}::jsonb, ${n.link},
               CASE WHEN NOT ${canSignIn} THEN 'none'
                    ELSE CASE coalesce(np.mode, ${n.fallback}) WHEN 'immediate' THEN 'pending' WHEN 'digest' THEN 'digest' ELSE 'none' END
               END,
               ${now.toISOString()}::timestamptz
          FROM unnest(${intArray(accountIds)}) AS u(id) JOIN accounts a ON a.id = u.id
          LEFT JOIN notification_preferences np ON np.account_id = a.id AND np.kind = ${n.kind}`,
  );
}

// ---- recipients

/**
 * The accounts of active employees holding a permission (an admin role holds every one): whom to
 * tell when no one in particular looks after a record.
 */
export async function staffAccountsWith(db: DbOrTx, permission: Permission): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT a.id FROM accounts a JOIN employees e ON e.id = a.employee_id JOIN roles r ON r.id = e.role_id
         WHERE a.status = 'active' AND e.deleted_at IS NULL
           AND (r.is_admin OR EXISTS (SELECT 1 FROM role_permissions rp WHERE rp.role_id = r.id AND rp.permission = ${permission}))
         ORDER BY a.id`,
  );
  return rows.map((r) => r.id);
}

/** The accounts of a company's active users. */
export async function companyAccounts(db: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT a.id FROM accounts a JOIN company_users cu ON cu.id = a.company_user_id
         WHERE cu.company_id = ${companyId} AND a.status = 'active' ORDER BY a.id`,
  );
  return rows.map((r) => r.id);
}

/** The account of an employee, when it is active. */
export async function employeeAccount(db: DbOrTx, employeeId: number | null): Promise<number | null> {
  if (employeeId === null) return null;
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT a.id FROM accounts a JOIN employees e ON e.id = a.employee_id
         WHERE e.id = ${employeeId} AND a.status = 'active' AND e.deleted_at IS NULL`,
  );
  return rows[0]?.id ?? null;
}

// ---- the mail outbox

const recipientColumns = sql`a.email, a.locale, coalesce(e.first_name, cu.first_name, '') AS "firstName"`;
const recipientJoins = sql`LEFT JOIN employees e ON e.id = a.employee_id LEFT JOIN company_users cu ON cu.id = a.company_user_id`;

export interface OwedMailRow {
  id: number;
  kind: NotificationKind;
  data: Record<string, unknown>;
  link: string | null;
  status: string;
  canSignIn: boolean;
  email: string;
  locale: Locale;
  firstName: string;
}

/** At most `batch` notifications owed a mail, with their recipient, locked for this transaction (other processes skip them). */
export async function lockOwedMails(db: DbOrTx, batch: number): Promise<OwedMailRow[]> {
  return query<OwedMailRow>(
    db,
    sql`SELECT n.id, n.kind, n.data, n.link, a.status, ${canSignIn} AS "canSignIn", ${recipientColumns}
          FROM notifications n JOIN accounts a ON a.id = n.account_id ${recipientJoins}
         WHERE n.mail_state = 'pending' ORDER BY n.id LIMIT ${batch} FOR UPDATE OF n SKIP LOCKED`,
  );
}

export async function setMailState(db: DbOrTx, ids: readonly number[], state: 'sent' | 'failed' | 'none'): Promise<void> {
  await query(db, sql`UPDATE notifications SET mail_state = ${state} WHERE id = ANY(${intArray(ids)})`);
}

/**
 * The approvals waiting longer than `cutoff` and not reminded since `again`, stamped reminded at
 * `now`, each with the account to remind: orders whose design waits for the client (the requester,
 * or every user of the company when the requester is gone), requests waiting for staff (the
 * handler, else whoever manages companies) and drawing versions waiting for the client (uploaded by
 * staff, on a drawing the company sees).
 */
/**
 * Claims what the daily reminder names (each record at most once a day): waiting longer than the
 * cutoff, or waiting for the client past its due date (`today`, the Amsterdam day: overdue items are
 * named however long they have waited). A drawing or an order's design with named approvers goes to
 * those who have not decided its latest version yet; else a drawing goes to every user of its
 * company and an order to the requester (every user when the requester is gone).
 */
export async function claimWaitingApprovals(
  db: DbOrTx,
  now: Date,
  cutoff: Date,
  again: Date,
  today: string,
): Promise<{ accountId: number; title: string; since: string; link: string; dueDate: string | null }[]> {
  const nowIso = now.toISOString();
  return query<{ accountId: number; title: string; since: string; link: string; dueDate: string | null }>(
    db,
    sql`WITH due_orders AS (
          UPDATE orders o SET reminded_at = ${nowIso}::timestamptz
           WHERE o.status IN ('pending_approval', 'requested')
             AND (o.waiting_since < ${cutoff.toISOString()}::timestamptz
                  OR (o.status = 'pending_approval' AND o.due_date IS NOT NULL AND o.due_date < ${today}))
             AND (o.reminded_at IS NULL OR o.reminded_at < ${again.toISOString()}::timestamptz)
          RETURNING o.id, o.company_id, o.status, o.title, o.requested_by, o.handled_by, o.waiting_since, o.due_date),
        due_drawings AS (
          UPDATE drawings d SET reminded_at = ${nowIso}::timestamptz
           WHERE d.status = 'pending' AND d.deleted_at IS NULL
             AND (d.waiting_since < ${cutoff.toISOString()}::timestamptz OR (d.due_date IS NOT NULL AND d.due_date < ${today}))
             AND (d.reminded_at IS NULL OR d.reminded_at < ${again.toISOString()}::timestamptz)
             -- Only a version that waits for the client (not one a company user uploaded: staff decide
             -- that), of a drawing the company sees (a company with selected areas: one of its areas).
             AND NOT EXISTS (SELECT 1 FROM drawing_versions lv JOIN accounts la ON la.id = lv.created_by
                              WHERE lv.drawing_id = d.id AND lv.number = d.version_count AND la.company_user_id IS NOT NULL)
             AND ${scope.companyArea(sql.raw('d.company_id'), sql.raw('d.project_id'), sql.raw('d.area_id'))}
          RETURNING d.id, d.company_id, d.name, d.waiting_since, d.due_date, d.version_count)
        SELECT a.id AS "accountId", o.title, o.waiting_since::text AS since, '/orders/' || o.id AS link,
               o.due_date AS "dueDate"
          FROM due_orders o JOIN company_users cu ON cu.company_id = o.company_id
          JOIN accounts a ON a.company_user_id = cu.id AND a.status = 'active'
         WHERE o.status = 'pending_approval'
           AND CASE WHEN EXISTS (SELECT 1 FROM order_approvers oa WHERE oa.order_id = o.id)
               -- Named approvers: those who have not decided the waiting version yet.
               THEN EXISTS (SELECT 1 FROM order_approvers oa WHERE oa.order_id = o.id AND oa.account_id = a.id)
                    AND NOT EXISTS (SELECT 1 FROM order_events oe JOIN order_versions ov ON ov.id = oe.version_id
                                     WHERE oe.order_id = o.id AND ov.status = 'pending' AND oe.actor_account_id = a.id
                                       AND oe.acting_employee_id IS NULL
                                       AND oe.kind IN ('design_vote', 'design_approved', 'design_denied'))
               ELSE (o.requested_by IS NULL OR a.id = o.requested_by
                     OR NOT EXISTS (SELECT 1 FROM accounts r WHERE r.id = o.requested_by AND r.status = 'active'))
               END
        UNION ALL
        SELECT a.id, o.title, o.waiting_since::text, '/requests/' || o.id, NULL
          FROM due_orders o JOIN accounts a ON a.status = 'active' AND a.employee_id IS NOT NULL
          JOIN employees e ON e.id = a.employee_id AND e.deleted_at IS NULL JOIN roles r ON r.id = e.role_id
         WHERE o.status = 'requested'
           AND (e.id = o.handled_by OR (o.handled_by IS NULL AND (r.is_admin
                OR EXISTS (SELECT 1 FROM role_permissions rp WHERE rp.role_id = r.id AND rp.permission = 'companies.manage'))))
        UNION ALL
        SELECT a.id, d.name, d.waiting_since::text, '/drawings/' || d.id, d.due_date
          FROM due_drawings d JOIN company_users cu ON cu.company_id = d.company_id
          JOIN accounts a ON a.company_user_id = cu.id AND a.status = 'active'
         WHERE NOT EXISTS (SELECT 1 FROM drawing_approvers da WHERE da.drawing_id = d.id)
            OR (EXISTS (SELECT 1 FROM drawing_approvers da WHERE da.drawing_id = d.id AND da.account_id = a.id)
                AND NOT EXISTS (SELECT 1 FROM drawing_comments dc JOIN drawing_versions dv ON dv.id = dc.version_id
                                 WHERE dc.drawing_id = d.id AND dv.number = d.version_count AND dc.author_account_id = a.id
                                   AND dc.acting_employee_id IS NULL AND dc.kind IN ('approve', 'request_changes')))`,
  );
}

/** These accounts' mail details, of those that can sign in. */
export async function mailRecipients(
  db: DbOrTx,
  accountIds: readonly number[],
): Promise<{ id: number; email: string; locale: Locale; firstName: string }[]> {
  return query<{ id: number; email: string; locale: Locale; firstName: string }>(
    db,
    sql`SELECT a.id, ${recipientColumns} FROM accounts a ${recipientJoins}
         WHERE a.id = ANY(${intArray(accountIds)}) AND ${canSignIn}`,
  );
}
