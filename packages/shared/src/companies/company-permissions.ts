import * as z from 'zod';
import { idSchema, versionField } from '../platform/http';
import { AREA_KINDS, PROJECT_STATUSES } from '../projects/projects.rules';

const id = z.number().int().positive().max(2_147_483_647);

/**
 * What a company sees of one attached project in its portal: all its areas, or only the selected
 * ones (a selected deck with its areas and sub-areas, a selected area with its sub-areas). This
 * is the scope of every portal query (platform/scope.ts, scope.area).
 */
export const companyProjectAccessSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  projectStatus: z.enum(PROJECT_STATUSES),
  allAreas: z.boolean(),
  areaIds: z.array(z.number().int()).describe('The selected decks, areas and sub-areas (empty with allAreas)'),
  version: z.number().int(),
});
export type CompanyProjectAccess = z.infer<typeof companyProjectAccessSchema>;

export const accessAreaSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AREA_KINDS),
  number: z.string(),
  name: z.string(),
  parentId: z.number().int().nullable(),
});
export type AccessArea = z.infer<typeof accessAreaSchema>;

/** One project's access with the project's decks, areas and sub-areas in tree order, to pick from. */
export const companyProjectAccessDetailSchema = companyProjectAccessSchema.extend({
  areas: z.array(accessAreaSchema),
});
export type CompanyProjectAccessDetail = z.infer<typeof companyProjectAccessDetailSchema>;

export const companyProjectAccessUpdateSchema = z
  .strictObject({
    allAreas: z.boolean(),
    areaIds: z.array(id).max(5_000).default([]).describe('With allAreas false: at least one deck, area or sub-area'),
    version: versionField,
  })
  .superRefine((v, ctx) => {
    if (!v.allAreas && (v.areaIds ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'too_few', path: ['areaIds'] });
    }
  });
export type CompanyProjectAccessUpdate = z.input<typeof companyProjectAccessUpdateSchema>;

export const companyProjectParams = z.strictObject({ companyId: idSchema, projectId: idSchema });
