import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idListQuery, idSchema, listQueryBase, queryInt, versionField } from '../platform/http';
import { namedRefSchema } from '../projects/projects';

/** The portal's page size for company products (R8). */
export const COMPANY_PRODUCTS_PAGE_SIZE = 24;

const productRefSchema = z.object({
  id: z.number().int(),
  name: z.string().describe("In the caller's language"),
  code: z.string().nullable().describe("The article's code (SKU)"),
  thumbUrl: z.string().nullable(),
});

/** A product assigned to a company, as the back office keeps it. */
export const companyProductSchema = z.object({
  id: z.number().int(),
  product: productRefSchema,
  typeName: z.string().nullable().describe("The article type's name; null: 'Unknown'"),
  project: namedRefSchema.nullable(),
  orderLineId: z.number().int().nullable(),
  reference: z.string().describe("The company's own reference"),
  notes: z.string(),
  version: z.number().int(),
  abilities: abilitiesSchema(['canEdit', 'canDelete'] as const),
});
export type CompanyProduct = z.infer<typeof companyProductSchema>;

export const companyProductListQuerySchema = listQueryBase.extend({
  sort: z.enum(['type', 'name', '-name', 'created', '-created']).default('type'),
});
export type CompanyProductListQuery = z.infer<typeof companyProductListQuerySchema>;

const id = z.number().int().positive().max(2_147_483_647);
const fields = {
  productId: id,
  projectId: id.nullable().default(null).describe('One of the projects the company is attached to'),
  orderLineId: id.nullable().default(null).describe('An order line of that project'),
  reference: z.string().trim().max(120).default(''),
  notes: z.string().trim().max(2_000).default(''),
};
export const companyProductInputSchema = z.strictObject(fields);
export type CompanyProductInput = z.input<typeof companyProductInputSchema>;
export const companyProductUpdateSchema = z.strictObject({ ...fields, version: versionField });
export type CompanyProductUpdate = z.input<typeof companyProductUpdateSchema>;
export const companyProductParams = z.strictObject({ companyId: idSchema, companyProductId: idSchema });

/** Products to pick from when assigning one (search by name or code). */
export const productOptionQuerySchema = z.strictObject({ q: z.string().trim().max(200).default('') });
export const productOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  typeName: z.string().nullable(),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/** Type names in the portal's filter: a JSON array of strings in the query (as the URL keeps it). */
const typeNames = z
  .string()
  .max(4_000)
  .transform((s, ctx) => {
    try {
      const v: unknown = JSON.parse(s);
      if (Array.isArray(v) && v.length <= 50 && v.every((x) => typeof x === 'string' && x.length <= 200)) return v as string[];
    } catch {
      // fall through
    }
    ctx.addIssue({ code: 'custom', message: 'invalid_format' });
    return z.NEVER;
  })
  .describe('A JSON array of article type names; "" is the "Unknown" group');

/** GET /api/client/company-products (spec section 7): page and filters, 24 per page. */
export const portalCompanyProductsQuerySchema = z.strictObject({
  page: queryInt(1, 100_000).default(1),
  projects: idListQuery.optional().describe("Only these of the company's projects"),
  types: typeNames.optional(),
});
export type PortalCompanyProductsQuery = z.infer<typeof portalCompanyProductsQuerySchema>;

export const portalCompanyProductSchema = z.object({
  id: z.number().int(),
  product: productRefSchema,
  article: z.object({ article_type: z.object({ name: z.string() }).nullable() }).describe('Spec: article.article_type.name'),
  project: namedRefSchema.nullable(),
  orderLineId: z.number().int().nullable(),
  reference: z.string(),
});
export type PortalCompanyProduct = z.infer<typeof portalCompanyProductSchema>;

/** The portal's filter choices: the company's projects and the type names of its products. */
export const portalCompanyProductFiltersSchema = z.object({
  projects: z.array(namedRefSchema),
  types: z.array(z.object({ name: z.string().describe('"" is the "Unknown" group'), count: z.number().int() })),
});
export type PortalCompanyProductFilters = z.infer<typeof portalCompanyProductFiltersSchema>;
