import type { HistoryEntry, HistoryOp, HistoryQuery, HistorySubject } from '@app/shared/history/history';
import { pageMeta } from '@app/shared/platform/http';
import type { Ctx } from '../../platform/context';
import * as repo from './history.repository';
import { HISTORY_RESOLVERS } from './history.subjects';

const OPS: Record<repo.HistoryRow['op'], HistoryOp> = { I: 'created', U: 'updated', D: 'deleted' };

function toEntry(r: repo.HistoryRow): HistoryEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    op: OPS[r.op],
    source: r.source,
    sourceId: r.sourceId,
    changes: Object.entries(r.changes ?? {}).map(([field, [oldValue, newValue]]) => ({ field, old: oldValue, new: newValue })),
    actor: r.actorName ? { name: r.actorName, actingAs: r.actingAs } : null,
    event: r.event,
  };
}

/**
 * GET /api/history/:subject/:id: the record is first read the way its editor reads it (same
 * permission, same scope, same 404), then its changes are paged newest first.
 */
export async function getHistory(ctx: Ctx, subject: HistorySubject, id: number, q: HistoryQuery) {
  const subjects = await HISTORY_RESOLVERS[subject](ctx, id);
  const rows = await repo.page(ctx.db.orm, subjects, q.perPage, (q.page - 1) * q.perPage);
  const total = rows[0]?.total ?? (q.page > 1 ? await repo.count(ctx.db.orm, subjects) : 0);
  return { data: rows.map(toEntry), meta: pageMeta(q.page, q.perPage, total) };
}
