import type { NotificationKind } from '@app/shared/notifications/notifications';
import type { NotificationMode } from '@app/shared/notifications/preferences';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { query } from '../../platform/sql';

// A person's notification preferences: one row per kind they chose a mode for; no row is the
// kind's default. Every statement names the caller's own account.

export async function list(db: DbOrTx, accountId: number): Promise<{ kind: NotificationKind; mode: NotificationMode }[]> {
  return query(db, sql`SELECT kind, mode FROM notification_preferences WHERE account_id = ${accountId} ORDER BY kind`);
}

/** Sets the mode of one kind (a mode equal to the default removes the row: the default applies again). */
export async function set(
  db: DbOrTx,
  accountId: number,
  kind: NotificationKind,
  mode: NotificationMode,
  isDefault: boolean,
  now: Date,
): Promise<void> {
  if (isDefault) {
    await query(db, sql`DELETE FROM notification_preferences WHERE account_id = ${accountId} AND kind = ${kind}`);
    return;
  }
  await query(
    db,
    sql`INSERT INTO notification_preferences (account_id, kind, mode, updated_at)
        VALUES (${accountId}, ${kind}, ${mode}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (account_id, kind) DO UPDATE SET mode = EXCLUDED.mode, updated_at = EXCLUDED.updated_at`,
  );
}
