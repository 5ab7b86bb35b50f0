import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { analyticsEvents, auditLog } from '../../src/db/schema';

/** Audit rows for one event, oldest first, optionally narrowed (e.g. to a subject id). */
export async function auditRows(db: Database, event: string, where?: SQL) {
  return db.orm
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.event, event), where))
    .orderBy(asc(auditLog.id));
}

/** Stored analytics events, oldest first, optionally narrowed. */
export async function analyticsRows(db: Database, where?: SQL) {
  return db.orm.select().from(analyticsEvents).where(where).orderBy(asc(analyticsEvents.id));
}
