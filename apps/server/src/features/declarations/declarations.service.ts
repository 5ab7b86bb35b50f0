import type {
  Declaration,
  DeclarationListQuery,
  DeclarationPage,
  declarationInputSchema,
  declarationUpdateSchema,
  UserDeclarationListQuery,
} from '@app/shared/declarations/declarations';
import {
  type DeclarationStatus,
  declarationAbilities,
  declarationDecisionVerdict,
  declarationPayVerdict,
  formatCents,
  ownOrHours,
} from '@app/shared/declarations/declarations.rules';
import { RECEIPT_MIME_TYPES } from '@app/shared/files/files';
import { pageMeta } from '@app/shared/platform/http';
import type * as z from 'zod';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, raced } from '../../platform/errors';
import { fileInfos } from '../files/files.service';
import { sendOwedMails } from '../notifications/notification.jobs';
import { employeeAccount } from '../notifications/notifications.repository';
import { notify } from '../notifications/notifications.service';
import * as repo from './declarations.repository';

/**
 * Declarations: an employee's expense claims with a receipt. Everyone files and reads
 * their own; PEOPLE_RIGHTS.hours files for anyone, reads everyone's and decides (approve, reject
 * with a reason, mark paid), never on their own claim. The rules are the shared ones
 * (declarations.rules.ts); each decision is one conditional UPDATE on the status, so two at once
 * give one outcome. The employee is told of each decision (a notification and a mail).
 */

type DeclarationCreate = z.output<typeof declarationInputSchema>;
type DeclarationChange = z.output<typeof declarationUpdateSchema>;
type FieldErrors = Record<string, { code: string }>;

const RECEIPT_TYPES: readonly string[] = RECEIPT_MIME_TYPES;

function missingFile(id: number) {
  return {
    id,
    originalName: '',
    mime: 'application/octet-stream',
    size: 0,
    url: `/api/files/${id}`,
    uploadedBy: null,
    createdAt: '',
  };
}

async function toDeclarations(db: DbOrTx, ctx: Ctx, rows: repo.DeclarationRow[]): Promise<Declaration[]> {
  const files = new Map((await fileInfos(db, [...new Set(rows.map((r) => r.receiptFileId))])).map((f) => [f.id, f]));
  const viewer = viewerOf(ctx.actor);
  return rows.map((r) => ({
    id: r.id,
    employee: { id: r.employeeId, name: r.employeeName },
    date: r.date,
    project: r.projectId === null ? null : { id: r.projectId, name: r.projectName ?? '' },
    category: { id: r.categoryId, name: r.categoryName },
    paymentType: { id: r.paymentTypeId, name: r.paymentTypeName },
    description: r.description,
    amountCents: r.amountCents,
    receipt: files.get(r.receiptFileId) ?? missingFile(r.receiptFileId),
    status: r.status,
    rejectReason: r.rejectReason,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt,
    paidAt: r.paidAt,
    createdAt: r.createdAt,
    version: r.version,
    abilities: declarationAbilities(r, viewer),
  }));
}

/** The declarations in reach (own, or everyone's with the hours rights), paged, with the sum of all matching ones. */
export async function listDeclarations(ctx: Ctx, q: DeclarationListQuery): Promise<DeclarationPage> {
  const db = ctx.db.orm;
  const { rows, total, totalCents } = await repo.list(db, ctx.actor, q);
  return { data: await toDeclarations(db, ctx, rows), meta: pageMeta(q.page, q.perPage, total), totalCents };
}

/** One person's declarations. @throws EMPLOYEE_NOT_FOUND (also for another person's without the hours rights) */
export async function listUserDeclarations(ctx: Ctx, userId: number, q: UserDeclarationListQuery): Promise<DeclarationPage> {
  if (!(await repo.employeeInReach(ctx.db.orm, ctx.actor, userId, 'hours'))) throw new AppError('EMPLOYEE_NOT_FOUND');
  return listDeclarations(ctx, { ...q, employeeId: userId });
}

/** One declaration in reach. @throws DECLARATION_NOT_FOUND */
export async function getDeclaration(ctx: Ctx, id: number): Promise<Declaration> {
  const row = await repo.find(ctx.db.orm, ctx.actor, id);
  if (!row) throw new AppError('DECLARATION_NOT_FOUND');
  const [d] = await toDeclarations(ctx.db.orm, ctx, [row]);
  if (!d) throw new AppError('DECLARATION_NOT_FOUND');
  return d;
}

function fail(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
}

/**
 * The references must exist: an active category and payment type (the current ones may stay when
 * deactivated since), a live project, and a receipt that is the signer's own, unattached upload
 * of an image or a PDF (the current one may stay).
 */
async function checkFields(
  tx: DbOrTx,
  ctx: Ctx,
  input: DeclarationCreate | DeclarationChange,
  current?: repo.DeclarationRow,
): Promise<repo.DeclarationFields> {
  const errors: FieldErrors = {};
  // One after the other: inside a transaction the statements share one connection.
  if (input.categoryId !== current?.categoryId) {
    const state = await repo.optionState(tx, 'declaration_categories', input.categoryId);
    if (state !== 'active') errors.categoryId = { code: state === null ? 'not_found' : 'inactive' };
  }
  if (input.paymentTypeId !== current?.paymentTypeId) {
    const state = await repo.optionState(tx, 'declaration_payment_types', input.paymentTypeId);
    if (state !== 'active') errors.paymentTypeId = { code: state === null ? 'not_found' : 'inactive' };
  }
  if (input.projectId !== null && input.projectId !== current?.projectId && !(await repo.liveProject(tx, input.projectId))) {
    errors.projectId = { code: 'not_found' };
  }
  if (input.receiptFileId !== current?.receiptFileId) {
    const account = signedInAccountId(ctx.actor);
    const file = account === null ? null : await repo.ownUnattachedFile(tx, account, input.receiptFileId);
    if (!file) errors.receiptFileId = { code: 'not_found' };
    else if (!RECEIPT_TYPES.includes(file.mime)) errors.receiptFileId = { code: 'type_not_allowed' };
  }
  fail(errors);
  return {
    date: input.date,
    projectId: input.projectId,
    categoryId: input.categoryId,
    paymentTypeId: input.paymentTypeId,
    description: input.description,
    amountCents: input.amountCents,
    receiptFileId: input.receiptFileId,
  };
}

const ownEmployeeId = (ctx: Ctx): number => {
  if (ctx.actor.kind !== 'employee') throw new AppError('FORBIDDEN');
  return ctx.actor.employeeId;
};

/**
 * Files a declaration (submitted): one's own, or with the hours rights anyone's.
 * @throws FORBIDDEN, VALIDATION_FAILED (employeeId, categoryId, paymentTypeId, projectId not_found or inactive; receiptFileId not_found or type_not_allowed)
 */
export async function createDeclaration(ctx: Ctx, input: DeclarationCreate): Promise<Declaration> {
  const now = ctx.clock();
  const employeeId = input.employeeId ?? ownEmployeeId(ctx);
  const verdict = ownOrHours(viewerOf(ctx.actor), employeeId);
  if (verdict !== true) throw new AppError(verdict);
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      if (!(await repo.liveEmployee(tx, employeeId))) fail({ employeeId: { code: 'not_found' } });
      const fields = await checkFields(tx, ctx, input);
      const id = await repo.insert(tx, employeeId, fields, signedInAccountId(ctx.actor), now);
      await audit(tx, ctx, 'declaration.created', { type: 'declaration', id }, { employeeId, amountCents: fields.amountCents });
      return id;
    })
    .catch((err) => {
      throw raced(err);
    });
  return getDeclaration(ctx, id);
}

/** Changes a submitted declaration (own, or with the hours rights). @throws DECLARATION_NOT_FOUND, STALE_VERSION, FORBIDDEN, DECLARATION_NOT_EDITABLE, VALIDATION_FAILED */
export async function updateDeclaration(ctx: Ctx, id: number, input: DeclarationChange): Promise<Declaration> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.find(tx, ctx.actor, id, true);
      if (!current) throw new AppError('DECLARATION_NOT_FOUND');
      assertAbility(declarationAbilities(current, viewerOf(ctx.actor)), 'canEdit');
      if (current.version !== input.version) throw new AppError('STALE_VERSION');
      const fields = await checkFields(tx, ctx, input, current);
      if (!(await repo.update(tx, ctx.actor, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await audit(tx, ctx, 'declaration.updated', { type: 'declaration', id }, { employeeId: current.employeeId });
    })
    .catch((err) => {
      throw raced(err);
    });
  return getDeclaration(ctx, id);
}

/** Removes a submitted declaration (own, or with the hours rights). @throws DECLARATION_NOT_FOUND, STALE_VERSION, FORBIDDEN, DECLARATION_NOT_EDITABLE */
export async function deleteDeclaration(ctx: Ctx, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, id, true);
    if (!current) throw new AppError('DECLARATION_NOT_FOUND');
    assertAbility(declarationAbilities(current, viewerOf(ctx.actor)), 'canDelete');
    if (current.version !== version) throw new AppError('STALE_VERSION');
    if (!(await repo.remove(tx, ctx.actor, id, version))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'declaration.deleted', { type: 'declaration', id }, { employeeId: current.employeeId });
  });
}

export type DeclarationDecision = { outcome: 'approved' } | { outcome: 'rejected'; reason: string } | { outcome: 'paid' };

const DECISIONS = {
  approved: { expected: 'submitted', ability: 'canApprove', verdict: declarationDecisionVerdict },
  rejected: { expected: 'submitted', ability: 'canReject', verdict: declarationDecisionVerdict },
  paid: { expected: 'approved', ability: 'canPay', verdict: declarationPayVerdict },
} as const satisfies Record<string, { expected: DeclarationStatus; ability: string; verdict: unknown }>;

/**
 * Approves, rejects (with a reason) or marks paid: one conditional UPDATE from the expected status,
 * so of two decisions at once exactly one counts; tells the employee.
 * @throws DECLARATION_NOT_FOUND, FORBIDDEN (no hours rights, or one's own), DECLARATION_ALREADY_DECIDED, DECLARATION_NOT_APPROVED, STALE_VERSION
 */
export async function decideDeclaration(
  ctx: Ctx,
  id: number,
  version: number,
  decision: DeclarationDecision,
): Promise<Declaration> {
  const now = ctx.clock();
  const rule = DECISIONS[decision.outcome];
  const viewer = viewerOf(ctx.actor);
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, id);
    if (!current) throw new AppError('DECLARATION_NOT_FOUND');
    assertAbility(declarationAbilities(current, viewer), rule.ability);
    const reason = decision.outcome === 'rejected' ? decision.reason : null;
    const next = decision.outcome;
    const decided = await repo.decide(
      tx,
      ctx.actor,
      { id, version, expected: rule.expected, next, reason },
      signedInAccountId(ctx.actor),
      now,
    );
    if (!decided) {
      // Someone else decided it since we read it (or the edit was based on an old copy): say which.
      const again = await repo.find(tx, ctx.actor, id);
      if (!again) throw new AppError('DECLARATION_NOT_FOUND');
      const verdict = rule.verdict(again.status);
      throw new AppError(verdict === true ? 'STALE_VERSION' : verdict);
    }
    await audit(tx, ctx, `declaration.${decision.outcome}`, { type: 'declaration', id }, { employeeId: current.employeeId });
    const account = await employeeAccount(tx, current.employeeId);
    const me = signedInAccountId(ctx.actor);
    if (account !== null && account !== me) {
      await notify(
        tx,
        [account],
        {
          kind: 'declaration.decided',
          data: {
            description: current.description,
            amount: formatCents(current.amountCents),
            date: current.date,
            outcome: decision.outcome,
            ...(reason ? { reason } : {}),
          },
          link: `/declarations?open=${id}`,
          mail: true,
        },
        now,
      );
    }
  });
  await sendOwedMails(ctx);
  return getDeclaration(ctx, id);
}
