import * as z from 'zod';
import { fileSchema } from '../files/files';
import { mediaSchema } from '../media/media';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, versionField } from '../platform/http';
import { PROJECT_ABILITIES, PROJECT_STATUSES, PROJECT_TABS, PROJECT_TYPES } from './projects.rules';

const id = z.number().int().positive().max(2_147_483_647);
const ids = (max: number) => z.array(id).max(max);

/** A person or a company as a project shows it: enough for a chip and a link. */
export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

export const completionSchema = z.object({
  tasksDone: z.number().int(),
  tasksTotal: z.number().int(),
  subtasksDone: z.number().int(),
  subtasksTotal: z.number().int(),
});

export const projectListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  type: z.enum(PROJECT_TYPES),
  managers: z.array(namedRefSchema),
  companies: z.array(namedRefSchema),
  featuredThumbUrl: z.string().nullable(),
  areasCount: z.number().int(),
  openTicketsCount: z.number().int(),
  completion: completionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  version: z.number().int(),
  abilities: abilitiesSchema(PROJECT_ABILITIES),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

export const projectSchema = projectListItemSchema.extend({
  trimitId: z.string(),
  notes: z.string(),
  mapsLink: z.string(),
  color: z.string().describe("The project's colour on the planner, #rrggbb; '' for one from the palette"),
  phone: z.string(),
  contact: z.string(),
  address: z.string(),
  members: z.array(namedRefSchema).describe('Attached users'),
  featuredImage: mediaSchema.nullable(),
  attachments: z.array(fileSchema),
  archivedAt: z.string().nullable(),
});
export type Project = z.infer<typeof projectSchema>;

const text = (max: number) => z.string().trim().max(max).default('');
/** Empty, or an http(s) address (a Google Maps link, usually). */
const link = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { message: 'url_invalid' })
  .default('');

/** Empty (a colour from the planner's palette), or #rrggbb. */
const color = z
  .string()
  .trim()
  .toLowerCase()
  .max(7)
  .refine((s) => s === '' || /^#[0-9a-f]{6}$/.test(s), { message: 'invalid_format' })
  .default('');

export const projectFields = {
  name: z.string().trim().min(1).max(160),
  managerIds: ids(50).min(1).describe('Project managers (employees); at least one'),
  memberIds: ids(200).default([]).describe('Attached users (employees)'),
  companyIds: ids(50).default([]).describe('Attached client companies'),
  status: z.enum(PROJECT_STATUSES).default('active'),
  type: z.enum(PROJECT_TYPES).default('standard'),
  trimitId: text(60),
  notes: text(10_000),
  mapsLink: link,
  color,
  phone: text(40),
  contact: text(160),
  address: text(400),
  featuredMediaId: id.nullable().default(null),
  attachmentIds: ids(100).default([]).describe('Uploaded files (POST /api/files), in order'),
};
export const projectInputSchema = z.strictObject(projectFields);
export type ProjectInput = z.input<typeof projectInputSchema>;
export const projectUpdateSchema = z.strictObject({ ...projectFields, version: versionField });
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;

export const PROJECT_SORTS = ['-updated', 'updated', '-created', 'created', 'name', '-name'] as const;
export const projectListQuerySchema = listQueryBase.extend({
  tab: z.enum(PROJECT_TABS).default('active'),
  sort: z.enum(PROJECT_SORTS).default('-updated'),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

export const projectParams = z.strictObject({ projectId: idSchema });
/** The body of archive, restore and other state changes: the version they are based on. */
export const versionBodySchema = z.strictObject({ version: versionField });
export type VersionBody = z.infer<typeof versionBodySchema>;

/** Employees to pick as managers, attached users or assignees. */
export const employeeOptionSchema = z.object({ id: z.number().int(), name: z.string(), function: z.string().nullable() });
export type EmployeeOption = z.infer<typeof employeeOptionSchema>;
