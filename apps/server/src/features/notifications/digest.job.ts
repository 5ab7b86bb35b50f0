import type { Platform } from '../../platform/context';
import { digestMail } from './digest.mail';
import * as digestRepo from './digest.repository';
import { mailRecipients, setMailState } from './notifications.repository';

// The daily digest: the notifications whose recipient chose "daily overview" for their kind wait
// with mail_state 'digest'; once a day each such person gets ONE mail listing them. Each account
// is its own transaction: its rows are claimed with one conditional UPDATE (digest -> sent), the
// mail is handed to the mailer, and the claim commits. A second run, or a second process at the
// same time, finds nothing left to claim, so nothing is sent twice.

export const JOB_NOTIFICATION_DIGEST = 'notifications.digest';

/** Sends every digest owed. Answers how many mails went out. */
export async function sendDigests(p: Platform, batch = 100): Promise<number> {
  let sent = 0;
  const seen = new Set<number>();
  for (;;) {
    const accounts = (await digestRepo.accountsOwedDigest(p.db.orm, batch)).filter((a) => !seen.has(a));
    if (accounts.length === 0) return sent;
    for (const accountId of accounts) {
      seen.add(accountId);
      const mailed = await p.db.orm.transaction(async (tx) => {
        const rows = await digestRepo.claimDigest(tx, accountId);
        if (rows.length === 0) return false; // another run took them
        const ids = rows.map((r) => r.id);
        // Can the person still sign in? (The rule is checked when the row is written, and again here.)
        const [who] = await mailRecipients(tx, [accountId]);
        if (!who) {
          await setMailState(tx, ids, 'none');
          return false;
        }
        try {
          await p.mailer.send(digestMail(who, rows, p.config.appUrl));
          return true;
        } catch {
          await setMailState(tx, ids, 'failed');
          return false;
        }
      });
      if (mailed) sent += 1;
    }
  }
}

/** Registers the daily digest (every morning at 7, before the approval reminder at 8). */
export function registerDigestJob(p: Platform): void {
  p.jobs.register(
    JOB_NOTIFICATION_DIGEST,
    async () => {
      await sendDigests(p);
    },
    { cron: '0 7 * * *' },
  );
}
