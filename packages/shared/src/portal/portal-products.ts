import * as z from 'zod';
import { idSchema, listQueryBase } from '../platform/http';
import { namedRefSchema } from '../projects/projects';

// The portal's product pages: an order line where it sits in the project, one company
// product with its images and files, and the archive of the files of all the company's products.
// Every shape lists its fields one by one: staff notes on an order line, ERP data and unpublished
// catalogue fields never reach a customer (Z9). Every query is scoped to the company, its
// visible projects and its allowed areas (Z2, Z3).

export const PRODUCT_FILE_KINDS = ['tearsheet', 'download'] as const;
export type ProductFileKind = (typeof PRODUCT_FILE_KINDS)[number];

/** The portal's address of a company product's tearsheet (streamed as an attachment, only through the company's scope). */
export const tearsheetUrl = (companyProductId: number) => `/api/client/company-products/${companyProductId}/tearsheet`;

const areaRefSchema = z.object({ id: z.number().int(), number: z.string(), name: z.string() });

/** The company's own words about a product it has: its reference and notes. */
const companyNoteSchema = z.object({
  id: z.number().int().describe('The company product'),
  reference: z.string(),
  notes: z.string(),
});

/** GET /api/client/projects/:projectId/orderlines/:orderLineId: the order line and where it is. */
export const portalOrderLineDetailSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['product', 'article']),
  item: z.object({
    id: z.number().int(),
    name: z.string().describe("The product's name in the caller's language, or the article's name"),
    code: z.string().nullable(),
    thumbUrl: z.string().nullable().describe('Only when the caller may see the image'),
  }),
  quantity: z.number(),
  project: namedRefSchema,
  area: areaRefSchema,
  task: namedRefSchema,
  subtask: namedRefSchema,
  companyProduct: companyNoteSchema.nullable().describe("The company's product that points at this order line, if any"),
});
export type PortalOrderLineDetail = z.infer<typeof portalOrderLineDetailSchema>;

export const portalOrderLineParams = z.strictObject({ projectId: idSchema, orderLineId: idSchema });

/** One file of a company product: its tearsheet or one of its download links. */
export const productFileSchema = z.object({
  key: z.string().describe('Stable within the list: company product, kind and position'),
  companyProductId: z.number().int(),
  productName: z.string(),
  project: namedRefSchema.nullable(),
  kind: z.enum(PRODUCT_FILE_KINDS),
  fileName: z.string().describe("The tearsheet's file name, or the download's title"),
  uploadedBy: z.string().nullable().describe('Who uploaded the tearsheet (null when unknown, and for download links)'),
  date: z.string().nullable().describe('When the tearsheet was uploaded (null for download links)'),
  url: z.string().describe("Download links: their link; a tearsheet: the portal's tearsheet route"),
});
export type ProductFile = z.infer<typeof productFileSchema>;

export const productFilesQuerySchema = listQueryBase.describe('q searches the file and product names');
export type ProductFilesQuery = z.infer<typeof productFilesQuerySchema>;

/** GET /api/client/company-products/:companyProductId: the product page. */
export const portalCompanyProductDetailSchema = z.object({
  id: z.number().int(),
  product: z.object({
    id: z.number().int(),
    name: z.string().describe("In the caller's language"),
    description: z.string().describe("In the caller's language (plain text)"),
    code: z.string().nullable(),
  }),
  typeName: z.string().nullable().describe("The article type's name; null: 'Unknown'"),
  images: z.array(z.object({ id: z.number().int(), thumbUrl: z.string(), largeUrl: z.string() }).describe('A gallery image')),
  project: namedRefSchema.nullable(),
  orderLineId: z.number().int().nullable(),
  reference: z.string(),
  notes: z.string(),
  files: z.array(productFileSchema),
});
export type PortalCompanyProductDetail = z.infer<typeof portalCompanyProductDetailSchema>;

export const portalCompanyProductParams = z.strictObject({ companyProductId: idSchema });
