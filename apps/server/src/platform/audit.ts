import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import type { Actor } from './actor';

export interface AuditContext {
  actor: Actor;
  requestId: string;
}

/**
 * Writes one audit row in the caller's transaction. For a request made while acting as a company,
 * both the company and the real employee are recorded (Z7).
 */
export async function audit(
  db: DbOrTx,
  ctx: AuditContext,
  event: string,
  subject?: { type: string; id: string | number } | null,
  data: Record<string, unknown> = {},
): Promise<void> {
  const a = ctx.actor;
  await db.insert(auditLog).values({
    event,
    accountId: a.kind === 'anonymous' ? null : a.kind === 'employee' ? a.accountId : a.accountId,
    actingEmployeeAccountId: a.kind === 'client' ? (a.actingEmployee?.accountId ?? null) : null,
    companyId: a.kind === 'client' ? a.companyId : null,
    subjectType: subject?.type ?? null,
    subjectId: subject ? String(subject.id) : null,
    data,
    requestId: ctx.requestId,
  });
}
