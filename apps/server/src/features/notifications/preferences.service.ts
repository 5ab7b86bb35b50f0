import {
  kindsFor,
  NOTIFICATION_KIND_INFO,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '@app/shared/notifications/preferences';
import type { FieldError } from '@app/shared/platform/errors';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './preferences.repository';

// Everyone signed in chooses, per kind of event they can receive, how they hear of it. The
// preferences are the real person's: an employee acting as a company keeps their own (staff)
// preferences, as the account settings beside them are their own.

function caller(ctx: Ctx): { accountId: number; side: 'staff' | 'portal' } {
  const accountId = signedInAccountId(ctx.actor);
  if (accountId === null) throw new AppError('UNAUTHENTICATED');
  const staff = ctx.actor.kind === 'employee' || (ctx.actor.kind === 'client' && ctx.actor.actingEmployee !== null);
  return { accountId, side: staff ? 'staff' : 'portal' };
}

/** Every kind the caller can receive, with the mode that applies to it (their choice, else the default). */
export async function getPreferences(ctx: Ctx): Promise<NotificationPreferences> {
  const { accountId, side } = caller(ctx);
  const chosen = new Map((await repo.list(ctx.db.orm, accountId)).map((r) => [r.kind, r.mode]));
  return {
    data: kindsFor(side).map((kind) => {
      const info = NOTIFICATION_KIND_INFO[kind];
      return { kind, group: info.group, mode: chosen.get(kind) ?? info.defaultMode, defaultMode: info.defaultMode };
    }),
  };
}

/**
 * Sets the modes of the kinds named (the others keep theirs), in one transaction.
 * @throws VALIDATION_FAILED (preferences.<i>.kind: not_allowed for a kind of the other side)
 */
export async function setPreferences(ctx: Ctx, input: NotificationPreferencesInput): Promise<NotificationPreferences> {
  const { accountId, side } = caller(ctx);
  const allowed = new Set(kindsFor(side));
  const errors: Record<string, FieldError> = {};
  input.preferences.forEach((p, i) => {
    if (!allowed.has(p.kind)) errors[`preferences.${i}.kind`] = { code: 'not_allowed' };
  });
  if (Object.keys(errors).length) {
    throw new AppError('VALIDATION_FAILED', { message: 'A kind the caller cannot receive', fieldErrors: errors });
  }
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    for (const p of input.preferences) {
      await repo.set(tx, accountId, p.kind, p.mode, NOTIFICATION_KIND_INFO[p.kind].defaultMode === p.mode, now);
    }
    await audit(
      tx,
      ctx,
      'notification_preferences.updated',
      { type: 'account', id: accountId },
      {
        preferences: input.preferences,
      },
    );
  });
  return getPreferences(ctx);
}
