import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, queryInt, versionField } from '../platform/http';
import { parseWeekKey } from '../platform/iso-week';
import { MAX_TIMELINE_WEEKS, MAX_WINDOW_WEEKS, spanFits, TIMELINE_ABILITIES } from './timeline.rules';

const id = z.number().int().positive().max(2_147_483_647);

/**
 * An ISO week on the wire, everywhere (query, bodies, answers): `2026-W53`. A week the year does
 * not have (2027-W53, 2026-W00) is the field error `week_invalid`.
 */
export const weekKeySchema = z
  .string()
  .regex(/^\d{4}-W\d{2}$/)
  .refine((k) => parseWeekKey(k) !== null, { message: 'week_invalid' })
  .describe('An ISO week, YYYY-Www (2026-W53)');

export const TIMELINE_TARGET_KINDS = ['area', 'task'] as const;
export type TimelineTargetKind = (typeof TIMELINE_TARGET_KINDS)[number];
export const TIMELINE_ROW_KINDS = ['areas', 'tasks'] as const;
export type TimelineRowKind = (typeof TIMELINE_ROW_KINDS)[number];

/** What a bar is about: one area (deck, area, sub-area) or one task of the same project. */
export const timelineTargetSchema = z.strictObject({ kind: z.enum(TIMELINE_TARGET_KINDS), id });
export type TimelineTarget = z.infer<typeof timelineTargetSchema>;

export const timelineItemSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  title: z.string(),
  notes: z.string(),
  target: z.object({
    kind: z.enum(TIMELINE_TARGET_KINDS),
    id: z.number().int(),
    label: z.string().describe('Area: "number · name"; task: "task name (area number · name)"'),
  }),
  areaId: z.number().int().describe("The area it is planned on: the target, or the target task's area"),
  startWeek: z.string().describe('First ISO week, YYYY-Www'),
  endWeek: z.string().describe('Last ISO week, YYYY-Www'),
  startYear: z.number().int(),
  startWeekNumber: z.number().int(),
  endYear: z.number().int(),
  endWeekNumber: z.number().int(),
  weeks: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
  abilities: abilitiesSchema(TIMELINE_ABILITIES),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

/** A row of the grid: an area in tree order, or a task in its area's order. */
export const timelineRowSchema = z.object({
  kind: z.enum(TIMELINE_TARGET_KINDS),
  id: z.number().int(),
  label: z.string(),
  /** 0 deck, 1 area, 2 sub-area; tasks 0. */
  depth: z.number().int(),
});
export type TimelineRow = z.infer<typeof timelineRowSchema>;

export const timelineSchema = z.object({
  from: z.string().describe('The first week shown'),
  weeks: z.number().int(),
  currentWeek: z.string().describe("Today's week (Europe/Amsterdam)"),
  rowKind: z.enum(TIMELINE_ROW_KINDS),
  rows: z.array(timelineRowSchema),
  items: z.array(timelineItemSchema).describe('Items overlapping the window, by start week'),
  abilities: abilitiesSchema(['canCreate'] as const),
});
export type Timeline = z.infer<typeof timelineSchema>;

export const timelineQuerySchema = z
  .strictObject({
    from: weekKeySchema.optional().describe('First week; default: the current week'),
    weeks: queryInt(1, MAX_WINDOW_WEEKS).default(12).describe('How many weeks'),
    rows: z.enum(TIMELINE_ROW_KINDS).default('areas').describe('Rows: the areas or the tasks'),
  })
  .refine((q) => fitsFrom(q.from, q.weeks), { message: 'week_invalid', path: ['weeks'] });
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

/** The span's last week is a week key the app accepts too (else `week_invalid` on `weeks`). */
function fitsFrom(startKey: string | undefined, weeks: number | undefined): boolean {
  const start = startKey ? parseWeekKey(startKey) : null;
  return !start || weeks === undefined || spanFits(start, weeks);
}

const fields = {
  title: z.string().trim().min(1).max(160),
  notes: z.string().trim().max(10_000).default(''),
  target: timelineTargetSchema,
  startWeek: weekKeySchema,
  weeks: z.number().int().min(1).max(MAX_TIMELINE_WEEKS).default(1),
};
export const timelineInputSchema = z
  .strictObject(fields)
  .refine((i) => fitsFrom(i.startWeek, i.weeks ?? 1), { message: 'week_invalid', path: ['weeks'] });
export type TimelineInput = z.input<typeof timelineInputSchema>;

/** A change: any of the fields (a drag sends only the week or the target), with the version it was based on. */
export const timelineUpdateSchema = z.strictObject({
  title: fields.title.optional(),
  notes: z.string().trim().max(10_000).optional(),
  target: timelineTargetSchema.optional(),
  startWeek: weekKeySchema.optional(),
  weeks: z.number().int().min(1).max(MAX_TIMELINE_WEEKS).optional(),
  version: versionField,
});
export type TimelineUpdate = z.input<typeof timelineUpdateSchema>;

export const timelineParams = z.strictObject({ projectId: idSchema, timelineTaskId: idSchema });
