import * as z from 'zod';
import { idSchema } from '../platform/http';
import { namedRefSchema } from '../projects/projects';
import { AREA_KINDS, SUBTASK_STATUSES, TASK_STATUSES } from '../projects/projects.rules';
import { ORDER_LINE_KINDS } from '../projects/tasks';

/** The most areas one assembly list may name in its query (a deck counts as one). */
export const TASK_LIST_MAX_AREAS = 500;

/**
 * The areas to print: comma-separated ids of decks, areas and sub-areas of the project ('3,7,12'),
 * at most 500. A deck stands for its areas and their sub-areas, an area for itself and its
 * sub-areas. Left out: the whole project; empty (`areaIds=`): none (only the tree, for the chooser).
 */
export const taskListAreaIds = z
  .string()
  .regex(new RegExp(`^(|[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${TASK_LIST_MAX_AREAS - 1}})$`))
  .transform((s) => (s === '' ? [] : [...new Set(s.split(',').map(Number))]))
  .pipe(z.array(z.number().max(2_147_483_647)))
  .describe('Comma-separated ids of decks, areas and sub-areas (at most 500); empty for none, left out for all');

export const taskListQuerySchema = z.strictObject({ areaIds: taskListAreaIds.optional() });
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
export const taskListParams = z.strictObject({ projectId: idSchema });

/** One node of the project's tree (for the chooser), in tree order. */
export const taskListNodeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AREA_KINDS),
  parentId: z.number().int().nullable(),
  number: z.string(),
  name: z.string(),
});
export type TaskListNode = z.infer<typeof taskListNodeSchema>;

export const taskListOrderLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ORDER_LINE_KINDS),
  code: z.string().nullable().describe("The article's SKU (a product: its article's SKU)"),
  name: z.string().describe('Product name in the language asked for, or the article name'),
  quantity: z.number(),
});
export type TaskListOrderLine = z.infer<typeof taskListOrderLineSchema>;

export const taskListSubtaskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  assembly: z.string().describe('Assembly notes for the crew'),
  status: z.enum(SUBTASK_STATUSES),
  assignee: namedRefSchema.nullable(),
  notes: z.string(),
  orderLines: z.array(taskListOrderLineSchema),
});
export type TaskListSubtask = z.infer<typeof taskListSubtaskSchema>;

export const taskListTaskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(TASK_STATUSES),
  assignee: namedRefSchema.nullable(),
  notes: z.string(),
  subtasks: z.array(taskListSubtaskSchema),
});
export type TaskListTask = z.infer<typeof taskListTaskSchema>;

/** One printed section: a deck, area or sub-area with its own tasks (not those of the rows under it). */
export const taskListSectionSchema = taskListNodeSchema.extend({ tasks: z.array(taskListTaskSchema) });
export type TaskListSection = z.infer<typeof taskListSectionSchema>;

export const taskListSchema = z.object({
  project: z.object({ id: z.number().int(), name: z.string() }),
  tree: z.array(taskListNodeSchema).describe("Every deck, area and sub-area of the project, in the areas page's order"),
  chosenIds: z.array(z.number().int()).nullable().describe('The ids asked for; null for the whole project'),
  sections: z.array(taskListSectionSchema).describe('The chosen rows and every row under them, in tree order'),
});
export type TaskList = z.infer<typeof taskListSchema>;
