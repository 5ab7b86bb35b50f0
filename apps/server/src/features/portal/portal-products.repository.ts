import type { Locale } from '@app/shared/platform/locale';
import type { ArchiveSort, ArchiveSource } from '@app/shared/portal/portal-products';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike, intArray, query } from '../../platform/sql';

// The portal's product pages. Every statement ANDs the actor's scope in its WHERE clause:
// scope.project and scope.area for an order line (through its task), scope.companyProduct for a
// company product and its files, scope.media for every image id handed out. Another company's
// record, one in a deleted project or outside the company's allowed areas is simply not found.

const productName = (locale: Locale, p: string) =>
  locale === 'en' ? sql.raw(`coalesce(nullif(${p}.name_en, ''), ${p}.name_nl)`) : sql.raw(`${p}.name_nl`);
const productDescription = (locale: Locale, p: string) =>
  locale === 'en' ? sql.raw(`coalesce(nullif(${p}.description_en, ''), ${p}.description_nl)`) : sql.raw(`${p}.description_nl`);
/** An account's person (an employee or a company user), or null. */
const personName = (acc: string) =>
  sql`(SELECT coalesce(
      (SELECT ${personNameSql('e')} FROM employees e WHERE e.id = ${sql.raw(acc)}.employee_id),
      (SELECT ${personNameSql('cu')} FROM company_users cu WHERE cu.id = ${sql.raw(acc)}.company_user_id)))`;

export interface OrderLineRow {
  id: number;
  productId: number | null;
  articleId: number | null;
  itemName: string | null;
  code: string | null;
  thumbId: number | null;
  quantity: number;
  projectId: number;
  projectName: string;
  areaId: number;
  areaNumber: string;
  areaName: string;
  taskId: number;
  taskName: string;
  subtaskId: number;
  subtaskName: string;
  companyProductId: number | null;
  reference: string | null;
  notes: string | null;
}

/**
 * An order line of the project, where the company sees it: the project attached to the company
 * and not deleted, the line's task in an allowed area. Its item's thumbnail only when the caller
 * may see that image, and the company's own product pointing at it (the first, by id).
 */
export async function findOrderLine(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  orderLineId: number,
  locale: Locale,
): Promise<OrderLineRow | null> {
  const rows = await query<OrderLineRow>(
    db,
    sql`SELECT ol.id, ol.product_id AS "productId", ol.article_id AS "articleId",
               CASE WHEN p.id IS NOT NULL THEN ${productName(locale, 'p')} ELSE a.name END AS "itemName",
               coalesce(a.sku, pa.sku) AS code,
               CASE WHEN th.id IS NOT NULL AND ${scope.media(actor, sql.raw('th.id'))} THEN th.id END AS "thumbId",
               ol.quantity::float8 AS quantity,
               pr.id AS "projectId", pr.name AS "projectName",
               ar.id AS "areaId", ar.number AS "areaNumber", ar.name AS "areaName",
               t.id AS "taskId", t.name AS "taskName", s.id AS "subtaskId", s.name AS "subtaskName",
               cpx.id AS "companyProductId", cpx.reference, cpx.notes
          FROM order_lines ol
          JOIN subtasks s ON s.id = ol.subtask_id
          JOIN tasks t ON t.id = s.task_id
          JOIN projects pr ON pr.id = t.project_id
          JOIN project_areas ar ON ar.id = t.area_id
          LEFT JOIN products p ON p.id = ol.product_id
          LEFT JOIN articles pa ON pa.id = p.article_id
          LEFT JOIN articles a ON a.id = ol.article_id
          LEFT JOIN LATERAL (
            SELECT CASE WHEN p.id IS NOT NULL
                        THEN (SELECT pm.media_id FROM product_media pm WHERE pm.product_id = p.id AND pm.role = 'gallery' ORDER BY pm.position LIMIT 1)
                        ELSE coalesce(a.impression_media_id, (SELECT am.media_id FROM article_media am WHERE am.article_id = a.id ORDER BY am.position LIMIT 1))
                   END AS id) th ON true
          LEFT JOIN LATERAL (
            SELECT cp.id, cp.reference, cp.notes FROM company_products cp
             WHERE cp.order_line_id = ol.id AND ${scope.companyProduct(actor, 'cp')}
             ORDER BY cp.id LIMIT 1) cpx ON true
         WHERE ol.id = ${orderLineId} AND ol.project_id = ${projectId} AND t.project_id = ${projectId}
           AND pr.deleted_at IS NULL
           AND ${scope.project(actor, sql.raw('pr.id'))}
           AND ${scope.area(actor, sql.raw('t.project_id'), sql.raw('t.area_id'))}`,
  );
  const r = rows[0];
  return r ? { ...r, quantity: Number(r.quantity) } : null;
}

export interface CompanyProductRow {
  id: number;
  productId: number;
  productName: string;
  description: string;
  code: string | null;
  typeName: string | null;
  projectId: number | null;
  projectName: string | null;
  orderLineId: number | null;
  reference: string;
  notes: string;
  imageIds: number[];
}

/** One company product within scope.companyProduct, with its product's visible gallery images. */
export async function findCompanyProduct(
  db: DbOrTx,
  actor: Actor,
  id: number,
  locale: Locale,
): Promise<CompanyProductRow | null> {
  const rows = await query<CompanyProductRow>(
    db,
    sql`SELECT cp.id, p.id AS "productId", ${productName(locale, 'p')} AS "productName",
               ${productDescription(locale, 'p')} AS description, a.sku AS code, cp.type_name AS "typeName",
               cp.project_id AS "projectId", pr.name AS "projectName", cp.order_line_id AS "orderLineId",
               cp.reference, cp.notes,
               coalesce((SELECT json_agg(gm.media_id ORDER BY gm.position) FROM product_media gm
                          WHERE gm.product_id = p.id AND gm.role = 'gallery'
                            AND ${scope.media(actor, sql.raw('gm.media_id'))}), '[]'::json) AS "imageIds"
          FROM company_products cp
          JOIN products p ON p.id = cp.product_id
          LEFT JOIN articles a ON a.id = p.article_id
          LEFT JOIN projects pr ON pr.id = cp.project_id
         WHERE cp.id = ${id} AND ${scope.companyProduct(actor, 'cp')}`,
  );
  const r = rows[0];
  return r ? { ...r, imageIds: (r.imageIds ?? []).map(Number) } : null;
}

export interface ProductFileRow {
  companyProductId: number;
  productName: string;
  projectId: number | null;
  projectName: string | null;
  kind: 'tearsheet' | 'download';
  position: number;
  fileName: string;
  uploadedBy: string | null;
  date: Date | string | null;
  link: string | null;
}

/**
 * The files of the company's products in scope, one row per file: each product's tearsheet (a
 * stored file) and its download links, in the product's order. `only` narrows to one company product.
 */
function filesOf(actor: Actor, locale: Locale, only: number | null): SQL {
  const one = only === null ? sql`` : sql`AND cp.id = ${only}`;
  const base = sql`FROM company_products cp JOIN products p ON p.id = cp.product_id LEFT JOIN projects pr ON pr.id = cp.project_id`;
  return sql`SELECT cp.id AS "companyProductId", ${productName(locale, 'p')} AS "productName",
                    cp.project_id AS "projectId", pr.name AS "projectName", 'tearsheet' AS kind, 0::int AS position,
                    m.original_name AS "fileName", ${personName('acc')} AS "uploadedBy", m.created_at AS date, NULL::text AS link,
                    m.size
               ${base}
               JOIN media m ON m.id = p.tearsheet_media_id
               LEFT JOIN accounts acc ON acc.id = m.created_by
              WHERE ${scope.companyProduct(actor, 'cp')} ${one}
             UNION ALL
             SELECT cp.id, ${productName(locale, 'p')}, cp.project_id, pr.name, 'download', d.ord::int,
                    coalesce(d.item->>'title', ''), NULL::text, NULL::timestamptz, d.item->>'link', NULL::int
               ${base}
               CROSS JOIN LATERAL jsonb_array_elements(
                 CASE WHEN jsonb_typeof(p.downloads) = 'array' THEN p.downloads ELSE '[]'::jsonb END) WITH ORDINALITY d(item, ord)
              WHERE ${scope.companyProduct(actor, 'cp')} ${one}
                AND jsonb_typeof(d.item) = 'object' AND coalesce(d.item->>'link', '') <> ''`;
}

const FILE_ORDER = sql.raw(`lower(f."productName"), f."companyProductId", f.position`);

/** The files of one company product (already found within the scope). */
export function filesOfProduct(db: DbOrTx, actor: Actor, companyProductId: number, locale: Locale) {
  return query<ProductFileRow>(db, sql`SELECT f.* FROM (${filesOf(actor, locale, companyProductId)}) f ORDER BY ${FILE_ORDER}`);
}

export interface ArchiveRow {
  source: 'product' | 'order' | 'drawing';
  kind: 'tearsheet' | 'download' | 'final' | 'approved';
  /** What a ZIP request names: the company product, the order's file, the drawing version; null for a link. */
  itemId: number | null;
  recordId: number;
  recordName: string;
  projectId: number | null;
  projectName: string | null;
  fileName: string;
  uploadedBy: string | null;
  date: Date | string | null;
  size: number | null;
  link: string | null;
  position: number;
  /** The stored file (orders and drawings; a tearsheet downloads through its product). */
  fileId: number | null;
}

/**
 * The files archive of the company, one row per file, from three sources, each under its own
 * scope in its own WHERE clause:
 * - product: every company product's tearsheet (a stored media file) and download links, within
 *   scope.companyProduct (as the product pages);
 * - order: the final files of the company's orders once approved or completed (when the order's
 *   page shows them to the client), within scope.order;
 * - drawing: the approved version of each of the company's drawings, within scope.drawing, and
 *   for a drawing of one area only when the company sees that area (scope.area: a company narrowed
 *   to selected areas sees the drawings of its areas and of what lies under them).
 * The uploader is the account that stored the file; a tearsheet stored by the catalogue's import
 * or the demo has none (null: the screen says it came from the catalogue).
 */
function archiveOf(actor: Actor, locale: Locale): SQL {
  const products = filesOf(actor, locale, null);
  return sql`SELECT 'product' AS source, pf.kind, CASE WHEN pf.kind = 'tearsheet' THEN pf."companyProductId" END AS "itemId",
                    pf."companyProductId" AS "recordId", pf."productName" AS "recordName",
                    pf."projectId", pf."projectName", pf."fileName", pf."uploadedBy", pf.date, pf.size, pf.link, pf.position,
                    NULL::int AS "fileId"
               FROM (${products}) pf
             UNION ALL
             SELECT 'order', 'final', f.id, o.id, o.title, o.project_id, opr.name, f.original_name,
                    ${personName('acc')}, f.created_at, f.size, NULL::text, f.id, f.id
               FROM order_files ofl
               JOIN orders o ON o.id = ofl.order_id
               JOIN files f ON f.id = ofl.file_id
               LEFT JOIN projects opr ON opr.id = o.project_id AND opr.deleted_at IS NULL
               LEFT JOIN accounts acc ON acc.id = f.created_by
              WHERE ofl.kind = 'final' AND o.status IN ('approved', 'completed')
                AND ${scope.order(actor, sql.raw('o.company_id'))}
             UNION ALL
             SELECT 'drawing', 'approved', dv.id, d.id, d.name, d.project_id, dpr.name, f.original_name,
                    ${personName('acc')}, f.created_at, f.size, NULL::text, dv.number, f.id
               FROM drawing_versions dv
               JOIN drawings d ON d.id = dv.drawing_id
               JOIN projects dpr ON dpr.id = d.project_id
               JOIN files f ON f.id = dv.file_id
               LEFT JOIN accounts acc ON acc.id = f.created_by
              WHERE dv.status = 'approved'
                AND ${scope.drawing(actor, sql.raw('d.project_id'), sql.raw('d.company_id'), sql.raw('d.deleted_at'), sql.raw('d.area_id'))}`;
}

const ARCHIVE_ORDER: Record<ArchiveSort, string> = {
  record: 'lower(f."recordName"), f."recordId", f.source, f.position',
  '-record': 'lower(f."recordName") DESC, f."recordId" DESC, f.source, f.position',
  name: 'lower(f."fileName"), f.source, f."recordId", f.position',
  '-name': 'lower(f."fileName") DESC, f.source, f."recordId", f.position',
  date: 'f.date NULLS LAST, f.source, f."recordId", f.position',
  '-date': 'f.date DESC NULLS LAST, f.source, f."recordId", f.position',
  size: 'f.size NULLS LAST, f.source, f."recordId", f.position',
  '-size': 'f.size DESC NULLS LAST, f.source, f."recordId", f.position',
};

/** A page of the archive, searched on file and record names, of one source or all; two statements (the page and the count). */
export async function listArchive(
  db: DbOrTx,
  actor: Actor,
  q: { page: number; perPage: number; q?: string | undefined; source?: ArchiveSource | undefined; sort: ArchiveSort },
  locale: Locale,
) {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  const conditions: SQL[] = [];
  if (term) conditions.push(sql`(f."fileName" ILIKE ${term} OR f."recordName" ILIKE ${term})`);
  if (q.source) conditions.push(sql`f.source = ${q.source}`);
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const files = archiveOf(actor, locale);
  const [rows, count] = await Promise.all([
    query<ArchiveRow>(
      db,
      sql`SELECT f.* FROM (${files}) f ${where} ORDER BY ${sql.raw(ARCHIVE_ORDER[q.sort])}
           LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`,
    ),
    query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${files}) f ${where}`),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export interface ArchiveStoredRow {
  source: ArchiveSource;
  itemId: number;
  fileName: string;
  date: Date | string;
  storageKey: string;
}

/**
 * The stored files of these archive items that the actor sees (the same scoped rows as the list):
 * a product's tearsheet, an order's final file, a drawing's approved version. An item out of
 * reach, missing, or a link is simply not among the rows.
 */
export async function findArchiveStored(
  db: DbOrTx,
  actor: Actor,
  items: readonly { source: ArchiveSource; id: number }[],
): Promise<ArchiveStoredRow[]> {
  const ids = (source: ArchiveSource) => intArray(items.filter((i) => i.source === source).map((i) => i.id));
  return query<ArchiveStoredRow>(
    db,
    sql`SELECT 'product' AS source, cp.id AS "itemId", m.original_name AS "fileName", m.created_at AS date,
               m.storage_key AS "storageKey"
          FROM company_products cp
          JOIN products p ON p.id = cp.product_id
          JOIN media m ON m.id = p.tearsheet_media_id
         WHERE cp.id = ANY(${ids('product')}) AND ${scope.companyProduct(actor, 'cp')}
        UNION ALL
        SELECT 'order', f.id, f.original_name, f.created_at, f.storage_key
          FROM files f
         WHERE f.id = ANY(${ids('order')})
           AND EXISTS (SELECT 1 FROM order_files ofl JOIN orders o ON o.id = ofl.order_id
                        WHERE ofl.file_id = f.id AND ofl.kind = 'final' AND o.status IN ('approved', 'completed')
                          AND ${scope.order(actor, sql.raw('o.company_id'))})
        UNION ALL
        SELECT 'drawing', dv.id, f.original_name, f.created_at, f.storage_key
          FROM drawing_versions dv
          JOIN drawings d ON d.id = dv.drawing_id
          JOIN files f ON f.id = dv.file_id
         WHERE dv.id = ANY(${ids('drawing')}) AND dv.status = 'approved'
           AND ${scope.drawing(actor, sql.raw('d.project_id'), sql.raw('d.company_id'), sql.raw('d.deleted_at'), sql.raw('d.area_id'))}`,
  );
}

export interface TearsheetRow {
  storageKey: string;
  mime: string;
  originalName: string;
}

/** The stored tearsheet of a company product within scope.companyProduct, or null. */
export async function findTearsheet(db: DbOrTx, actor: Actor, companyProductId: number): Promise<TearsheetRow | null> {
  const rows = await query<TearsheetRow>(
    db,
    sql`SELECT m.storage_key AS "storageKey", m.mime, m.original_name AS "originalName"
          FROM company_products cp
          JOIN products p ON p.id = cp.product_id
          JOIN media m ON m.id = p.tearsheet_media_id
         WHERE cp.id = ${companyProductId} AND ${scope.companyProduct(actor, 'cp')}`,
  );
  return rows[0] ?? null;
}
