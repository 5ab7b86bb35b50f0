import { createHash } from 'node:crypto';
import { type BudgetAreaRow, type BudgetInput, budgetState, type ProjectBudget } from '@app/shared/budgets/budgets';
import { HOUR_ACTIVITIES, type HourActivity } from '@app/shared/hours/hours';
import type { FieldError } from '@app/shared/platform/errors';
import type { Locale } from '@app/shared/platform/locale';
import { areaLabel } from '@app/shared/project-articles/project-articles';
import { audit } from '../../platform/audit';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { ExportFile } from '../../platform/list-export';
import type { Cell, Column } from '../../platform/sheet-writer';
import { EXPORT_LABELS } from '../exports/exports.labels';
import { exportFileName } from '../project-articles/project-articles.service';
import * as repo from './budgets.repository';

/** A short digest of the stored budget: an edit sends back the one it started from. */
function stampOf(b: repo.BudgetRows): string {
  return createHash('sha256').update(JSON.stringify(b)).digest('hex').slice(0, 16);
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The figures per deck and area: a sub-area's hours and lines count for its area, and an area's
 * for its deck (so a deck's row is the deck as a whole).
 */
function areaRows(tree: repo.AreaNode[], spent: repo.Spent, budgets: Map<number, number>): BudgetAreaRow[] {
  const byId = new Map(tree.map((a) => [a.id, a]));
  const rows = new Map<number, BudgetAreaRow>();
  for (const a of tree) {
    if (a.kind === 'subarea') continue;
    rows.set(a.id, {
      areaId: a.id,
      kind: a.kind,
      number: a.number,
      name: a.name,
      parentId: a.parentId,
      budget: budgets.get(a.id) ?? null,
      actual: 0,
      unpriced: 0,
      actualMinutes: 0,
      state: 'none',
    });
  }
  for (const s of spent.byArea) {
    let node = s.areaId === null ? undefined : byId.get(s.areaId);
    while (node) {
      const row = rows.get(node.id);
      if (row) {
        row.actual += s.cost;
        row.unpriced += s.unpriced;
        row.actualMinutes += s.minutes;
      }
      node = node.parentId === null ? undefined : byId.get(node.parentId);
    }
  }
  return [...rows.values()].map((r) => ({ ...r, actual: cents(r.actual), state: budgetState(cents(r.actual), r.budget) }));
}

async function load(ctx: Ctx, projectId: number): Promise<{ project: repo.ProjectRow; budget: ProjectBudget }> {
  const db = ctx.db.orm;
  const project = await repo.findProject(db, ctx.actor, projectId);
  if (!project) throw new AppError('PROJECT_NOT_FOUND');
  const [stored, tree, spent] = await Promise.all([
    repo.budgets(db, projectId),
    repo.areaTree(db, projectId),
    repo.spent(db, projectId),
  ]);
  const hourBudget = new Map(stored.hours.map((h) => [h.activity, h.minutes]));
  const hours = HOUR_ACTIVITIES.map((activity) => {
    const budgetMinutes = hourBudget.get(activity) ?? null;
    const actualMinutes = spent.minutesByActivity.get(activity) ?? 0;
    return { activity, budgetMinutes, actualMinutes, state: budgetState(actualMinutes, budgetMinutes) };
  });
  const budgetMinutes = stored.hours.length ? stored.hours.reduce((n, h) => n + h.minutes, 0) : null;
  const actualMinutes = [...spent.minutesByActivity.values()].reduce((n, m) => n + m, 0);
  const projectArticles = stored.articles.find((a) => a.areaId === null)?.amount ?? null;
  const actual = cents(spent.byArea.reduce((n, a) => n + a.cost, 0));
  const areaBudgets = new Map(stored.articles.flatMap((a) => (a.areaId === null ? [] : [[a.areaId, a.amount] as const])));
  return {
    project,
    budget: {
      stamp: stampOf(stored),
      hours,
      hoursTotal: { budgetMinutes, actualMinutes, state: budgetState(actualMinutes, budgetMinutes) },
      articles: {
        budget: projectArticles,
        actual,
        unpriced: spent.byArea.reduce((n, a) => n + a.unpriced, 0),
        state: budgetState(actual, projectArticles),
      },
      areas: areaRows(tree, spent, areaBudgets),
    },
  };
}

/**
 * The project's budget against what it spent: hours per activity, article costs for the project
 * and per deck and area. Four statements whatever the project's size.
 * @throws PROJECT_NOT_FOUND
 */
export async function getBudget(ctx: Ctx, projectId: number): Promise<ProjectBudget> {
  return (await load(ctx, projectId)).budget;
}

/**
 * Replaces the project's budget, based on the budget the edit started from (its stamp): two
 * people editing at once, the second gets STALE_VERSION instead of silently undoing the first.
 * @throws PROJECT_NOT_FOUND, PROJECT_DELETED, STALE_VERSION, VALIDATION_FAILED (areas.N.areaId not_found)
 */
export async function saveBudget(ctx: Ctx, projectId: number, input: BudgetInput): Promise<ProjectBudget> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const project = await repo.lockProject(tx, ctx.actor, projectId);
    if (!project) throw new AppError('PROJECT_NOT_FOUND');
    if (project.deleted) throw new AppError('PROJECT_DELETED');
    if (stampOf(await repo.budgets(tx, projectId)) !== input.stamp) throw new AppError('STALE_VERSION');
    const known = await repo.budgetAreas(
      tx,
      projectId,
      input.areas.map((a) => a.areaId),
    );
    const errors: Record<string, FieldError> = {};
    input.areas.forEach((a, i) => {
      if (!known.has(a.areaId)) errors[`areas.${i}.areaId`] = { code: 'not_found' };
    });
    if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
    const rows: repo.BudgetRows = {
      hours: input.hours.map((h) => ({ activity: h.activity, minutes: h.minutes })),
      articles: [
        ...(input.articles === null ? [] : [{ areaId: null, amount: input.articles }]),
        ...input.areas.map((a) => ({ areaId: a.areaId, amount: a.amount })),
      ],
    };
    await repo.replaceBudgets(tx, projectId, rows, now);
    await audit(
      tx,
      ctx,
      'project.budget_updated',
      { type: 'project', id: projectId },
      {
        hoursMinutes: rows.hours.reduce((n, h) => n + h.minutes, 0),
        articles: input.articles,
        areas: input.areas.length,
      },
    );
  });
  return getBudget(ctx, projectId);
}

const TEXTS = {
  nl: {
    file: 'budget',
    sheet: 'Budget',
    kind: 'Soort',
    part: 'Onderdeel',
    unit: 'Eenheid',
    budget: 'Budget',
    actual: 'Besteed',
    share: 'Besteed (%)',
    unpriced: 'Regels zonder kostprijs',
    hours: 'Uren',
    articles: 'Artikelen',
    hourUnit: 'uur',
    total: 'Totaal',
    project: 'Hele project',
  },
  en: {
    file: 'budget',
    sheet: 'Budget',
    kind: 'Kind',
    part: 'Part',
    unit: 'Unit',
    budget: 'Budget',
    actual: 'Spent',
    share: 'Spent (%)',
    unpriced: 'Lines without cost price',
    hours: 'Hours',
    articles: 'Articles',
    hourUnit: 'hours',
    total: 'Total',
    project: 'Whole project',
  },
} as const satisfies Record<Locale, unknown>;

const hoursOf = (minutes: number | null) => (minutes === null ? null : Math.round((minutes / 60) * 100) / 100);
const percentOf = (actual: number, budget: number | null) =>
  budget === null || budget === 0 ? null : Math.round((actual / budget) * 1000) / 10;

/**
 * The budget against actuals as a download through the exports' writer (CSV in the reader's
 * language, XLSX through exceljs), one table in both: the hours per activity and in total, then
 * the articles for the whole project and per deck and area (an area under its deck indented).
 * @throws PROJECT_NOT_FOUND
 */
export async function exportBudget(ctx: Ctx, projectId: number, format: 'csv' | 'xlsx'): Promise<ExportFile> {
  const { project, budget } = await load(ctx, projectId);
  const locale: Locale = ctx.actor.kind === 'anonymous' ? 'nl' : ctx.actor.locale;
  const t = TEXTS[locale];
  const col = (header: string, type: Column['type'], width: number): Column => ({ header, type, width });
  const hourRow = (part: string, budgetMinutes: number | null, actualMinutes: number): Cell[] => [
    t.hours,
    part,
    t.hourUnit,
    hoursOf(budgetMinutes),
    hoursOf(actualMinutes),
    percentOf(actualMinutes, budgetMinutes),
    null,
  ];
  const articleRow = (part: string, f: { budget: number | null; actual: number; unpriced: number }): Cell[] => [
    t.articles,
    part,
    'EUR',
    f.budget,
    f.actual,
    percentOf(f.actual, f.budget),
    f.unpriced,
  ];
  const rows: Cell[][] = [
    ...budget.hours.map((h) =>
      hourRow(EXPORT_LABELS[locale].activities[h.activity as HourActivity], h.budgetMinutes, h.actualMinutes),
    ),
    hourRow(t.total, budget.hoursTotal.budgetMinutes, budget.hoursTotal.actualMinutes),
    articleRow(t.project, budget.articles),
    ...budget.areas.map((a) => articleRow(a.kind === 'area' && a.parentId !== null ? `  ${areaLabel(a)}` : areaLabel(a), a)),
  ];
  return {
    fileName: exportFileName(t.file, project.name, format),
    format,
    sheets: [
      {
        name: t.sheet,
        columns: [
          col(t.kind, 'text', 12),
          col(t.part, 'text', 32),
          col(t.unit, 'text', 8),
          col(t.budget, 'decimal', 14),
          col(t.actual, 'decimal', 14),
          col(t.share, 'decimal', 12),
          col(t.unpriced, 'integer', 14),
        ],
        rows,
      },
    ],
  };
}
