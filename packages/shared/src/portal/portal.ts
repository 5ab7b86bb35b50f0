import * as z from 'zod';
import { idSchema, listQueryBase } from '../platform/http';
import { completionSchema, namedRefSchema } from '../projects/projects';
import { AREA_KINDS, AREA_STATUSES, SUBTASK_STATUSES, TASK_STATUSES } from '../projects/projects.rules';

// The portal's read views of projects (the customer area's project, areas, task and sub-task
// routes). Every shape lists its fields one by one: what staff write for themselves (notes,
// assignees, ERP ids, members, tickets) never reaches a customer (Z9). Every query is
// scoped to the company and its allowed areas (Z2, Z3).

export const PORTAL_PROJECT_TABS = ['active', 'archived'] as const;

export const portalProjectListQuerySchema = listQueryBase.extend({
  tab: z.enum(PORTAL_PROJECT_TABS).default('active'),
});
export type PortalProjectListQuery = z.infer<typeof portalProjectListQuerySchema>;

export const portalProjectSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  archived: z.boolean(),
  address: z.string(),
  areasCount: z.number().int().describe('Areas and sub-areas the company sees'),
  completion: completionSchema.describe('Counted over the areas the company sees'),
  updatedAt: z.string(),
});
export type PortalProjectSummary = z.infer<typeof portalProjectSummarySchema>;

export const portalProjectSchema = portalProjectSummarySchema.extend({
  contact: z.string(),
  phone: z.string(),
  mapsLink: z.string(),
  managers: z.array(namedRefSchema).describe('The project managers: whom to call'),
});
export type PortalProject = z.infer<typeof portalProjectSchema>;

export const portalAreaSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AREA_KINDS),
  number: z.string(),
  name: z.string(),
  areaType: z.string(),
  status: z.enum(AREA_STATUSES),
  parent: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(AREA_KINDS) }).nullable(),
  childrenCount: z.number().int().describe('Sub-areas (of an area) or areas (of a deck) the company sees'),
  completion: completionSchema,
});
export type PortalArea = z.infer<typeof portalAreaSchema>;

export const portalTaskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(TASK_STATUSES),
  subtasksDone: z.number().int(),
  subtasksTotal: z.number().int(),
  completedAt: z.string().nullable(),
});
export type PortalTask = z.infer<typeof portalTaskSchema>;

/** An area's page: the area and its tasks. */
export const portalAreaDetailSchema = portalAreaSchema.extend({
  project: namedRefSchema,
  tasks: z.array(portalTaskSchema),
});
export type PortalAreaDetail = z.infer<typeof portalAreaDetailSchema>;

export const portalSubtaskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  status: z.enum(SUBTASK_STATUSES),
  closedAt: z.string().nullable(),
});
export type PortalSubtask = z.infer<typeof portalSubtaskSchema>;

const areaRefSchema = z.object({ id: z.number().int(), number: z.string(), name: z.string() });

/** A task's page: the task, where it is, and its sub-tasks. */
export const portalTaskDetailSchema = portalTaskSchema.extend({
  project: namedRefSchema,
  area: areaRefSchema,
  subtasks: z.array(portalSubtaskSchema),
});
export type PortalTaskDetail = z.infer<typeof portalTaskDetailSchema>;

export const portalOrderLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['product', 'article']),
  itemId: z.number().int(),
  code: z.string().nullable(),
  name: z.string().describe("The product's name in the caller's language, or the article's name"),
  quantity: z.number(),
});
export type PortalOrderLine = z.infer<typeof portalOrderLineSchema>;

/** A sub-task's page: the sub-task, where it is, and its order lines. */
export const portalSubtaskDetailSchema = portalSubtaskSchema.extend({
  project: namedRefSchema,
  area: areaRefSchema,
  task: namedRefSchema,
  orderLines: z.array(portalOrderLineSchema),
});
export type PortalSubtaskDetail = z.infer<typeof portalSubtaskDetailSchema>;

export const portalProjectParams = z.strictObject({ projectId: idSchema });
export const portalAreaParams = z.strictObject({ projectId: idSchema, areaId: idSchema });
export const portalTaskParams = z.strictObject({ taskId: idSchema });
export const portalSubtaskParams = z.strictObject({ taskId: idSchema, subtaskId: idSchema });

/** The people of the caller's own company (the portal's users page: read only). */
export const portalUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  jobTitle: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type PortalUser = z.infer<typeof portalUserSchema>;
