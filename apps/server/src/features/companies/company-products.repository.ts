import type { Locale } from '@app/shared/platform/locale';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { namedSql } from '../../platform/named-query';
import { scope } from '../../platform/scope';
import { escapeLike, intArray, query } from '../../platform/sql';

// Company products. Every query ANDs scope.companyProduct on the rows' alias `cp` (and names the
// company): another company's row, or one in a project or area the portal does not see, is simply
// not found. Pages pick their ids on company_products alone (an index walk), then join (G3).

export interface CompanyProductRow {
  id: number;
  companyId: number;
  productId: number;
  productName: string;
  code: string | null;
  thumbId: number | null;
  typeName: string | null;
  projectId: number | null;
  projectName: string | null;
  orderLineId: number | null;
  reference: string;
  notes: string;
  version: number;
}

const thumb = sql.raw(
  `(SELECT pm.media_id FROM product_media pm WHERE pm.product_id = p.id AND pm.role = 'gallery' ORDER BY pm.position LIMIT 1)`,
);

/** The rows of `ids` (in the page's order) with their product, article and project. */
function joined(ids: SQL, order: SQL, locale: Locale): SQL {
  const name = locale === 'en' ? sql`coalesce(nullif(p.name_en, ''), p.name_nl)` : sql`p.name_nl`;
  return sql`SELECT cp.id, cp.company_id AS "companyId", cp.product_id AS "productId", ${name} AS "productName",
                    a.sku AS code, ${thumb} AS "thumbId", cp.type_name AS "typeName", cp.project_id AS "projectId",
                    pr.name AS "projectName", cp.order_line_id AS "orderLineId", cp.reference, cp.notes, cp.version
               FROM (${ids}) page
               JOIN company_products cp ON cp.id = page.id
               JOIN products p ON p.id = cp.product_id
               LEFT JOIN articles a ON a.id = p.article_id
               LEFT JOIN projects pr ON pr.id = cp.project_id
              ${order}`;
}

export interface PortalFilter {
  page: number;
  perPage: number;
  projects?: readonly number[] | undefined;
  /** Type names; '' stands for rows without a type. */
  types?: readonly string[] | undefined;
}

/**
 * The portal's page: the company's products grouped by type name (no type last), then by id.
 * Two named statements (namedSql: the scope's text costs more to plan than to run): the page
 * (ids from company_products_type_idx, index-only, then the join) and the count.
 */
export async function portalPage(db: Database, actor: Actor, f: PortalFilter, locale: Locale) {
  const where: SQL[] = [scope.companyProduct(actor, 'cp')];
  if (f.projects?.length) where.push(sql`cp.project_id = ANY(${intArray(f.projects)})`);
  if (f.types?.length) {
    const named = f.types.filter((t) => t !== '');
    const parts: SQL[] = [];
    // The names travel as one JSON parameter: any text, no quoting of our own.
    if (named.length) {
      parts.push(sql`cp.type_name = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(named)}::jsonb)))`);
    }
    if (named.length !== f.types.length) parts.push(sql`cp.type_name IS NULL`);
    where.push(sql`(${sql.join(parts, sql` OR `)})`);
  }
  const cond = sql.join(where, sql` AND `);
  // LIMIT as text and OFFSET behind a sub-select: the custom and the generic plan then expect the
  // same rows, so PostgreSQL keeps the generic plan after five runs instead of planning each call.
  const ids = sql`SELECT cp.id, cp.type_name FROM company_products cp WHERE ${cond}
                   ORDER BY cp.type_name, cp.id LIMIT ${sql.raw(String(Math.trunc(f.perPage)))} OFFSET (SELECT ${(f.page - 1) * f.perPage}::int)`;
  const [rows, count] = await Promise.all([
    namedSql<CompanyProductRow>(db, 'portal_cp_page', joined(ids, sql`ORDER BY cp.type_name, cp.id`, locale)),
    namedSql<{ n: number }>(db, 'portal_cp_count', sql`SELECT count(*)::int AS n FROM company_products cp WHERE ${cond}`),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The filter choices of the portal: the company's visible projects with products, and the type names with counts. */
export async function portalFilters(db: DbOrTx, actor: Actor) {
  const cond = scope.companyProduct(actor, 'cp');
  const [projects, types] = await Promise.all([
    query<{ id: number; name: string }>(
      db,
      sql`SELECT DISTINCT pr.id, pr.name FROM company_products cp JOIN projects pr ON pr.id = cp.project_id
           WHERE ${cond} ORDER BY pr.name, pr.id`,
    ),
    query<{ name: string; count: number }>(
      db,
      sql`SELECT coalesce(cp.type_name, '') AS name, count(*)::int AS count FROM company_products cp
           WHERE ${cond} GROUP BY cp.type_name ORDER BY cp.type_name NULLS LAST`,
    ),
  ]);
  return { projects, types };
}

const SORTS: Record<string, string> = {
  type: 'cp.type_name, cp.id',
  name: 'lower(p.name_nl), cp.id',
  '-name': 'lower(p.name_nl) DESC, cp.id DESC',
  created: 'cp.id',
  '-created': 'cp.id DESC',
};

/** The back office's list of one company's products, searched on name, code and reference. */
export async function list(
  db: DbOrTx,
  actor: Actor,
  companyId: number,
  q: { page: number; perPage: number; q?: string | undefined; sort: string },
  locale: Locale,
) {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  const where = sql`cp.company_id = ${companyId} AND ${scope.companyProduct(actor, 'cp')}
    ${term ? sql`AND (p.name_nl ILIKE ${term} OR p.name_en ILIKE ${term} OR a.sku ILIKE ${term} OR cp.reference ILIKE ${term})` : sql``}`;
  const order = sql.raw(SORTS[q.sort] ?? 'cp.id');
  const from = sql`company_products cp JOIN products p ON p.id = cp.product_id LEFT JOIN articles a ON a.id = p.article_id`;
  const ids = sql`SELECT cp.id, cp.type_name, p.name_nl FROM ${from} WHERE ${where}
                   ORDER BY ${order} LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`;
  const [rows, count] = await Promise.all([
    query<CompanyProductRow>(
      db,
      joined(ids, sql`ORDER BY ${sql.raw((SORTS[q.sort] ?? 'cp.id').replaceAll('p.name_nl', 'page.name_nl'))}`, locale),
    ),
    query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function find(db: DbOrTx, actor: Actor, companyId: number, id: number, locale: Locale, lock = false) {
  const ids = sql`SELECT cp.id FROM company_products cp
                   WHERE cp.id = ${id} AND cp.company_id = ${companyId} AND ${scope.companyProduct(actor, 'cp')}
                   ${lock ? sql`FOR UPDATE` : sql``}`;
  const rows = await query<CompanyProductRow>(db, joined(ids, sql``, locale));
  return rows[0] ?? null;
}

export interface CompanyProductFields {
  productId: number;
  projectId: number | null;
  orderLineId: number | null;
  reference: string;
  notes: string;
}

/** The checks of a save, in one statement: the product exists, the project is one of the company's, the order line is the project's. */
export async function refsOk(db: DbOrTx, companyId: number, f: CompanyProductFields) {
  const rows = await query<{ product: boolean; project: boolean; orderLine: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM products WHERE id = ${f.productId}) AS product,
               (${f.projectId}::int IS NULL OR EXISTS (
                  SELECT 1 FROM project_companies pc JOIN projects pr ON pr.id = pc.project_id
                   WHERE pc.project_id = ${f.projectId} AND pc.company_id = ${companyId} AND pr.deleted_at IS NULL)) AS project,
               (${f.orderLineId}::int IS NULL OR EXISTS (
                  SELECT 1 FROM order_lines WHERE id = ${f.orderLineId} AND project_id = ${f.projectId})) AS "orderLine"`,
  );
  return rows[0] ?? { product: false, project: false, orderLine: false };
}

export async function insert(db: DbOrTx, companyId: number, f: CompanyProductFields, createdBy: number | null, now: Date) {
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO company_products (company_id, product_id, project_id, order_line_id, reference, notes, created_by, created_at, updated_at)
        VALUES (${companyId}, ${f.productId}, ${f.projectId}, ${f.orderLineId}, ${f.reference}, ${f.notes}, ${createdBy},
                ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('company product insert returned no id');
  return id;
}

export async function update(db: DbOrTx, id: number, version: number, f: CompanyProductFields, now: Date) {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE company_products
           SET product_id = ${f.productId}, project_id = ${f.projectId}, order_line_id = ${f.orderLineId},
               reference = ${f.reference}, notes = ${f.notes}, version = version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}

export async function remove(db: DbOrTx, id: number, version: number) {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM company_products WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}

/** Products to assign: by name or code, at most 20. */
export function productOptions(db: DbOrTx, q: string, locale: Locale) {
  const term = `%${escapeLike(q)}%`;
  const name = locale === 'en' ? sql`coalesce(nullif(p.name_en, ''), p.name_nl)` : sql`p.name_nl`;
  return query<{ id: number; name: string; code: string | null; typeName: string | null }>(
    db,
    sql`SELECT p.id, ${name} AS name, a.sku AS code, a.type_name AS "typeName"
          FROM products p LEFT JOIN articles a ON a.id = p.article_id
         WHERE ${q ? sql`(p.name_nl ILIKE ${term} OR p.name_en ILIKE ${term} OR a.sku ILIKE ${term})` : sql`true`}
         ORDER BY lower(p.name_nl), p.id LIMIT 20`,
  );
}
