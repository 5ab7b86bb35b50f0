import * as z from 'zod';
import { mediaSchema } from '../media/media';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, versionField } from '../platform/http';
import { completionSchema } from './projects';
import { AREA_ABILITIES, AREA_KINDS, AREA_STATUSES, MAX_BULK_AREAS } from './projects.rules';

const id = z.number().int().positive().max(2_147_483_647);
/** A place on a floor plan as a fraction of its width or height. */
const fraction = z.number().min(0).max(1);

/** A deck, an area or a sub-area as lists show it. */
export const areaSummarySchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  parentId: z.number().int().nullable().describe('The deck of an area, the area of a sub-area'),
  kind: z.enum(AREA_KINDS),
  number: z.string(),
  name: z.string(),
  areaType: z.string().describe('Cabin, corridor, lobby, … (free text with suggestions)'),
  status: z.enum(AREA_STATUSES),
  thumbUrl: z.string().nullable(),
  hasPlan: z.boolean(),
  planX: fraction.nullable().describe("The marker's place on the parent's plan, 0..1 of its width"),
  planY: fraction.nullable(),
  childrenCount: z.number().int().describe('Areas of a deck, sub-areas of an area'),
  completion: completionSchema,
  version: z.number().int(),
  updatedAt: z.string(),
  abilities: abilitiesSchema(AREA_ABILITIES),
});
export type AreaSummary = z.infer<typeof areaSummarySchema>;

/** A marker on a floor plan: a child area, a sub-area or a task, placed or not yet. */
export const planMarkerSchema = z.object({
  type: z.enum(['area', 'task']),
  id: z.number().int(),
  label: z.string(),
  status: z.string(),
  x: fraction.nullable(),
  y: fraction.nullable(),
});
export type PlanMarker = z.infer<typeof planMarkerSchema>;

export const areaSchema = areaSummarySchema.extend({
  thumbnail: mediaSchema.nullable(),
  plan: mediaSchema.nullable().describe('The floor plan (an image; a PDF page is rendered to an image before upload)'),
  parent: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(AREA_KINDS) }).nullable(),
  markers: z.array(planMarkerSchema).describe('Deck: its areas. Area: its sub-areas and tasks. Sub-area: its tasks'),
});
export type Area = z.infer<typeof areaSchema>;

/** The areas page: every deck and every area (not sub-areas) of the project, in deck order then number. */
export const areaListSchema = z.object({
  decks: z.array(areaSummarySchema),
  areas: z.array(areaSummarySchema),
});
export type AreaList = z.infer<typeof areaListSchema>;
export const areaListQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  status: z.enum(AREA_STATUSES).optional(),
});

const areaFields = {
  kind: z.enum(AREA_KINDS).default('area'),
  parentId: id.nullable().default(null),
  number: z.string().trim().max(40).default(''),
  name: z.string().trim().min(1).max(160),
  areaType: z.string().trim().max(80).default(''),
  thumbnailMediaId: id.nullable().default(null),
  planMediaId: id.nullable().default(null),
};
export const areaInputSchema = z.strictObject(areaFields);
export type AreaInput = z.input<typeof areaInputSchema>;
export const areaUpdateSchema = z.strictObject({
  parentId: areaFields.parentId,
  number: areaFields.number,
  name: areaFields.name,
  areaType: areaFields.areaType,
  thumbnailMediaId: areaFields.thumbnailMediaId,
  planMediaId: areaFields.planMediaId,
  version: versionField,
});
export type AreaUpdate = z.input<typeof areaUpdateSchema>;

/** Many areas at once: the text is read by `parseBulkAreas` ("Cabin 5001-5120" is 120 areas). */
export const bulkAreasInputSchema = z.strictObject({
  kind: z.enum(['deck', 'area', 'subarea']).default('area'),
  parentId: id.nullable().default(null),
  areaType: z.string().trim().max(80).default(''),
  text: z.string().max(20_000).describe(`One area per line or a range per line; at most ${MAX_BULK_AREAS} areas`),
});
export type BulkAreasInput = z.input<typeof bulkAreasInputSchema>;
export const bulkAreasResultSchema = z.object({
  created: z.number().int(),
  skipped: z.array(z.string()).describe('Numbers that exist already in the project, left alone'),
});
export type BulkAreasResult = z.infer<typeof bulkAreasResultSchema>;

/**
 * Moving a marker: where it was dropped in pixels of the plan as rendered (the specification's
 * drag reports top and left in pixels) and that rendered size; the server stores fractions.
 */
export const markerMoveSchema = z.strictObject({
  type: z.enum(['area', 'task']),
  id,
  left: z.number().min(0).max(100_000),
  top: z.number().min(0).max(100_000),
  width: z.number().min(1).max(100_000).describe('Rendered width of the plan, px'),
  height: z.number().min(1).max(100_000).describe('Rendered height of the plan, px'),
});
export type MarkerMove = z.infer<typeof markerMoveSchema>;
/** Where a moved marker now stands: fractions of the plan's width and height, 0..1. */
export const markerPositionSchema = z.object({ x: fraction, y: fraction });
export type MarkerPosition = z.infer<typeof markerPositionSchema>;

export const areaParams = z.strictObject({ projectId: idSchema, areaId: idSchema });
