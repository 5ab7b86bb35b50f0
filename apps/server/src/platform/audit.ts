import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import { type Actor, signedInAccountId } from './actor';

export interface AuditContext {
  actor: Actor;
  requestId: string;
}

/**
 * Writes one audit row in the caller's transaction. account_id is always the person signed in:
 * for a request made while acting as a company that is the real employee, who is also recorded
 * as the acting employee, next to the company (Z7). `actingAs` records an acting session that
 * the request itself starts, before any Acting-As header exists.
 */
export async function audit(
  db: DbOrTx,
  ctx: AuditContext,
  event: string,
  subject?: { type: string; id: string | number } | null,
  data: Record<string, unknown> = {},
  opts: { actingAs?: { companyId: number } } = {},
): Promise<void> {
  const a = ctx.actor;
  const accountId = signedInAccountId(a);
  let actingEmployeeAccountId = a.kind === 'client' ? (a.actingEmployee?.accountId ?? null) : null;
  let companyId = a.kind === 'client' ? a.companyId : null;
  if (opts.actingAs && a.kind === 'employee') {
    actingEmployeeAccountId = a.accountId;
    companyId = opts.actingAs.companyId;
  }
  await db.insert(auditLog).values({
    event,
    accountId,
    actingEmployeeAccountId,
    companyId,
    subjectType: subject?.type ?? null,
    subjectId: subject ? String(subject.id) : null,
    data,
    requestId: ctx.requestId,
  });
}
