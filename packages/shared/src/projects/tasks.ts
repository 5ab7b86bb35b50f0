import * as z from 'zod';
import { fileSchema } from '../files/files';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, versionField } from '../platform/http';
import { namedRefSchema } from './projects';
import { SUBTASK_ABILITIES, SUBTASK_STATUSES, TASK_ABILITIES, TASK_STATUSES } from './projects.rules';

const id = z.number().int().positive().max(2_147_483_647);

export const taskSummarySchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  areaId: z.number().int(),
  areaName: z.string(),
  areaNumber: z.string(),
  name: z.string(),
  status: z.enum(TASK_STATUSES),
  assignee: namedRefSchema.nullable(),
  subtasksDone: z.number().int(),
  subtasksTotal: z.number().int(),
  openTicketsCount: z.number().int(),
  planX: z.number().nullable(),
  planY: z.number().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  abilities: abilitiesSchema(TASK_ABILITIES),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

export const taskSchema = taskSummarySchema.extend({
  notes: z.string(),
  attachments: z.array(fileSchema),
  completedAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

const taskFields = {
  name: z.string().trim().min(1).max(160),
  assigneeId: id.nullable().default(null).describe('An employee'),
  notes: z.string().trim().max(10_000).default(''),
  attachmentIds: z.array(id).max(100).default([]),
};
export const taskInputSchema = z.strictObject(taskFields);
export type TaskInput = z.input<typeof taskInputSchema>;
export const taskUpdateSchema = z.strictObject({ ...taskFields, version: versionField });
export type TaskUpdate = z.input<typeof taskUpdateSchema>;

export const TASK_SORTS = ['area', 'name', '-name', '-updated', 'status'] as const;
/** The project's task list: filters in the URL. */
export const projectTaskListQuerySchema = listQueryBase.extend({
  sort: z.enum(TASK_SORTS).default('area'),
  status: z.enum(TASK_STATUSES).optional(),
  assigneeId: idSchema.optional(),
  areaId: idSchema.optional(),
});
export type ProjectTaskListQuery = z.infer<typeof projectTaskListQuerySchema>;

export const taskParams = z.strictObject({ projectId: idSchema, taskId: idSchema });

export const ORDER_LINE_KINDS = ['product', 'article'] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];

export const orderLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ORDER_LINE_KINDS),
  itemId: z.number().int().describe('The product or article id'),
  name: z.string(),
  sku: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  quantity: z.number(),
  notes: z.string(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderLineInputSchema = z.strictObject({
  kind: z.enum(ORDER_LINE_KINDS),
  itemId: id,
  quantity: z.number().positive().max(1_000_000).multipleOf(0.001),
  notes: z.string().trim().max(1000).default(''),
});
export type OrderLineInput = z.input<typeof orderLineInputSchema>;

export const subtaskSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  assembly: z.string(),
  assignee: namedRefSchema.nullable(),
  notes: z.string(),
  status: z.enum(SUBTASK_STATUSES),
  orderLines: z.array(orderLineSchema),
  closedAt: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  abilities: abilitiesSchema(SUBTASK_ABILITIES),
});
export type Subtask = z.infer<typeof subtaskSchema>;

const subtaskFields = {
  name: z.string().trim().min(1).max(160),
  amount: z.number().int().min(0).max(100_000).default(1),
  assembly: z.string().trim().max(4000).default('').describe('Assembly notes for the crew'),
  assigneeId: id.nullable().default(null),
  notes: z.string().trim().max(10_000).default(''),
  orderLines: z.array(orderLineInputSchema).max(200).default([]),
};
export const subtaskInputSchema = z.strictObject(subtaskFields);
export type SubtaskInput = z.input<typeof subtaskInputSchema>;
export const subtaskUpdateSchema = z.strictObject({ ...subtaskFields, version: versionField });
export type SubtaskUpdate = z.input<typeof subtaskUpdateSchema>;

export const subtaskParams = z.strictObject({ projectId: idSchema, subtaskId: idSchema });

/** Closing or completing: the version, and whether this also completes the task (the last open sub-task). */
export const subtaskCloseResultSchema = z.object({
  subtask: subtaskSchema,
  taskCanComplete: z.boolean().describe('True when every sub-task of the task is now closed and the task may be completed'),
});
export type SubtaskCloseResult = z.infer<typeof subtaskCloseResultSchema>;

/** What the order-line pickers find as you type. */
export const orderLineOptionQuerySchema = z.strictObject({
  kind: z.enum(ORDER_LINE_KINDS),
  q: z.string().trim().max(200).default(''),
});
export const orderLineOptionSchema = z.object({
  kind: z.enum(ORDER_LINE_KINDS),
  id: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  thumbUrl: z.string().nullable(),
});
export type OrderLineOption = z.infer<typeof orderLineOptionSchema>;
