import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, versionField } from '../platform/http';
import { ATTRIBUTE_ABILITIES } from './attributes.rules';

/** The attribute archives under 'Attributen', as the specification lists them. */
export const ATTRIBUTE_KINDS = [
  'areas',
  'categories',
  'features',
  'preferences',
  'types',
  'type-groups',
  'suppliers',
  'materials',
] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];
export const attributeKindSchema = z.enum(ATTRIBUTE_KINDS);

/** The kinds a product carries (type groups are only a grouping of types). */
export const PRODUCT_ATTRIBUTE_KINDS = [
  'areas',
  'categories',
  'features',
  'preferences',
  'types',
  'suppliers',
  'materials',
] as const;
export type ProductAttributeKind = (typeof PRODUCT_ATTRIBUTE_KINDS)[number];

export const attributeSchema = z.object({
  id: z.number().int(),
  kind: attributeKindSchema,
  nameNl: z.string(),
  nameEn: z.string(),
  typeGroupId: z.number().int().nullable().describe('Only for types'),
  typeGroupNameNl: z.string().nullable(),
  productsCount: z.number().int().describe('Products using it (types: also types in a type group)'),
  usesCount: z
    .number()
    .int()
    .describe('Everything that keeps it from being deleted: products, types in the group, Robox materials'),
  version: z.number().int(),
  updatedAt: z.string(),
  abilities: abilitiesSchema(ATTRIBUTE_ABILITIES),
});
export type Attribute = z.infer<typeof attributeSchema>;

const attributeFields = {
  nameNl: z.string().trim().min(1).max(120),
  nameEn: z.string().trim().max(120).default('').describe('Empty: the Dutch name is shown in English too'),
  typeGroupId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
};
export const attributeInputSchema = z.strictObject(attributeFields);
export type AttributeInput = z.input<typeof attributeInputSchema>;
export const attributeUpdateSchema = z.strictObject({ ...attributeFields, version: versionField });
export type AttributeUpdate = z.input<typeof attributeUpdateSchema>;

export const ATTRIBUTE_SORTS = ['name', '-name', 'products', '-products', 'updated', '-updated'] as const;
export const attributeListQuerySchema = listQueryBase.extend({ sort: z.enum(ATTRIBUTE_SORTS).default('name') });

/** A small reference to an attribute, as products and filters carry them. */
export const attributeRefSchema = z.object({
  id: z.number().int(),
  kind: attributeKindSchema,
  nameNl: z.string(),
  nameEn: z.string(),
});
export type AttributeRef = z.infer<typeof attributeRefSchema>;

export const attributeOverviewSchema = z.object({
  data: z.array(z.object({ kind: attributeKindSchema, count: z.number().int() })),
});

/** The name to show: English when asked and present, else Dutch. */
export function localName(x: { nameNl: string; nameEn: string }, locale: string): string {
  return locale === 'en' && x.nameEn ? x.nameEn : x.nameNl;
}

/** Every attribute of every kind, for selects and filters (small lists, no paging). */
export const attributeOptionSchema = attributeRefSchema.extend({
  typeGroupId: z.number().int().nullable().describe('Only for types'),
});
export type AttributeOption = z.infer<typeof attributeOptionSchema>;
export const attributeOptionsSchema = z.object({ data: z.array(attributeOptionSchema) });

export const attributeKindParams = z.strictObject({ kind: attributeKindSchema });
export const attributeParams = z.strictObject({ kind: attributeKindSchema, attributeId: idSchema });
