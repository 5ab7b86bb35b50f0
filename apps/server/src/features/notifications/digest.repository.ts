import type { NotificationKind } from '@app/shared/notifications/notifications';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { query } from '../../platform/sql';

// The daily digest's statements: notifications whose mail is owed in the digest (mail_state
// 'digest', the partial index notifications_digest_idx).

/** Up to `batch` accounts that are owed a digest, lowest id first. */
export async function accountsOwedDigest(db: DbOrTx, batch: number): Promise<number[]> {
  const rows = await query<{ accountId: number }>(
    db,
    sql`SELECT DISTINCT account_id AS "accountId" FROM notifications WHERE mail_state = 'digest'
         ORDER BY account_id LIMIT ${batch}`,
  );
  return rows.map((r) => Number(r.accountId));
}

export interface DigestRow {
  id: number;
  kind: NotificationKind;
  data: Record<string, unknown>;
  link: string | null;
}

/**
 * Claims the account's digest notifications: one conditional UPDATE marks them sent and answers
 * them, oldest first. A second process running the same statement waits for this transaction's
 * row locks and then finds the rows no longer owed, so each notification is in one digest only;
 * if the transaction rolls back (the mail could not be handed over), they are owed again.
 */
export async function claimDigest(db: DbOrTx, accountId: number): Promise<DigestRow[]> {
  const rows = await query<DigestRow>(
    db,
    sql`UPDATE notifications SET mail_state = 'sent'
         WHERE account_id = ${accountId} AND mail_state = 'digest'
        RETURNING id, kind, data, link`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
}
