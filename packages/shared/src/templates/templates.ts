import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, versionField } from '../platform/http';
import { AREA_KINDS } from '../projects/projects.rules';
import { TEMPLATE_ABILITIES, TEMPLATE_APPLICATION_ERRORS, TEMPLATE_APPLICATION_STATUSES } from './templates.rules';

const id = z.number().int().positive().max(2_147_483_647);
const title = z.string().trim().min(1).max(160);

/** A template as the list shows it: its title and how many decks, areas and sub-areas it holds. */
export const templateSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  areaCount: z.number().int().describe('Decks, areas and sub-areas in the template'),
  createdBy: z.string().nullable().describe('Who saved it'),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: abilitiesSchema(TEMPLATE_ABILITIES),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** One deck, area or sub-area of a template; `parentId` points within the template. */
export const templateAreaSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  kind: z.enum(AREA_KINDS),
  number: z.string(),
  name: z.string(),
  areaType: z.string(),
});
export type TemplateArea = z.infer<typeof templateAreaSchema>;

export const templateSchema = templateSummarySchema.extend({
  areas: z.array(templateAreaSchema).describe('Decks, each followed by its areas and their sub-areas'),
});
export type Template = z.infer<typeof templateSchema>;

export const templateListQuerySchema = listQueryBase;
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

/** Save a project's decks, areas and sub-areas as a new template. */
export const templateSaveSchema = z.strictObject({ title });
export type TemplateSave = z.input<typeof templateSaveSchema>;
/** Rename a template (send the version it was based on). */
export const templateUpdateSchema = z.strictObject({ title, version: versionField });
export type TemplateUpdate = z.input<typeof templateUpdateSchema>;

/** Apply a template to the project: a job creates what the project lacks. */
export const templateApplySchema = z.strictObject({ templateId: id });
export type TemplateApply = z.input<typeof templateApplySchema>;

/** One application of a template to a project, with its progress and what it created and skipped. */
export const templateApplicationSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  templateId: z.number().int().nullable().describe('Null once the template is deleted'),
  templateTitle: z.string().nullable(),
  status: z.enum(TEMPLATE_APPLICATION_STATUSES),
  total: z.number().int().describe('Rows of the template'),
  processed: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int().describe('Rows the project had already (same number, or same name without a number)'),
  skippedSample: z.array(z.string()).describe('The first skipped numbers (or names)'),
  error: z.enum(TEMPLATE_APPLICATION_ERRORS).nullable().describe('Why it failed, a code'),
  resumed: z
    .number()
    .int()
    .describe('How often another process took it over after the server running it stopped (it went on where it was)'),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TemplateApplication = z.infer<typeof templateApplicationSchema>;

export const templateApplicationListQuerySchema = z.strictObject({
  page: listQueryBase.shape.page,
  perPage: listQueryBase.shape.perPage,
});
export type TemplateApplicationListQuery = z.infer<typeof templateApplicationListQuerySchema>;

export const templateParams = z.strictObject({ templateId: idSchema });
export const applicationParams = z.strictObject({ projectId: idSchema, applicationId: idSchema });
