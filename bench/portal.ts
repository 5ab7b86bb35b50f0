import type { Database } from '../apps/server/src/db/client.ts';
import { benchIds, pick } from './ids.ts';

/**
 * G3 for the portal's company products: 5,000 products per company
 * over 100,000 rows. bench/seed.ts gives company user `cu` the company at offset `cu % C` of its C
 * companies; the companies with products are the ones with offset 1 to PORTAL_COMPANIES, so every
 * client session this bench draws belongs to a company with 5,000 products.
 */
export const PORTAL_COMPANIES = 20;
export const PRODUCTS_PER_COMPANY = 5_000;
/** The article types the products spread over (one product in 20 has none: the 'Unknown' group). */
export const PORTAL_TYPES = 10;
/** The filtered scenario's type: about a tenth of a company's products. */
export const PORTAL_FILTER_TYPE = 'Portal type 3';

export interface PortalSeed {
  companyProducts: number;
  products: number;
  /** The companies with products (the pickers' ids: ids.ts). */
  companyIds: number[];
  /** Their offsets in seed.ts's companies (id order), which their users' sessions follow. */
  offsets: number[];
}

/**
 * Seeds productsPerCompany articles and products (with types) and gives every one of them to
 * each of `companies` companies, seed.ts's companies at offsets 1..companies (companyIds: all of
 * seed.ts's companies in id order): half of a company's rows on a project of its own (all areas,
 * so the scope's project check runs), half on none. Returns the ids it used. Then VACUUM ANALYZE.
 */
export async function seedPortal(
  db: Database,
  opts: { companyIds?: number[]; companies?: number; productsPerCompany?: number } = {},
): Promise<PortalSeed> {
  const n = opts.companies ?? PORTAL_COMPANIES;
  const perCompany = opts.productsPerCompany ?? PRODUCTS_PER_COMPANY;
  const all = opts.companyIds ?? (await db.raw.query<{ id: number }>('SELECT id FROM companies ORDER BY id')).map((r) => r.id);
  const offsets = Array.from({ length: n }, (_, i) => 1 + i);
  const companyIds = offsets.map((o) => all[o]).filter((id): id is number => id !== undefined);
  if (companyIds.length !== n) throw new Error(`the portal seed needs ${n + 1} companies, there are ${all.length}`);
  await db.raw.exec(`
    INSERT INTO articles (erp_id, sku, name, status, type_name)
      SELECT 'bench-cp-' || g, 'CP-' || g, 'Portal article ' || g, 'active',
             CASE WHEN g % 20 = 0 THEN NULL ELSE 'Portal type ' || (g % ${PORTAL_TYPES}) END
        FROM generate_series(1, ${perCompany}) g;
    INSERT INTO products (article_id, slug, name_nl, name_en, sort_order, published)
      SELECT a.id, 'portal-product-' || a.id, 'Portaalproduct ' || a.id, 'Portal product ' || a.id, a.id, true
        FROM articles a WHERE a.erp_id LIKE 'bench-cp-%';
    INSERT INTO projects (name, status)
      SELECT 'Portal project ' || g, 'active' FROM generate_series(1, ${n}) g;
    INSERT INTO project_companies (project_id, company_id)
      SELECT p.id, (ARRAY[${companyIds.join(',')}]::int[])[substring(p.name FROM 'Portal project (\\d+)')::int]
        FROM projects p WHERE p.name LIKE 'Portal project %';
    INSERT INTO company_products (company_id, product_id, project_id, reference)
      SELECT pc.company_id, p.id, CASE WHEN p.id % 2 = 0 THEN pc.project_id END, 'REF-' || p.id
        FROM project_companies pc JOIN projects pr ON pr.id = pc.project_id AND pr.name LIKE 'Portal project %'
       CROSS JOIN products p WHERE p.slug LIKE 'portal-product-%';
  `);
  await db.raw.exec('VACUUM ANALYZE');
  if (db.driver === 'pg') await db.raw.exec('CHECKPOINT').catch(() => {});
  const counts = await db.raw.query<{ cp: number; products: number }>(
    `SELECT (SELECT count(*) FROM company_products WHERE company_id = ANY($1::int[]))::int AS cp,
            (SELECT count(*) FROM products WHERE slug LIKE 'portal-product-%')::int AS products`,
    [companyIds],
  );
  const c = counts[0];
  if (!c || c.cp !== n * perCompany) throw new Error(`portal seed produced ${JSON.stringify(c)}`);
  return { companyProducts: c.cp, products: c.products, companyIds, offsets };
}

/**
 * A random session of a company user whose company has products: seed.ts gives company user cu
 * the company at offset cu % C (C companies) and session g to account (g - 1) % (E + C'), the
 * company users' accounts after the E employees' in company-user id order, so company user cu has
 * the sessions g = E + cu + (E + C')k (C' company users).
 */
export function randomPortalSession(): number {
  const { employees: e, clients, sessions, companyIds, portal } = benchIds;
  const c = companyIds.length;
  const cu = c * Math.floor(Math.random() * Math.floor(clients / c)) + pick(portal.offsets);
  const k = Math.floor(Math.random() * (1 + Math.floor((sessions - e - cu) / (e + clients))));
  return e + cu + (e + clients) * k;
}

/** A random company with products, as the baseline takes it. */
export const randomPortalCompany = (): number => pick(benchIds.portal.companyIds);

// ---------------------------------------------------------------------------------------------
// Baselines (B-list on company_products): the page of 24 by hand in two named
// statements, without a session check, answering the same rows as the app: ids from the index,
// then the join; and the count.

interface BaselineRoutes {
  get(path: string, handler: (req: { query: unknown }) => Promise<unknown>): unknown;
}
interface BaselineQuery {
  query<R>(name: string, text: string, values: unknown[]): Promise<R[]>;
}

const PAGE = 24;
const JOINED = (ids: string) => `
SELECT cp.id, cp.company_id, cp.product_id, p.name_en AS product_name, a.sku AS code,
       (SELECT pm.media_id FROM product_media pm WHERE pm.product_id = p.id AND pm.role = 'gallery' ORDER BY pm.position LIMIT 1) AS thumb_id,
       cp.type_name, cp.project_id, pr.name AS project_name, cp.order_line_id, cp.reference
  FROM (${ids}) page
  JOIN company_products cp ON cp.id = page.id
  JOIN products p ON p.id = cp.product_id
  LEFT JOIN articles a ON a.id = p.article_id
  LEFT JOIN projects pr ON pr.id = cp.project_id
 ORDER BY cp.type_name, cp.id`;
const CP_SQL = JOINED(`SELECT id FROM company_products WHERE company_id = $1 ORDER BY type_name, id LIMIT ${PAGE} OFFSET $2`);
const CP_COUNT_SQL = 'SELECT count(*)::int AS n FROM company_products WHERE company_id = $1';
const CP_FILTER_SQL = JOINED(
  `SELECT id FROM company_products WHERE company_id = $1 AND type_name = $3 ORDER BY type_name, id LIMIT ${PAGE} OFFSET $2`,
);
const CP_FILTER_COUNT_SQL = 'SELECT count(*)::int AS n FROM company_products WHERE company_id = $1 AND type_name = $2';

/** GET /b/company-products?company=N&page=N[&type=T] */
export function registerPortalBaselines(app: BaselineRoutes, sql: BaselineQuery): void {
  app.get('/b/company-products', async (req) => {
    const q = req.query as { company?: string; page?: string; type?: string };
    const company = Number(q.company ?? 2);
    const page = Number(q.page ?? 1);
    const offset = (page - 1) * PAGE;
    const [rows, count] = await Promise.all(
      q.type
        ? [
            sql.query('b_cp_f', CP_FILTER_SQL, [company, offset, q.type]),
            sql.query<{ n: number }>('b_cp_fc', CP_FILTER_COUNT_SQL, [company, q.type]),
          ]
        : [sql.query('b_cp', CP_SQL, [company, offset]), sql.query<{ n: number }>('b_cp_c', CP_COUNT_SQL, [company])],
    );
    const total = count[0]?.n ?? 0;
    return { data: rows, meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / PAGE)), per_page: PAGE, total } };
  });
}
