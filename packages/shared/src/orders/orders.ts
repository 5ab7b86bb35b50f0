import * as z from 'zod';
import { fileSchema } from '../files/files';
import { abilitiesSchema } from '../platform/abilities-schema';
import { approverSchema } from '../platform/approvers';
import { APPROVAL_RULES, MAX_APPROVERS } from '../platform/approvers.rules';
import { idSchema, listQueryBase, pageOf, versionField } from '../platform/http';
import { isCalendarDate } from '../platform/iso-week';
import { namedRefSchema } from '../projects/projects';
import {
  CLIENT_ORDER_TABS,
  ORDER_ABILITIES,
  ORDER_EVENT_KINDS,
  ORDER_STATUSES,
  ORDER_VERSION_STATUSES,
  STAFF_ORDER_TABS,
} from './orders.rules';

// Product requests and orders. The same record on both sides: staff read it under
// /api/orders (companies.manage), the portal under /api/client/orders (its own company only).

const id = z.number().int().positive().max(2_147_483_647);
const ids = (max: number) =>
  z
    .array(id)
    .max(max)
    .refine((a) => new Set(a).size === a.length, { message: 'duplicate' });
const text = (max: number) => z.string().trim().max(max);
const comment = z.string().trim().min(1).max(5_000);
/** A due date: YYYY-MM-DD (Europe/Amsterdam), or null for none. */
const dueDateField = z
  .string()
  .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isCalendarDate(d), { message: 'date_invalid' })
  .nullable();

/** The catalogue product an order is for, or the new product a request names. */
export const orderProductSchema = z.object({
  id: z.number().int().nullable().describe('The catalogue product; null while a request names a new one'),
  name: z.string(),
  thumbnailUrl: z.string().nullable(),
  isNew: z.boolean().describe('A new product named by the request (no catalogue product yet)'),
});

export const orderEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ORDER_EVENT_KINDS),
  comment: z.string().nullable(),
  versionNumber: z.number().int().nullable(),
  actor: z.string().nullable().describe('Who did it (name)'),
  actingEmployee: z.string().nullable().describe('The employee behind a portal action taken while acting as the company'),
  parentId: z.number().int().nullable().describe('An answer (info_answered): the question (info_requested) it answers'),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderVersionSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  comment: z.string(),
  preview: fileSchema.nullable().describe('A preview image or PDF'),
  status: z.enum(ORDER_VERSION_STATUSES),
  decisionComment: z.string().nullable().describe('The changes the client asked for'),
  feedbackFiles: z.array(fileSchema).describe('Attachments of a denial'),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  locked: z.boolean().describe('An older version: readable, never decided again'),
});
export type OrderVersion = z.infer<typeof orderVersionSchema>;

export const orderListItemSchema = z.object({
  id: z.number().int(),
  company: namedRefSchema,
  title: z.string(),
  product: orderProductSchema,
  quantity: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  latestEvent: orderEventSchema.nullable(),
  versionCount: z.number().int(),
  requestedBy: z.string().nullable(),
  openQuestions: z.number().int().describe("The client's questions (info_requested) that no one answered yet: waiting for staff"),
  createdAt: z.string(),
  updatedAt: z.string(),
  project: namedRefSchema.nullable().describe('The project the product is asked for, or none'),
  dueDate: z.string().nullable().describe("YYYY-MM-DD (Europe/Amsterdam): the day by which staff want the client's decision"),
  overdue: z.boolean().describe('The due date has passed (Amsterdam day) and a design still waits for the client'),
  waitingForYou: z
    .boolean()
    .describe('Portal: a design waits and the signed-in user is a named approver who has not decided it, or none are named'),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderSchema = orderListItemSchema.extend({
  description: z.string(),
  declineReason: z.string().nullable(),
  reorderedFromId: z.number().int().nullable(),
  handledBy: namedRefSchema.nullable().describe('The employee who looks after it'),
  versions: z.array(orderVersionSchema).describe('Newest first'),
  providedFiles: z.array(fileSchema).describe("The client's files"),
  finalFiles: z.array(fileSchema).describe('Final files by staff; the client sees them once the design is approved'),
  events: z.array(orderEventSchema).describe('Oldest first'),
  approvalRule: z.enum(APPROVAL_RULES).describe('With named approvers: any one of them decides a design, or all must approve'),
  approvers: z
    .array(approverSchema)
    .describe('The named approvers and their state on the latest design version; empty: any company user decides'),
  version: z.number().int(),
  abilities: abilitiesSchema(ORDER_ABILITIES),
});
export type Order = z.infer<typeof orderSchema>;

export const orderPageSchema = pageOf(orderListItemSchema);

export const ORDER_SORTS = ['-updated', '-created', 'created', 'title'] as const;
export const clientOrderListQuerySchema = listQueryBase.extend({
  tab: z.enum(CLIENT_ORDER_TABS).default('ongoing'),
  sort: z.enum(ORDER_SORTS).default('-updated'),
  projectId: idSchema.optional().describe("Only one project's orders"),
  waiting: z.enum(['me']).optional().describe('me: only the orders whose design waits for the signed-in user (any tab)'),
});
export type ClientOrderListQuery = z.infer<typeof clientOrderListQuerySchema>;
export const staffOrderListQuerySchema = listQueryBase.extend({
  tab: z.enum(STAFF_ORDER_TABS).default('requested'),
  sort: z.enum(ORDER_SORTS).default('-updated'),
  companyId: idSchema.optional(),
  projectId: idSchema.optional().describe("Only one project's orders"),
});
export type StaffOrderListQuery = z.infer<typeof staffOrderListQuerySchema>;

/**
 * A client's product request: an existing catalogue product (productId), or a new product named
 * by newProductTitle with an optional thumbnail (an image uploaded with POST /api/media).
 */
export const productRequestInputSchema = z
  .strictObject({
    title: text(200).min(1),
    description: text(10_000).default(''),
    quantity: z.number().int().min(1).max(1_000_000).default(1),
    productId: id.nullable().default(null).describe('An existing catalogue product'),
    newProductTitle: text(200).min(1).nullable().default(null).describe('A new product, when productId is null'),
    newProductThumbnailMediaId: id.nullable().default(null),
    fileIds: ids(20).default([]).describe('Files uploaded with POST /api/files'),
    projectId: id.nullable().default(null).describe('One of the projects the company sees, or none'),
  })
  .superRefine((v, ctx) => {
    if ((v.productId === null) === (v.newProductTitle === null)) {
      ctx.addIssue({ code: 'custom', path: ['productId'], message: 'product_or_new_title' });
    }
    if (v.productId !== null && v.newProductThumbnailMediaId !== null) {
      ctx.addIssue({ code: 'custom', path: ['newProductThumbnailMediaId'], message: 'only_for_new_product' });
    }
  });
export type ProductRequestInput = z.input<typeof productRequestInputSchema>;

/** Staff name the company users who must decide the design (any one of them, or all); ignored from the portal. */
const approvalFields = {
  approvalRule: z
    .enum(APPROVAL_RULES)
    .optional()
    .describe('Staff only: any one approver decides, or all must approve; left out: unchanged'),
  approverIds: ids(MAX_APPROVERS)
    .optional()
    .describe("Staff only: accounts of the company's users who can sign in; empty: any of them decides; left out: unchanged"),
};

/** Editing a request or an order that is not decided against (both sides). */
export const orderUpdateSchema = z.strictObject({
  title: text(200).min(1),
  description: text(10_000).default(''),
  quantity: z.number().int().min(1).max(1_000_000).default(1),
  projectId: id.nullable().optional().describe('The project (one the company sees); left out: unchanged'),
  dueDate: dueDateField.optional().describe('Staff only: the due date; left out: unchanged'),
  ...approvalFields,
  version: versionField,
});
export type OrderUpdate = z.input<typeof orderUpdateSchema>;

/** Staff approve a request: to an existing catalogue product, or into a new one (its name and thumbnail from the request). */
export const approveRequestSchema = z.strictObject({
  version: versionField,
  target: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('existing'), productId: id }),
    z.strictObject({
      kind: z.literal('new'),
      name: text(200).min(1).optional().describe("Default: the request's new product title"),
    }),
  ]),
  handledById: id.nullable().default(null).describe('The employee who looks after it (default: the one approving)'),
});
export type ApproveRequestInput = z.input<typeof approveRequestSchema>;

export const declineRequestSchema = z.strictObject({ version: versionField, reason: comment });
export type DeclineRequestInput = z.input<typeof declineRequestSchema>;

/** Staff send a design version for approval: a comment and a preview (image or PDF, POST /api/files). */
export const sendVersionSchema = z.strictObject({
  version: versionField,
  comment: text(5_000).default(''),
  previewFileId: id,
  dueDate: dueDateField.optional().describe('The day by which the client decides; left out: unchanged'),
  ...approvalFields,
});
export type SendVersionInput = z.input<typeof sendVersionSchema>;

export const completeOrderSchema = z.strictObject({ version: versionField });
export const approveDesignSchema = z.strictObject({ version: versionField });
export const denyDesignSchema = z.strictObject({ version: versionField, comment, fileIds: ids(20).default([]) });
export type DenyDesignInput = z.input<typeof denyDesignSchema>;
export const moreInfoSchema = z.strictObject({ comment });
/** Staff answer one of the client's questions (an info_requested event of the order). */
export const answerQuestionSchema = z.strictObject({ comment });
export type AnswerQuestionInput = z.input<typeof answerQuestionSchema>;
export const addOrderFilesSchema = z.strictObject({ fileIds: ids(20).min(1) });
export const reorderSchema = z.strictObject({ quantity: z.number().int().min(1).max(1_000_000).optional() });

export const orderParams = z.strictObject({ orderId: idSchema });
export const orderQuestionParams = z.strictObject({ orderId: idSchema, eventId: idSchema });
