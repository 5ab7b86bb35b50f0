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

/**
 * The files archive (GET /api/client/product-files): one list of the company's files from three
 * sources: its products' tearsheets and download links (`product`), the final files of its
 * approved or completed orders (`order`) and the approved version of each of its drawings
 * (`drawing`). Stored files (every row but a download link) can be fetched together as one ZIP.
 */
export const ARCHIVE_SOURCES = ['product', 'order', 'drawing'] as const;
export type ArchiveSource = (typeof ARCHIVE_SOURCES)[number];
/** tearsheet and download: a product's; final: an order's final file; approved: a drawing's approved version. */
export const ARCHIVE_KINDS = ['tearsheet', 'download', 'final', 'approved'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];
export const ARCHIVE_SORTS = ['record', '-record', 'name', '-name', 'date', '-date', 'size', '-size'] as const;
export type ArchiveSort = (typeof ARCHIVE_SORTS)[number];
/** The most files one ZIP may hold (the selection on the screen never comes near it). */
export const MAX_ZIP_ITEMS = 200;

/**
 * A stored file of the archive, named the way a ZIP request names it: `product` the company
 * product (its tearsheet), `order` the final file's id, `drawing` the approved drawing version.
 */
export const archiveItemSchema = z.strictObject({
  source: z.enum(ARCHIVE_SOURCES),
  id: z.number().int().min(1).max(2_147_483_647),
});
export type ArchiveItem = z.infer<typeof archiveItemSchema>;

export const archiveFileSchema = z.object({
  key: z.string().describe('Unique within the archive: source, record and file'),
  source: z.enum(ARCHIVE_SOURCES),
  kind: z.enum(ARCHIVE_KINDS),
  item: archiveItemSchema
    .nullable()
    .describe('What a ZIP request sends for this file; null for a download link (no stored bytes)'),
  record: namedRefSchema.describe('The company product, order or drawing the file belongs to'),
  project: namedRefSchema.nullable(),
  fileName: z.string().describe("The stored file's name, or a download link's title"),
  uploadedBy: z
    .string()
    .nullable()
    .describe('Who uploaded the file; null when no person did (the catalogue or the ERP), and for download links'),
  date: z.string().nullable().describe('When the file was uploaded or approved (null for download links)'),
  size: z.number().int().nullable().describe('In bytes (null for download links)'),
  url: z.string().describe("Where the file downloads: the portal's tearsheet route, /api/files/:id, or a link's address"),
});
export type ArchiveFile = z.infer<typeof archiveFileSchema>;

export const productFilesQuerySchema = listQueryBase
  .extend({
    source: z.enum(ARCHIVE_SOURCES).optional().describe('Only the files of one source'),
    sort: z.enum(ARCHIVE_SORTS).default('record'),
  })
  .describe('q searches the file names and the names of their records (product, order, drawing)');
export type ProductFilesQuery = z.infer<typeof productFilesQuerySchema>;
export type ProductFilesQueryInput = z.input<typeof productFilesQuerySchema>;

/** POST /api/client/product-files/zip: the files to put in one ZIP, each at most once. */
export const archiveZipBodySchema = z.strictObject({
  items: z.array(archiveItemSchema).min(1).max(MAX_ZIP_ITEMS),
});
export type ArchiveZipBody = z.infer<typeof archiveZipBodySchema>;

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
