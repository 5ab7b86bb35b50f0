import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, queryInt, versionField } from '../platform/http';
import { ROBOX_ABILITIES } from './robox.rules';

const id = z.number().int().positive().max(2_147_483_647);

export const roboxCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  sortOrder: z.number().int(),
  materialsCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
  abilities: abilitiesSchema(ROBOX_ABILITIES),
});
export type RoboxCategory = z.infer<typeof roboxCategorySchema>;

const categoryFields = {
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).default(''),
  sortOrder: z.number().int().min(0).max(100_000).default(0),
};
export const roboxCategoryInputSchema = z.strictObject(categoryFields);
export type RoboxCategoryInput = z.input<typeof roboxCategoryInputSchema>;
export const roboxCategoryUpdateSchema = z.strictObject({ ...categoryFields, version: versionField });
export type RoboxCategoryUpdate = z.input<typeof roboxCategoryUpdateSchema>;
export const ROBOX_CATEGORY_SORTS = ['order', 'name', '-name', 'materials', '-materials'] as const;
export const roboxCategoryListQuerySchema = listQueryBase.extend({ sort: z.enum(ROBOX_CATEGORY_SORTS).default('order') });
export const roboxCategoryParams = z.strictObject({ roboxMaterialCategoryId: idSchema });

export const roboxMaterialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  thicknessMm: z.number().nullable(),
  sheetLengthMm: z.number().nullable(),
  sheetWidthMm: z.number().nullable(),
  colourFinish: z.string(),
  supplierId: z.number().int().nullable().describe('A supplier from the attribute archive'),
  supplierName: z.string().nullable(),
  articleId: z.number().int().nullable(),
  articleSku: z.string().nullable(),
  articleName: z.string().nullable(),
  productsCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
  abilities: abilitiesSchema(ROBOX_ABILITIES),
});
export type RoboxMaterial = z.infer<typeof roboxMaterialSchema>;

const mm = z.number().min(0).max(100_000).nullable();
const materialFields = {
  name: z.string().trim().min(1).max(160),
  code: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9._/-]+$/),
  categoryId: id.nullable(),
  thicknessMm: mm,
  sheetLengthMm: mm,
  sheetWidthMm: mm,
  colourFinish: z.string().trim().max(160).default(''),
  supplierId: id.nullable(),
  articleId: id.nullable(),
};
export const roboxMaterialInputSchema = z.strictObject(materialFields);
export type RoboxMaterialInput = z.input<typeof roboxMaterialInputSchema>;
export const roboxMaterialUpdateSchema = z.strictObject({ ...materialFields, version: versionField });
export type RoboxMaterialUpdate = z.input<typeof roboxMaterialUpdateSchema>;

export const ROBOX_MATERIAL_SORTS = ['name', '-name', 'code', '-code', 'thickness', '-thickness', 'updated', '-updated'] as const;
export const roboxMaterialListQuerySchema = listQueryBase.extend({
  sort: z.enum(ROBOX_MATERIAL_SORTS).default('name'),
  categoryId: idSchema.optional(),
  supplierId: idSchema.optional(),
  thickness: queryInt(0, 100_000).optional().describe('Exact thickness in mm'),
});
export type RoboxMaterialListQuery = z.infer<typeof roboxMaterialListQuerySchema>;
export const roboxMaterialParams = z.strictObject({ roboxMaterialId: idSchema });

/** Every material in short, for the product editor's select. */
export const roboxMaterialOptionSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type RoboxMaterialOption = z.infer<typeof roboxMaterialOptionSchema>;
export const roboxMaterialOptionsSchema = z.object({ data: z.array(roboxMaterialOptionSchema) });
