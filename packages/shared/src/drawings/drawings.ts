import * as z from 'zod';
import { fileSchema } from '../files/files';
import { abilitiesSchema } from '../platform/abilities-schema';
import { approverSchema } from '../platform/approvers';
import { APPROVAL_RULES, MAX_APPROVERS } from '../platform/approvers.rules';
import { idSchema, listQueryBase, pageOf, versionField } from '../platform/http';
import { isCalendarDate } from '../platform/iso-week';
import { namedRefSchema } from '../projects/projects';
import {
  DRAWING_ABILITIES,
  DRAWING_COMMENT_KINDS,
  DRAWING_SIDES,
  DRAWING_STATUSES,
  DRAWING_TABS,
  DRAWING_VERSION_ABILITIES,
  DRAWING_VERSION_STATUSES,
} from './drawings.rules';
import { MARKUP_THREAD_ABILITIES } from './markup.rules';

// The drawings approval module. Staff under /api/projects/:projectId/drawings
// (projects.view reads, projects.manage writes); the portal under /api/client/drawings, the
// drawings made for its own company on the projects it sees.

const id = z.number().int().positive().max(2_147_483_647);
const ids = (max: number) =>
  z
    .array(id)
    .max(max)
    .refine((a) => new Set(a).size === a.length, { message: 'duplicate' });
const calendarDate = z.string().refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isCalendarDate(d), { message: 'date_invalid' });
/** Which side did something: staff (the back office) or the client (a company user, or an employee acting as the company). */
const sideSchema = z.enum(DRAWING_SIDES);

export const drawingVersionSummarySchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: z.enum(DRAWING_VERSION_STATUSES),
  file: fileSchema,
  notes: z.string(),
  side: sideSchema.describe('Who uploaded it; the other side decides it'),
  commentCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type DrawingVersionSummary = z.infer<typeof drawingVersionSummarySchema>;

export const drawingApproverSchema = approverSchema;
export type DrawingApprover = z.infer<typeof drawingApproverSchema>;

export {
  type ApproverChoice,
  approverChoiceSchema,
  approverChoicesQuerySchema,
  approverChoicesSchema,
} from '../platform/approvers';

export const drawingListItemSchema = z.object({
  id: z.number().int(),
  project: namedRefSchema,
  company: namedRefSchema.describe('The client the drawing is for'),
  area: namedRefSchema.nullable().describe('The deck, area or sub-area it belongs to (its label), or none: the whole project'),
  name: z.string(),
  drawingDate: z.string().describe('YYYY-MM-DD'),
  employee: namedRefSchema.nullable().describe('The employee responsible'),
  status: z.enum(DRAWING_STATUSES),
  versionCount: z.number().int(),
  latestVersion: z
    .object({ id: z.number().int(), number: z.number().int(), status: z.enum(DRAWING_VERSION_STATUSES), createdAt: z.string() })
    .nullable(),
  waitingFor: sideSchema.nullable().describe('While a version waits: the side that decides it (the one that did not upload it)'),
  updatedAt: z.string(),
  dueDate: z.string().nullable().describe('YYYY-MM-DD (Europe/Amsterdam): the day by which staff want the decision'),
  overdue: z.boolean().describe('The due date has passed (Amsterdam day) and a version still waits for the client'),
  waitingForYou: z
    .boolean()
    .describe('Portal: a version waits and the signed-in user is a named approver who has not decided, or none are named'),
});
export type DrawingListItem = z.infer<typeof drawingListItemSchema>;

export const drawingSchema = drawingListItemSchema.extend({
  description: z.string(),
  versions: z.array(drawingVersionSummarySchema).describe('Newest first'),
  createdBy: z.string().nullable(),
  origin: sideSchema.describe('The side that created the drawing'),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  approvalRule: z.enum(APPROVAL_RULES).describe('With named approvers: any one of them decides, or all must approve'),
  approvers: z
    .array(drawingApproverSchema)
    .describe('The named approvers and their state on the latest version; empty: any company user decides'),
  version: z.number().int(),
  abilities: abilitiesSchema(DRAWING_ABILITIES),
});
export type Drawing = z.infer<typeof drawingSchema>;

export const drawingCommentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DRAWING_COMMENT_KINDS),
  body: z.string(),
  author: z.string().nullable(),
  side: z.enum(['staff', 'client']).describe('Which side wrote it (an employee acting as the company writes as the client)'),
  actingEmployee: z.string().nullable(),
  files: z.array(fileSchema),
  createdAt: z.string(),
});
export type DrawingComment = z.infer<typeof drawingCommentSchema>;

/** Where a markup thread sits on its version: the page and fractions of it (markup.ts has the input). */
export const markupAnchorSchema = z.object({
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  w: z.number().nullable().describe('A rectangle: its width; null for a pin'),
  h: z.number().nullable(),
});
export type MarkupAnchor = z.infer<typeof markupAnchorSchema>;

/** A thread: its root comment with the anchor, its replies (oldest first), resolved or open. */
export const markupThreadSchema = drawingCommentSchema.extend({
  anchor: markupAnchorSchema.nullable(),
  replies: z.array(drawingCommentSchema).describe('Oldest first'),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  versionId: z.number().int().describe('The version the thread was placed on'),
  versionNumber: z.number().int(),
  carriedOver: z.boolean().describe('Placed on an earlier version, open (or resolved since this version came)'),
  abilities: abilitiesSchema(MARKUP_THREAD_ABILITIES),
});
export type MarkupThread = z.infer<typeof markupThreadSchema>;

export const drawingVersionSchema = drawingVersionSummarySchema.extend({
  drawing: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.enum(DRAWING_STATUSES),
    project: namedRefSchema,
    company: namedRefSchema,
    versionCount: z.number().int(),
  }),
  isLatest: z.boolean(),
  previous: z.object({ id: z.number().int(), number: z.number().int() }).nullable().describe('For comparing side by side'),
  comments: z.array(drawingCommentSchema).describe('Oldest first'),
  threads: z
    .array(markupThreadSchema)
    .describe("The version's threads and the earlier versions' carried-over ones, oldest first"),
  abilities: abilitiesSchema(DRAWING_VERSION_ABILITIES),
});
export type DrawingVersion = z.infer<typeof drawingVersionSchema>;

export const drawingPageSchema = pageOf(drawingListItemSchema);

export const DRAWING_SORTS = ['-updated', 'name', '-date'] as const;
export const drawingListQuerySchema = listQueryBase.extend({
  tab: z.enum(DRAWING_TABS).default('pending'),
  sort: z.enum(DRAWING_SORTS).default('-updated'),
});
export type DrawingListQuery = z.infer<typeof drawingListQuerySchema>;
export const clientDrawingListQuerySchema = drawingListQuerySchema.extend({
  projectId: idSchema.optional(),
  waiting: z.enum(['me']).optional().describe('me: only the drawings waiting for the signed-in user (any tab)'),
});
export type ClientDrawingListQuery = z.infer<typeof clientDrawingListQuerySchema>;

/** The deadline and the named approvers (company users of the drawing's client who can sign in). */
const approvalFields = {
  dueDate: calendarDate.nullable().default(null).describe('YYYY-MM-DD (Europe/Amsterdam), or null'),
  approvalRule: z.enum(APPROVAL_RULES).default('any'),
  approverIds: ids(MAX_APPROVERS).default([]).describe('Accounts of the company users who must decide; empty: any of them'),
};

const drawingFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(10_000).default(''),
  companyId: id.describe('The client: a company attached to the project'),
  drawingDate: calendarDate,
  employeeId: id.nullable().default(null).describe('The employee responsible'),
  areaId: id.nullable().default(null).describe('A deck, area or sub-area of the project (one the client sees), or none'),
  ...approvalFields,
};
/** A new drawing with its first version (the media: a file uploaded with POST /api/files?purpose=drawing). */
export const drawingInputSchema = z.strictObject({
  ...drawingFields,
  fileId: id,
  notes: z.string().trim().max(5_000).default(''),
});
export type DrawingInput = z.input<typeof drawingInputSchema>;
export const drawingUpdateSchema = z.strictObject({ ...drawingFields, version: versionField });
export type DrawingUpdate = z.input<typeof drawingUpdateSchema>;

const clientDrawingFields = {
  name: drawingFields.name,
  description: drawingFields.description,
  drawingDate: calendarDate,
  areaId: id
    .nullable()
    .default(null)
    .describe('A deck, area or sub-area of the project the company sees; required when the company sees selected areas only'),
};
/** A drawing the company makes in the portal, with its first version (which waits for staff). */
export const clientDrawingInputSchema = z.strictObject({
  ...clientDrawingFields,
  projectId: id.describe('A project the company sees'),
  fileId: id,
  notes: z.string().trim().max(5_000).default(''),
});
export type ClientDrawingInput = z.input<typeof clientDrawingInputSchema>;
/** The details a company changes of a drawing it made (the project and the client stay). */
export const clientDrawingUpdateSchema = z.strictObject({ ...clientDrawingFields, version: versionField });
export type ClientDrawingUpdate = z.input<typeof clientDrawingUpdateSchema>;

/** An area a drawing may belong to: a deck, area or sub-area in tree order, with its label. */
export const drawingAreaOptionSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('Its label: number and name'),
  kind: z.enum(['deck', 'area', 'subarea']),
  parentId: z.number().int().nullable(),
});
export type DrawingAreaOption = z.infer<typeof drawingAreaOptionSchema>;

export const newDrawingVersionSchema = z.strictObject({
  fileId: id,
  notes: z.string().trim().max(5_000).default(''),
});
export type NewDrawingVersionInput = z.input<typeof newDrawingVersionSchema>;

/** A comment (kind note), an approval, or changes requested: a body and attachments. */
export const drawingCommentInputSchema = z.strictObject({
  body: z.string().trim().min(1).max(5_000),
  fileIds: ids(10).default([]),
});
export type DrawingCommentInput = z.input<typeof drawingCommentInputSchema>;
export const approveDrawingSchema = z.strictObject({ body: z.string().trim().max(5_000).default('') });

export const projectDrawingParams = z.strictObject({ projectId: idSchema, drawingId: idSchema });
export const projectDrawingVersionParams = z.strictObject({ projectId: idSchema, drawingId: idSchema, versionId: idSchema });
export const clientDrawingParams = z.strictObject({ drawingId: idSchema });
export const clientDrawingVersionParams = z.strictObject({ drawingId: idSchema, versionId: idSchema });
