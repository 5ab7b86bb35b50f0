import { localDateString } from '@app/shared/platform/iso-week';
import { isOverdue } from '@app/shared/platform/overdue';
import type { Platform } from '../../platform/context';
import type { Who } from '../auth/auth.mails';
import { notificationMail, reminderMail, type WaitingItem } from './notification.mails';
import * as repo from './notifications.repository';

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

/** Sends the mails owed (at most `batch` per round, until none is left). Answers how many were sent. */
export async function deliverOwedMails(p: Platform, batch = 50): Promise<number> {
  let sent = 0;
  for (;;) {
    const done = await p.db.orm.transaction(async (tx) => {
      const rows = await repo.lockOwedMails(tx, batch);
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
        if (ids.length > 0) await repo.setMailState(tx, ids, state);
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
 * drawing versions waiting for the client), and whatever waits for the client past its due
 * date, named first. Each record at most once a day. Answers how many mails went out.
 */
export async function remindWaitingApprovals(p: Platform, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const again = new Date(now.getTime() - 20 * 3_600_000);
  return p.db.orm.transaction(async (tx) => {
    const today = localDateString(now);
    const items = await repo.claimWaitingApprovals(tx, now, cutoff, again, today);
    const byAccount = new Map<number, WaitingItem[]>();
    for (const i of items) {
      const list = byAccount.get(i.accountId) ?? [];
      list.push({
        title: i.title,
        days: Math.floor((now.getTime() - new Date(i.since).getTime()) / 86_400_000),
        link: i.link,
        dueDate: i.dueDate,
        overdue: isOverdue(i.dueDate, true, today),
      });
      byAccount.set(i.accountId, list);
    }
    if (byAccount.size === 0) return 0;
    const who = await repo.mailRecipients(tx, [...byAccount.keys()]);
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
