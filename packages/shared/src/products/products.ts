import * as z from 'zod';
import { mediaSchema } from '../media/media';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idListQuery, idSchema, listQueryBase, versionField } from '../platform/http';
import { LOCALES, type Locale } from '../platform/locale';
import { attributeRefSchema, PRODUCT_ATTRIBUTE_KINDS } from './attributes';
import { COMPLETENESS_FILTERS, COMPLETENESS_PARTS, type CompletenessFilter } from './completeness.rules';
import { PRODUCT_ABILITIES } from './products.rules';

const id = z.number().int().positive().max(2_147_483_647);
const ids = (max: number) => z.array(id).max(max);

export const productListItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  nameNl: z.string(),
  nameEn: z.string(),
  published: z.boolean(),
  thumbUrl: z.string().nullable(),
  articleId: z.number().int().nullable(),
  articleSku: z.string().nullable(),
  articleRemoved: z.boolean().describe('True when the ERP no longer lists the article the product was made from'),
  categories: z.array(attributeRefSchema),
  updatedAt: z.string(),
  completeness: z
    .object({ nl: z.array(z.enum(COMPLETENESS_PARTS)), en: z.array(z.enum(COMPLETENESS_PARTS)) })
    .describe(
      'Per language what the public page still lacks (name, description, images, attributes, downloads; empty = complete). ' +
        'Name and description count per language; images, attributes and downloads in both at once',
    ),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

export const downloadSchema = z.object({
  title: z.string().trim().min(1).max(200),
  link: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => /^https?:\/\//i.test(v) || v.startsWith('/'), { message: 'invalid_url' }),
});
export type Download = z.infer<typeof downloadSchema>;

export const featuredProjectSchema = z.object({
  header: z.string().trim().max(200),
  subtitle: z.string().trim().max(200),
  title: z.string().trim().max(200),
  description: z.string().trim().max(4000),
  link: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || /^https?:\/\//i.test(v) || v.startsWith('/'), { message: 'invalid_url' }),
});
export type FeaturedProject = z.infer<typeof featuredProjectSchema>;

const productRefSchema = z.object({
  id: z.number().int(),
  nameNl: z.string(),
  nameEn: z.string(),
  thumbUrl: z.string().nullable(),
});

/** Everything the product editor shows. Attribute ids are grouped by kind. */
export const productDetailSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  version: z.number().int(),
  article: z
    .object({
      id: z.number().int(),
      sku: z.string(),
      name: z.string(),
      removedAt: z.string().nullable().describe('When the ERP stopped listing the article; null while it is listed'),
    })
    .nullable(),
  parent: productRefSchema.nullable(),
  nameNl: z.string(),
  nameEn: z.string(),
  descriptionNl: z.string(),
  descriptionEn: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  gallery: z.array(mediaSchema),
  carousel: z.array(mediaSchema),
  tearsheet: mediaSchema.nullable(),
  headerImage: mediaSchema.nullable(),
  extendedImage: mediaSchema.nullable(),
  extendedVideoUrl: z.string().nullable(),
  attributes: z.object(
    Object.fromEntries(PRODUCT_ATTRIBUTE_KINDS.map((k) => [k, z.array(attributeRefSchema)])) as Record<
      (typeof PRODUCT_ATTRIBUTE_KINDS)[number],
      z.ZodArray<typeof attributeRefSchema>
    >,
  ),
  roboxMaterials: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() })),
  downloads: z.array(downloadSchema),
  related: z.array(productRefSchema),
  featuredProject: featuredProjectSchema.nullable(),
  updatedAt: z.string(),
  abilities: abilitiesSchema(PRODUCT_ABILITIES),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

const videoUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => /^https:\/\//i.test(v), { message: 'invalid_url' });

/** A whole product as the editor saves it, with the version it was loaded at (D1). */
export const productSaveSchema = z.strictObject({
  version: versionField,
  nameNl: z.string().trim().min(1).max(200),
  nameEn: z.string().trim().max(200),
  descriptionNl: z.string().trim().max(20_000),
  descriptionEn: z.string().trim().max(20_000),
  published: z.boolean(),
  parentId: id.nullable(),
  galleryIds: ids(40),
  carouselIds: ids(20),
  tearsheetId: id.nullable(),
  headerImageId: id.nullable(),
  extendedImageId: id.nullable(),
  extendedVideoUrl: videoUrl.nullable(),
  attributeIds: z.strictObject(
    Object.fromEntries(PRODUCT_ATTRIBUTE_KINDS.map((k) => [k, ids(100)])) as Record<
      (typeof PRODUCT_ATTRIBUTE_KINDS)[number],
      ReturnType<typeof ids>
    >,
  ),
  roboxMaterialIds: ids(100),
  downloads: z.array(z.strictObject(downloadSchema.shape)).max(50),
  relatedIds: ids(50),
  featuredProject: z.strictObject(featuredProjectSchema.shape).nullable(),
});
export type ProductSave = z.infer<typeof productSaveSchema>;

/** A new product: from an ERP article (its name is taken over) or from scratch with a Dutch name. */
export const productCreateSchema = z.union([
  z.strictObject({ articleId: id }),
  z.strictObject({ nameNl: z.string().trim().min(1).max(200), nameEn: z.string().trim().max(200).default('') }),
]);
export type ProductCreate = z.input<typeof productCreateSchema>;

export const PRODUCT_SORTS = ['name', '-name', 'updated', '-updated', 'order'] as const;

export const productListQuerySchema = listQueryBase.extend({
  sort: z.enum(PRODUCT_SORTS).default('name'),
  published: z.enum(['yes', 'no']).optional(),
  complete: z
    .enum(COMPLETENESS_FILTERS)
    .optional()
    .describe(
      'Catalogue completeness: yes = complete in Dutch and English, no = incomplete in at least one language, ' +
        'nl = incomplete in Dutch, en = incomplete in English',
    ),
  ...Object.fromEntries(PRODUCT_ATTRIBUTE_KINDS.map((k) => [k, idListQuery.optional()])),
} as Record<string, z.ZodType>);
export type ProductListQuery = {
  page: number;
  perPage: number;
  q?: string | undefined;
  sort: (typeof PRODUCT_SORTS)[number];
  published?: 'yes' | 'no' | undefined;
  complete?: CompletenessFilter | undefined;
} & Partial<Record<(typeof PRODUCT_ATTRIBUTE_KINDS)[number], number[]>>;

export const productParams = z.strictObject({ productId: idSchema });

// Manual order ('Producten sorteren'): overall, or within one category.

export const productOrderQuerySchema = z.strictObject({ categoryId: idSchema.optional() });
export const productOrderSchema = z.object({
  data: z.object({
    categoryId: z.number().int().nullable(),
    items: z.array(productRefSchema.extend({ published: z.boolean(), position: z.number().int() })),
  }),
});
export type ProductOrder = z.infer<typeof productOrderSchema>['data'];

/** Move one product to a place (0-based) in the order; the rest shift. Applied under a lock (D5). */
export const productMoveSchema = z.strictObject({
  productId: id,
  toIndex: z.number().int().min(0).max(100_000),
  categoryId: id.nullable().default(null),
});
export type ProductMove = z.input<typeof productMoveSchema>;

// The public inspiration catalogue (no login): published products only.

export const PUBLIC_FILTERS = ['areas', 'categories', 'features', 'materials', 'preferences'] as const;
export type PublicFilter = (typeof PUBLIC_FILTERS)[number];

/** The catalogue's orders: the manual order (default), name A-Z and Z-A, newest published first. */
export const PUBLIC_SORTS = ['order', 'name', '-name', 'newest'] as const;
export type PublicSort = (typeof PUBLIC_SORTS)[number];

export const publicProductQuerySchema = z.strictObject({
  page: listQueryBase.shape.page,
  perPage: listQueryBase.shape.perPage,
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Search text: every word must occur in the name or the description (in the language of `lang`)'),
  sort: z.enum(PUBLIC_SORTS).default('order').describe('order (manual order), name, -name, newest'),
  lang: z
    .enum(LOCALES)
    .default('nl')
    .describe('The visitor’s language: which names and descriptions the search reads and the name sort follows'),
  ...Object.fromEntries(PUBLIC_FILTERS.map((k) => [k, idListQuery.optional()])),
} as Record<string, z.ZodType>);
export type PublicProductQuery = {
  page: number;
  perPage: number;
  q?: string;
  sort: PublicSort;
  lang: Locale;
} & Partial<Record<PublicFilter, number[]>>;

export const publicProductCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  nameNl: z.string(),
  nameEn: z.string(),
  thumbUrl: z.string().nullable(),
  largeUrl: z.string().nullable(),
});
export type PublicProductCard = z.infer<typeof publicProductCardSchema>;

const publicImageSchema = z.object({
  thumbUrl: z.string(),
  largeUrl: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const publicProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  nameNl: z.string(),
  nameEn: z.string(),
  descriptionNl: z.string(),
  descriptionEn: z.string(),
  gallery: z.array(publicImageSchema),
  carousel: z.array(publicImageSchema),
  headerImage: publicImageSchema.nullable(),
  tearsheet: publicImageSchema.nullable(),
  extendedImage: publicImageSchema.nullable(),
  extendedVideoUrl: z.string().nullable(),
  attributes: z.object(
    Object.fromEntries(PUBLIC_FILTERS.map((k) => [k, z.array(attributeRefSchema)])) as Record<
      PublicFilter,
      z.ZodArray<typeof attributeRefSchema>
    >,
  ),
  downloads: z.array(downloadSchema),
  related: z.array(publicProductCardSchema),
  /** From the nearest parent up to the top. */
  parents: z.array(publicProductCardSchema),
  featuredProject: featuredProjectSchema.nullable(),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;

export const publicFiltersSchema = z.object({
  data: z.object(
    Object.fromEntries(PUBLIC_FILTERS.map((k) => [k, z.array(attributeRefSchema)])) as Record<
      PublicFilter,
      z.ZodArray<typeof attributeRefSchema>
    >,
  ),
});
export type PublicFilters = z.infer<typeof publicFiltersSchema>['data'];

/** The URL slug of a title: lower-case ASCII words joined by dashes ('Stoel Nordic Oak' -> 'stoel-nordic-oak'). */
export function slugify(title: string): string {
  return (
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'product'
  );
}
