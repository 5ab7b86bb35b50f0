import type { NotificationKind, NotificationListQuery, NotificationPage } from '@app/shared/notifications/notifications';
import { pageMeta } from '@app/shared/platform/http';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './notifications.repository';

// Notifications belong to an account: every query names the caller's own account, so another
// person's notification is simply not found. An employee acting as a company sees what the company
// sees and nothing of their own (their staff notifications would name other companies): the
// acting view has no account of its own, so it has no notifications.

/** The caller's account, or null while an employee acts as a company. */
function ownAccount(ctx: Ctx): number | null {
  if (ctx.actor.kind === 'client' && ctx.actor.actingEmployee) return null;
  const id = signedInAccountId(ctx.actor);
  if (id === null) throw new AppError('UNAUTHENTICATED');
  return id;
}

/** The caller's notifications, newest first, with the unread count: one statement. */
export async function listNotifications(ctx: Ctx, q: NotificationListQuery): Promise<NotificationPage> {
  const account = ownAccount(ctx);
  if (account === null) return { data: [], meta: { ...pageMeta(q.page, q.perPage, 0), unread: 0 } };
  const onlyUnread = q.unread === 'true';
  const rows = await repo.list(ctx.db.orm, account, { page: q.page, perPage: q.perPage, onlyUnread });
  const total = rows[0]?.total ?? 0;
  const unread = rows[0]?.unread ?? 0;
  const data = rows
    .filter((r) => r.id !== null)
    .map((r) => ({ id: Number(r.id), kind: r.kind, data: r.data ?? {}, link: r.link, read: r.read, createdAt: r.createdAt }));
  return { data, meta: { ...pageMeta(q.page, q.perPage, total), unread } };
}

/** Marks one of the caller's notifications read (again: no change). @throws NOTIFICATION_NOT_FOUND */
export async function markRead(ctx: Ctx, id: number): Promise<void> {
  const account = ownAccount(ctx);
  if (account === null) throw new AppError('NOTIFICATION_NOT_FOUND');
  if (!(await repo.markRead(ctx.db.orm, account, id, ctx.clock()))) throw new AppError('NOTIFICATION_NOT_FOUND');
}

/** Marks all of the caller's notifications read. */
export async function markAllRead(ctx: Ctx): Promise<void> {
  const account = ownAccount(ctx);
  if (account === null) return;
  await repo.markAllRead(ctx.db.orm, account, ctx.clock());
}

/**
 * Tells the given accounts something, in one statement (a feature calls this in its own
 * transaction). With `mail` a mail is owed by default (the kind's default as it always was):
 * each recipient's preference for the kind decides whether it goes at once (`pending`: the
 * notifications.mail job sends it), in the daily digest (`digest`) or not at all; an account that
 * cannot sign in is never owed one. Call `sendOwedMails(ctx)` after the commit so the immediate
 * ones go at once (a rolled-back transaction owes nobody anything).
 */
export async function notify(
  db: DbOrTx,
  accountIds: readonly number[],
  n: { kind: NotificationKind; data: Record<string, unknown>; link: string | null; mail?: boolean },
  now: Date,
): Promise<void> {
  const unique = [...new Set(accountIds)];
  if (unique.length === 0) return;
  const { mail, ...rest } = n;
  await repo.insert(db, unique, { ...rest, fallback: mail ? 'immediate' : 'app' }, now);
}
