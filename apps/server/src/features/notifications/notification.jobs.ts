import type { NotificationKind } from '@app/shared/notifications/notifications';
import type { Locale } from '@app/shared/platform/locale';
import type { Permission } from '@app/shared/platform/permissions';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Platform } from '../../platform/context';
import { intArray, query } from '../../platform/sql';
import type { Who } from '../auth/auth.mails';
import { notificationMail, reminderMail, type WaitingItem } from './notification.mails';

// The mail side of notifications: an outbox. notify(…, { mail: true }) marks a notification
// `pending` in the feature's own transaction; the notifications.mail job sends what is owed, each
// in the recipient's language, and marks it `sent` (or `failed`). The job runs after each
// commit (sendOwedMails) and every two minutes, so a mail is never lost to a crash between the
// commit and the send, and never sent for a rolled-back change. Two app processes share the work
// (SKIP LOCKED).

export const JOB_NOTIFICATION_MAIL = 'notifications.mail';
export const JOB_APPROVAL_REMINDERS = 'approvals.remind';

/** Call after the commit of a change that notified with `mail: true`: the mails go at once. */
export async function sendOwedMails(p: Pick<Platform, 'jobs'>): Promise<void> {
  await p.jobs.send(JOB_NOTIFICATION_MAIL, {});
}

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

/**
 * Whether an account can sign in: active, with a password set. A company user who was never
 * invited, or whose invitation is still open, gets no mail (issue 25): the notification waits in
 * the app for when they can sign in.
 */
const canSignIn = sql`(a.status = 'active' AND a.password_hash IS NOT NULL)`;

const recipientColumns = sql`a.email, a.locale, coalesce(e.first_name, cu.first_name, '') AS "firstName"`;
const recipientJoins = sql`LEFT JOIN employees e ON e.id = a.employee_id LEFT JOIN company_users cu ON cu.id = a.company_user_id`;

/** Sends the mails owed (at most `batch` per round, until none is left). Answers how many were sent. */
export async function deliverOwedMails(p: Platform, batch = 50): Promise<number> {
  let sent = 0;
  for (;;) {
    const done = await p.db.orm.transaction(async (tx) => {
      const rows = await query<{
        id: number;
        kind: NotificationKind;
        data: Record<string, unknown>;
        link: string | null;
        status: string;
        canSignIn: boolean;
        email: string;
        locale: Locale;
        firstName: string;
      }>(
        tx,
        sql`SELECT n.id, n.kind, n.data, n.link, a.status, ${canSignIn} AS "canSignIn", ${recipientColumns}
              FROM notifications n JOIN accounts a ON a.id = n.account_id ${recipientJoins}
             WHERE n.mail_state = 'pending' ORDER BY n.id LIMIT ${batch} FOR UPDATE OF n SKIP LOCKED`,
      );
      const outcome = { sent: [] as number[], failed: [] as number[], skipped: [] as number[] };
      for (const r of rows) {
        if (r.status !== 'active' || !r.canSignIn) {
          outcome.skipped.push(Number(r.id));
          continue;
        }
        const who: Who = { email: r.email, firstName: r.firstName, locale: r.locale };
        try {
          await p.mailer.send(notificationMail(who, r.kind, r.data ?? {}, `${p.config.appUrl}${r.link ?? '/'}`));
          outcome.sent.push(Number(r.id));
        } catch {
          outcome.failed.push(Number(r.id));
        }
      }
      for (const [state, ids] of [
        ['sent', outcome.sent],
        ['failed', outcome.failed],
        ['none', outcome.skipped],
      ] as const) {
        if (ids.length > 0) {
          await query(tx, sql`UPDATE notifications SET mail_state = ${state} WHERE id = ANY(${intArray(ids)})`);
        }
      }
      sent += outcome.sent.length;
      return rows.length < batch;
    });
    if (done) return sent;
  }
}

/**
 * The daily reminder: to each person who has approvals waiting longer than `days` days, one
 * mail listing them (orders whose design waits for the client, requests waiting for staff,
 * drawing versions waiting for the client). Each record at most once a day. Answers how many
 * mails went out.
 */
export async function remindWaitingApprovals(p: Platform, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const again = new Date(now.getTime() - 20 * 3_600_000).toISOString();
  const nowIso = now.toISOString();
  return p.db.orm.transaction(async (tx) => {
    const items = await query<{ accountId: number; title: string; since: string; link: string }>(
      tx,
      sql`WITH due_orders AS (
            UPDATE orders o SET reminded_at = ${nowIso}::timestamptz
             WHERE o.status IN ('pending_approval', 'requested') AND o.waiting_since < ${cutoff}::timestamptz
               AND (o.reminded_at IS NULL OR o.reminded_at < ${again}::timestamptz)
            RETURNING o.id, o.company_id, o.status, o.title, o.requested_by, o.handled_by, o.waiting_since),
          due_drawings AS (
            UPDATE drawings d SET reminded_at = ${nowIso}::timestamptz
             WHERE d.status = 'pending' AND d.deleted_at IS NULL AND d.waiting_since < ${cutoff}::timestamptz
               AND (d.reminded_at IS NULL OR d.reminded_at < ${again}::timestamptz)
            RETURNING d.id, d.company_id, d.name, d.waiting_since)
          SELECT a.id AS "accountId", o.title, o.waiting_since::text AS since, '/orders/' || o.id AS link
            FROM due_orders o JOIN company_users cu ON cu.company_id = o.company_id
            JOIN accounts a ON a.company_user_id = cu.id AND a.status = 'active'
           WHERE o.status = 'pending_approval' AND (o.requested_by IS NULL OR a.id = o.requested_by
                 OR NOT EXISTS (SELECT 1 FROM accounts r WHERE r.id = o.requested_by AND r.status = 'active'))
          UNION ALL
          SELECT a.id, o.title, o.waiting_since::text, '/requests/' || o.id
            FROM due_orders o JOIN accounts a ON a.status = 'active' AND a.employee_id IS NOT NULL
            JOIN employees e ON e.id = a.employee_id AND e.deleted_at IS NULL JOIN roles r ON r.id = e.role_id
           WHERE o.status = 'requested'
             AND (e.id = o.handled_by OR (o.handled_by IS NULL AND (r.is_admin
                  OR EXISTS (SELECT 1 FROM role_permissions rp WHERE rp.role_id = r.id AND rp.permission = 'companies.manage'))))
          UNION ALL
          SELECT a.id, d.name, d.waiting_since::text, '/drawings/' || d.id
            FROM due_drawings d JOIN company_users cu ON cu.company_id = d.company_id
            JOIN accounts a ON a.company_user_id = cu.id AND a.status = 'active'`,
    );
    const byAccount = new Map<number, WaitingItem[]>();
    for (const i of items) {
      const list = byAccount.get(i.accountId) ?? [];
      list.push({ title: i.title, days: Math.floor((now.getTime() - new Date(i.since).getTime()) / 86_400_000), link: i.link });
      byAccount.set(i.accountId, list);
    }
    if (byAccount.size === 0) return 0;
    const who = await query<{ id: number; email: string; locale: Locale; firstName: string }>(
      tx,
      sql`SELECT a.id, ${recipientColumns} FROM accounts a ${recipientJoins}
           WHERE a.id = ANY(${intArray([...byAccount.keys()])}) AND ${canSignIn}`,
    );
    for (const w of who) {
      const list = byAccount.get(w.id) ?? [];
      await p.mailer.send(reminderMail({ email: w.email, firstName: w.firstName, locale: w.locale }, list, p.config.appUrl));
    }
    return who.length;
  });
}

/** Registers the outbox sender (after each commit and every two minutes) and the daily reminder. */
export function registerNotificationJobs(p: Platform): void {
  p.jobs.register(
    JOB_NOTIFICATION_MAIL,
    async () => {
      await deliverOwedMails(p);
    },
    { cron: '*/2 * * * *' },
  );
  p.jobs.register(
    JOB_APPROVAL_REMINDERS,
    async () => {
      await remindWaitingApprovals(p, p.clock(), p.config.approvalReminderDays);
    },
    { cron: '0 8 * * *' },
  );
}
