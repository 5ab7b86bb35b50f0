import * as z from 'zod';
import { HOUR_ACTIVITIES } from '../hours/hours';
import { idSchema } from '../platform/http';

/**
 * A project's budget against what it has spent so far: hours per activity (from the booked
 * hours) and euros on articles (order lines: quantity x the cost price of the line's article, or
 * of the product's article), for the whole project and optionally per deck or area (its
 * sub-areas included).
 */

/** From this share of a budget on, the budget is marked as nearly spent. */
export const BUDGET_WARN_RATIO = 0.9;

export const BUDGET_STATES = ['none', 'ok', 'warning', 'over'] as const;
export type BudgetState = (typeof BUDGET_STATES)[number];

/**
 * How far a budget is spent: none (no budget set), ok, warning (90 % or more) or over (more than
 * the budget). A budget of 0 with nothing spent is ok; anything spent on it is over.
 */
export function budgetState(actual: number, budget: number | null): BudgetState {
  if (budget === null) return 'none';
  if (budget === 0) return actual > 0 ? 'over' : 'ok';
  if (actual > budget) return 'over';
  return actual >= budget * BUDGET_WARN_RATIO ? 'warning' : 'ok';
}

/** actual / budget (0.93 = 93 %), or null without a budget or with a budget of 0. */
export function budgetShare(actual: number, budget: number | null): number | null {
  return budget === null || budget === 0 ? null : actual / budget;
}

export const budgetParams = z.strictObject({ projectId: idSchema });

const MAX_MINUTES = 100_000_000;
const MAX_AMOUNT = 1_000_000_000;

const amountSchema = z.number().min(0).max(MAX_AMOUNT).multipleOf(0.01).describe('EUR, at most two decimals');

/** Replaces the whole budget (a value left out or null: no budget for it). */
export const budgetInputSchema = z.strictObject({
  stamp: z.string().max(64).describe('The stamp of the budget the edit started from (STALE_VERSION when it changed)'),
  hours: z
    .array(
      z.strictObject({
        activity: z.enum(HOUR_ACTIVITIES),
        minutes: z.number().int().min(0).max(MAX_MINUTES),
      }),
    )
    .max(HOUR_ACTIVITIES.length)
    .refine((rows) => new Set(rows.map((r) => r.activity)).size === rows.length, { message: 'one row per activity' }),
  articles: amountSchema.nullable().describe('The whole project, EUR'),
  areas: z
    .array(z.strictObject({ areaId: z.number().int().min(1).max(2_147_483_647), amount: amountSchema }))
    .max(2000)
    .refine((rows) => new Set(rows.map((r) => r.areaId)).size === rows.length, { message: 'one row per area' }),
});
export type BudgetInput = z.input<typeof budgetInputSchema>;

const hoursRowSchema = z.object({
  activity: z.enum(HOUR_ACTIVITIES),
  budgetMinutes: z.number().int().nullable(),
  actualMinutes: z.number().int(),
  state: z.enum(BUDGET_STATES),
});
export type BudgetHoursRow = z.infer<typeof hoursRowSchema>;

const articlesFiguresSchema = z.object({
  budget: z.number().nullable().describe('EUR'),
  actual: z.number().describe('EUR: quantity x cost price of the lines that have one'),
  unpriced: z.number().int().describe('Order lines whose article has no cost price (not in actual)'),
  state: z.enum(BUDGET_STATES),
});

const areaRowSchema = articlesFiguresSchema.extend({
  areaId: z.number().int(),
  kind: z.enum(['deck', 'area']),
  number: z.string(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  actualMinutes: z.number().int().describe('Hours booked on the area and its sub-areas'),
});
export type BudgetAreaRow = z.infer<typeof areaRowSchema>;

export const projectBudgetSchema = z.object({
  stamp: z.string().describe('Send it back with an edit'),
  hours: z.array(hoursRowSchema).describe('Every activity, in the fixed order'),
  hoursTotal: z.object({
    budgetMinutes: z.number().int().nullable(),
    actualMinutes: z.number().int(),
    state: z.enum(BUDGET_STATES),
  }),
  articles: articlesFiguresSchema,
  areas: z.array(areaRowSchema).describe('Decks and areas in tree order (sub-areas counted in their area)'),
});
export type ProjectBudget = z.infer<typeof projectBudgetSchema>;

export const BUDGET_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const budgetExportQuerySchema = z.strictObject({ format: z.enum(BUDGET_EXPORT_FORMATS) });
