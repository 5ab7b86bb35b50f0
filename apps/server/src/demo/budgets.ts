import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import * as budgetsRepo from '../features/budgets/budgets.repository';
import { query } from '../platform/sql';

/**
 * Budgets for the active demo projects, set from what they have spent so the Budget tab shows
 * every state: installation at 93 % of its budget (a warning), engineering at half, the
 * project's articles at 95 % and its first area over its budget. Loaded once, when no budget
 * exists; run after the hours (seedPeopleDemo), which it reads.
 */
export async function seedBudgetsDemo(o: { db: Database; log?: FastifyBaseLogger; now?: Date }): Promise<number> {
  return o.db.orm.transaction(async (tx) => {
    const existing = await query<{ n: number }>(
      tx,
      sql`SELECT (SELECT count(*) FROM project_hour_budgets) + (SELECT count(*) FROM project_article_budgets) AS n`,
    );
    if (Number(existing[0]?.n ?? 0) > 0) return 0;
    const live = await query<{ id: number }>(
      tx,
      sql`SELECT id FROM projects WHERE deleted_at IS NULL AND status = 'active' ORDER BY id`,
    );
    const now = o.now ?? new Date();
    let n = 0;
    for (const { id } of live) {
      const spent = await budgetsRepo.spent(tx, Number(id));
      const tree = await budgetsRepo.areaTree(tx, Number(id));
      const minutes = (a: string) => spent.minutesByActivity.get(a) ?? 0;
      const hours = [
        { activity: 'installation', minutes: Math.max(480, Math.round(minutes('installation') / 0.93 / 60) * 60) },
        { activity: 'engineering', minutes: Math.max(240, Math.round((minutes('engineering') * 2) / 60) * 60) },
        { activity: 'travel', minutes: Math.max(120, Math.round((minutes('travel') * 1.5) / 60) * 60) },
      ];
      const cost = spent.byArea.reduce((sum, a) => sum + a.cost, 0);
      const costOf = (areaId: number) => spent.byArea.find((a) => a.areaId === areaId)?.cost ?? 0;
      const firstArea = tree.find((a) => a.kind === 'area' && costOf(a.id) > 0);
      const articles = [
        ...(cost > 0 ? [{ areaId: null, amount: Math.ceil(cost / 0.95) }] : []),
        ...(firstArea ? [{ areaId: firstArea.id, amount: Math.floor(costOf(firstArea.id) * 0.8) }] : []),
      ];
      await budgetsRepo.replaceBudgets(tx, Number(id), { hours, articles }, now);
      n++;
    }
    o.log?.info({ event: 'demo.budgets', projects: n }, 'demo budgets loaded');
    return n;
  });
}
