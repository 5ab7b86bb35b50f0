import type {
  Overnight,
  OvernightListQuery,
  OvernightPage,
  overnightInputSchema,
  overnightUpdateSchema,
  UserOvernightListQuery,
} from '@app/shared/declarations/overnights';
import {
  overnightAbilities,
  overnightDecisionVerdict,
  overnightRegisterVerdict,
} from '@app/shared/declarations/overnights.rules';
import { pageMeta } from '@app/shared/platform/http';
import type { SelfService } from '@app/shared/users/people.rules';
import type * as z from 'zod';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, raced } from '../../platform/errors';
import { sendOwedMails } from '../notifications/notification.jobs';
import { employeeAccount } from '../notifications/notifications.repository';
import { notify } from '../notifications/notifications.service';
import { employeeInReach, liveEmployee, liveProject } from './declarations.repository';
import * as repo from './overnights.repository';

/**
 * Overnight stays: a night or several away for a project. Everyone reads their own;
 * registering one's own needs the mobile setting (selfService.overnights, else SELF_SERVICE_OFF)
 * unless one holds the hours rights, who register for anyone, read everyone's and decide (approve,
 * or reject with a reason), never on their own stay. The export right reads everyone's too.
 */

type OvernightCreate = z.output<typeof overnightInputSchema>;
type OvernightChange = z.output<typeof overnightUpdateSchema>;

const selfServiceOf = (ctx: Ctx): SelfService | null => (ctx.actor.kind === 'employee' ? ctx.actor.selfService : null);

function toOvernight(ctx: Ctx, r: repo.OvernightRow): Overnight {
  return {
    id: r.id,
    employee: { id: r.employeeId, name: r.employeeName },
    project: { id: r.projectId, name: r.projectName },
    date: r.date,
    nights: r.nights,
    location: r.location,
    notes: r.notes,
    status: r.status,
    rejectReason: r.rejectReason,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt,
    createdAt: r.createdAt,
    version: r.version,
    abilities: overnightAbilities(r, viewerOf(ctx.actor), selfServiceOf(ctx)),
  };
}

async function page(ctx: Ctx, q: OvernightListQuery, registerFor: number | null): Promise<OvernightPage> {
  const { rows, total, totalNights } = await repo.list(ctx.db.orm, ctx.actor, q);
  const verdict =
    registerFor === null ? 'FORBIDDEN' : overnightRegisterVerdict(viewerOf(ctx.actor), registerFor, selfServiceOf(ctx));
  return {
    data: rows.map((r) => toOvernight(ctx, r)),
    meta: pageMeta(q.page, q.perPage, total),
    totalNights,
    canRegister: verdict === true,
    cannotRegisterReason: verdict === true ? null : verdict,
  };
}

/** The stays in reach (own; everyone's with the hours or export rights), paged, with the nights of all matching ones. */
export async function listOvernights(ctx: Ctx, q: OvernightListQuery): Promise<OvernightPage> {
  const own = ctx.actor.kind === 'employee' ? ctx.actor.employeeId : null;
  return page(ctx, q, q.employeeId ?? own);
}

/** One person's stays. @throws EMPLOYEE_NOT_FOUND (also for another person's without the rights) */
export async function listUserOvernights(ctx: Ctx, userId: number, q: UserOvernightListQuery): Promise<OvernightPage> {
  if (!(await employeeInReach(ctx.db.orm, ctx.actor, userId, 'export'))) throw new AppError('EMPLOYEE_NOT_FOUND');
  return page(ctx, { ...q, employeeId: userId }, userId);
}

/** @throws OVERNIGHT_NOT_FOUND */
export async function getOvernight(ctx: Ctx, id: number): Promise<Overnight> {
  const row = await repo.find(ctx.db.orm, ctx.actor, id);
  if (!row) throw new AppError('OVERNIGHT_NOT_FOUND');
  return toOvernight(ctx, row);
}

const fieldsOf = (i: OvernightCreate | OvernightChange): repo.OvernightFields => ({
  projectId: i.projectId,
  date: i.date,
  nights: i.nights,
  location: i.location,
  notes: i.notes,
});

/**
 * Registers a stay (submitted): one's own with the mobile setting, anyone's with the hours rights.
 * @throws FORBIDDEN, SELF_SERVICE_OFF, VALIDATION_FAILED (employeeId, projectId not_found)
 */
export async function createOvernight(ctx: Ctx, input: OvernightCreate): Promise<Overnight> {
  if (ctx.actor.kind !== 'employee') throw new AppError('FORBIDDEN');
  const employeeId = input.employeeId ?? ctx.actor.employeeId;
  const verdict = overnightRegisterVerdict(viewerOf(ctx.actor), employeeId, selfServiceOf(ctx));
  if (verdict !== true) throw new AppError(verdict);
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      const errors: Record<string, { code: string }> = {};
      if (!(await liveEmployee(tx, employeeId))) errors.employeeId = { code: 'not_found' };
      if (!(await liveProject(tx, input.projectId))) errors.projectId = { code: 'not_found' };
      if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
      const id = await repo.insert(tx, employeeId, fieldsOf(input), signedInAccountId(ctx.actor), now);
      await audit(tx, ctx, 'overnight.created', { type: 'overnight', id }, { employeeId, nights: input.nights });
      return id;
    })
    .catch((err) => {
      throw raced(err);
    });
  return getOvernight(ctx, id);
}

/** @throws OVERNIGHT_NOT_FOUND, FORBIDDEN, SELF_SERVICE_OFF, OVERNIGHT_NOT_EDITABLE, STALE_VERSION, VALIDATION_FAILED (projectId not_found) */
export async function updateOvernight(ctx: Ctx, id: number, input: OvernightChange): Promise<Overnight> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.find(tx, ctx.actor, id, true);
      if (!current) throw new AppError('OVERNIGHT_NOT_FOUND');
      assertAbility(overnightAbilities(current, viewerOf(ctx.actor), selfServiceOf(ctx)), 'canEdit');
      if (current.version !== input.version) throw new AppError('STALE_VERSION');
      if (input.projectId !== current.projectId && !(await liveProject(tx, input.projectId))) {
        throw new AppError('VALIDATION_FAILED', { fieldErrors: { projectId: { code: 'not_found' } } });
      }
      if (!(await repo.update(tx, ctx.actor, id, input.version, fieldsOf(input), now))) throw new AppError('STALE_VERSION');
      await audit(tx, ctx, 'overnight.updated', { type: 'overnight', id }, { employeeId: current.employeeId });
    })
    .catch((err) => {
      throw raced(err);
    });
  return getOvernight(ctx, id);
}

/** @throws OVERNIGHT_NOT_FOUND, FORBIDDEN, SELF_SERVICE_OFF, OVERNIGHT_NOT_EDITABLE, STALE_VERSION */
export async function deleteOvernight(ctx: Ctx, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, id, true);
    if (!current) throw new AppError('OVERNIGHT_NOT_FOUND');
    assertAbility(overnightAbilities(current, viewerOf(ctx.actor), selfServiceOf(ctx)), 'canDelete');
    if (current.version !== version) throw new AppError('STALE_VERSION');
    if (!(await repo.remove(tx, ctx.actor, id, version))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'overnight.deleted', { type: 'overnight', id }, { employeeId: current.employeeId });
  });
}

export type OvernightDecision = { outcome: 'approved' } | { outcome: 'rejected'; reason: string };

/**
 * Approves or rejects (with a reason) a submitted stay: one conditional UPDATE, decided once; tells the employee.
 * @throws OVERNIGHT_NOT_FOUND, FORBIDDEN (one's own), OVERNIGHT_ALREADY_DECIDED, STALE_VERSION
 */
export async function decideOvernight(ctx: Ctx, id: number, version: number, decision: OvernightDecision): Promise<Overnight> {
  const now = ctx.clock();
  const ability = decision.outcome === 'approved' ? 'canApprove' : 'canReject';
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, id);
    if (!current) throw new AppError('OVERNIGHT_NOT_FOUND');
    assertAbility(overnightAbilities(current, viewerOf(ctx.actor), selfServiceOf(ctx)), ability);
    const reason = decision.outcome === 'rejected' ? decision.reason : null;
    const me = signedInAccountId(ctx.actor);
    if (!(await repo.decide(tx, ctx.actor, { id, version, next: decision.outcome, reason }, me, now))) {
      const again = await repo.find(tx, ctx.actor, id);
      if (!again) throw new AppError('OVERNIGHT_NOT_FOUND');
      const verdict = overnightDecisionVerdict(again.status);
      throw new AppError(verdict === true ? 'STALE_VERSION' : verdict);
    }
    await audit(tx, ctx, `overnight.${decision.outcome}`, { type: 'overnight', id }, { employeeId: current.employeeId });
    const account = await employeeAccount(tx, current.employeeId);
    if (account !== null && account !== me) {
      await notify(
        tx,
        [account],
        {
          kind: 'overnight.decided',
          data: {
            date: current.date,
            nights: current.nights,
            location: current.location,
            project: current.projectName,
            outcome: decision.outcome,
            ...(reason ? { reason } : {}),
          },
          link: `/users/${current.employeeId}/overnights`,
          mail: true,
        },
        now,
      );
    }
  });
  await sendOwedMails(ctx);
  return getOvernight(ctx, id);
}
