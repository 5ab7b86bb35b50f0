import type { Locale } from '@app/shared/platform/locale';
import type { SearchKind } from '@app/shared/search/search';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { can } from '../../platform/can';
import { namedSql } from '../../platform/named-query';
import { areaLabelSql, personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike } from '../../platform/sql';

/**
 * One search for everything. Each kind is one parenthesised SELECT with its own LIMIT,
 * filtered with `lower(expr) LIKE '%term%'` (served by a trigram GIN index on the same expression,
 * migration 0023) and ranked prefix match first, then trigram similarity; the kinds the actor may
 * see are joined with UNION ALL into one statement. Every branch ANDs its aggregate's scope
 * (platform/scope/), so the portal view finds exactly what its own pages show, and staff a kind
 * only with its view right (the branch is left out without it).
 */

export interface SearchRow {
  kind: SearchKind;
  id: number;
  title: string;
  subtitle: string;
  projectId: number | null;
  areaId: number | null;
  companyId: number | null;
}

/** A person's full name as the trigram indexes on employees and company_users hold it (lower-cased there). */
const personName = (alias: string) =>
  sql.raw(`(${alias}.first_name || ' ' || coalesce(nullif(${alias}.insertion, '') || ' ', '') || ${alias}.last_name)`);

const PROJECT_STAFF = ['projects.view', 'projects.manage'] as const;
const COMPANY_STAFF = ['companies.manage', 'companies.act-as-client'] as const;

/**
 * The term's patterns, each an uncorrelated sub-select of its parameter (`(SELECT $1::text)`): the
 * planner cannot read the pattern at plan time, so every plan costs the same as the generic one
 * and PostgreSQL keeps the named statement's generic plan after its first runs, instead of planning
 * the whole union again per term (planning it cost more than running it; bench/search.ts). The
 * trigram indexes still serve the patterns (index conditions may use such values at run time).
 */
interface Terms {
  /** '%term%', LIKE-escaped and lower-cased. */
  contains: SQL;
  /** 'term%'. */
  prefix: SQL;
  /** The lower-cased term, for similarity(). */
  term: SQL;
  /** The per-kind limit, written into the text (1-20: the query schema's range), so the generic plan knows it. */
  limit: SQL;
}

/**
 * How many matching rows a kind ranks at most. A short common term ("stoel") matches thousands of
 * articles; ranking all of them costs more than the search may take, and any of them contains the
 * term. So each kind takes the first CANDIDATES rows the trigram index finds (prefix matches first,
 * from an anchored LIKE the same index serves) and ranks only those.
 */
const CANDIDATES_SQL = sql.raw('100');

const OUT = sql.raw(`kind, id, title, subtitle, "projectId", "areaId", "companyId"`);

/**
 * One kind's hits: `select` (the output columns, see cols) over `from` (FROM … WHERE scope …),
 * matched on `lower(expr) LIKE '%term%'` and ranked by a prefix match first, then trigram
 * similarity, then the text and id (stable).
 */
function ranked(select: SQL, from: SQL, expr: SQL, t: Terms): SQL {
  const rank = sql`(lower(${expr}) LIKE ${t.prefix}) AS pre, similarity(lower(${expr}), ${t.term}) AS sim, lower(${expr}) AS txt`;
  return sql`SELECT ${OUT} FROM (
      (SELECT ${select}, ${rank} ${from} AND lower(${expr}) LIKE ${t.prefix} LIMIT ${t.limit})
      UNION
      (SELECT ${select}, ${rank} ${from} AND lower(${expr}) LIKE ${t.contains} LIMIT ${CANDIDATES_SQL})) c
    ORDER BY pre DESC, sim DESC, txt, id LIMIT ${t.limit}`;
}

type Branch = (actor: Actor, t: Terms, locale: Locale) => SQL | null;

const cols = (kind: SearchKind, id: string, title: SQL | string, subtitle: SQL | string, more: string) =>
  sql`${kind}::text AS kind, ${sql.raw(id)} AS id, ${typeof title === 'string' ? sql.raw(title) : title} AS title,
      coalesce(${typeof subtitle === 'string' ? sql.raw(subtitle) : subtitle}, '') AS subtitle, ${sql.raw(more)}`;

/** The projects a portal view's company is attached to that are live: an uncorrelated list the planner hashes once. */
const portalProjects = (actor: Actor) =>
  actor.kind === 'client'
    ? sql`IN (SELECT pc_s.project_id FROM project_companies pc_s JOIN projects p_s ON p_s.id = pc_s.project_id
               WHERE pc_s.company_id = ${actor.companyId} AND p_s.deleted_at IS NULL)`
    : null;

const BRANCHES: Record<SearchKind, Branch> = {
  project(actor, t) {
    if (actor.kind !== 'client' && !can(actor, PROJECT_STAFF)) return null;
    return ranked(
      cols(
        'project',
        'p.id',
        'p.name',
        actor.kind === 'client' ? `''` : 'p.trimit_id',
        'p.id AS "projectId", NULL::int AS "areaId", NULL::int AS "companyId"',
      ),
      sql`FROM projects p WHERE p.deleted_at IS NULL AND ${scope.project(actor, sql.raw('p.id'))}`,
      sql.raw('p.name'),
      t,
    );
  },

  area(actor, t) {
    if (actor.kind !== 'client' && !can(actor, PROJECT_STAFF)) return null;
    const own = portalProjects(actor);
    return ranked(
      cols(
        'area',
        'a.id',
        areaLabelSql('a'),
        'p.name',
        'a.project_id AS "projectId", a.id AS "areaId", NULL::int AS "companyId"',
      ),
      sql`FROM project_areas a JOIN projects p ON p.id = a.project_id AND p.deleted_at IS NULL
          WHERE ${scope.area(actor, sql.raw('a.project_id'), sql.raw('a.id'))} ${own ? sql`AND a.project_id ${own}` : sql``}`,
      sql.raw('a.name'),
      t,
    );
  },

  task(actor, t) {
    if (actor.kind !== 'client' && !can(actor, PROJECT_STAFF)) return null;
    const own = portalProjects(actor);
    return ranked(
      cols(
        'task',
        't.id',
        't.name',
        sql`p.name || ' · ' || ${areaLabelSql('a')}`,
        't.project_id AS "projectId", t.area_id AS "areaId", NULL::int AS "companyId"',
      ),
      sql`FROM tasks t JOIN projects p ON p.id = t.project_id AND p.deleted_at IS NULL
            JOIN project_areas a ON a.id = t.area_id
          WHERE ${scope.area(actor, sql.raw('t.project_id'), sql.raw('t.area_id'))} ${own ? sql`AND t.project_id ${own}` : sql``}`,
      sql.raw('t.name'),
      t,
    );
  },

  // The portal has no ticket pages: tickets are staff-only.
  ticket(actor, t) {
    if (actor.kind !== 'employee' || !can(actor, PROJECT_STAFF)) return null;
    return ranked(
      cols(
        'ticket',
        'tk.id',
        'left(tk.description, 120)',
        'p.name',
        'tk.project_id AS "projectId", NULL::int AS "areaId", NULL::int AS "companyId"',
      ),
      sql`FROM tickets tk JOIN projects p ON p.id = tk.project_id AND p.deleted_at IS NULL
          WHERE ${scope.project(actor, sql.raw('tk.project_id'))}`,
      sql.raw('tk.description'),
      t,
    );
  },

  drawing(actor, t) {
    if (actor.kind !== 'client' && !can(actor, PROJECT_STAFF)) return null;
    const subtitle = actor.kind === 'client' ? 'p.name' : `p.name || ' · ' || c.name`;
    return ranked(
      cols(
        'drawing',
        'd.id',
        'd.name',
        subtitle,
        'd.project_id AS "projectId", NULL::int AS "areaId", d.company_id AS "companyId"',
      ),
      sql`FROM drawings d JOIN projects p ON p.id = d.project_id AND p.deleted_at IS NULL
            JOIN companies c ON c.id = d.company_id
          WHERE d.deleted_at IS NULL
            AND ${scope.drawing(actor, sql.raw('d.project_id'), sql.raw('d.company_id'), sql.raw('d.deleted_at'), sql.raw('d.area_id'))}`,
      sql.raw('d.name'),
      t,
    );
  },

  // Staff: catalogue products (products.manage), by the name in the reader's language. The portal
  // view: the company's own products (company_products, scope.companyProduct, the product-files
  // pages), by the product's name.
  product(actor, t, locale) {
    const name = locale === 'en' ? sql.raw(`coalesce(nullif(pr.name_en, ''), pr.name_nl)`) : sql.raw('pr.name_nl');
    const expr = locale === 'en' ? sql.raw('pr.name_en') : sql.raw('pr.name_nl');
    if (actor.kind === 'client') {
      return ranked(
        cols(
          'product',
          'cp.id',
          name,
          'cp.reference',
          'cp.project_id AS "projectId", NULL::int AS "areaId", cp.company_id AS "companyId"',
        ),
        sql`FROM company_products cp JOIN products pr ON pr.id = cp.product_id
            WHERE cp.company_id = ${actor.companyId} AND ${scope.companyProduct(actor, 'cp')}`,
        expr,
        t,
      );
    }
    if (!can(actor, 'products.manage')) return null;
    return ranked(
      cols('product', 'pr.id', name, 'a.sku', 'NULL::int AS "projectId", NULL::int AS "areaId", NULL::int AS "companyId"'),
      sql`FROM products pr LEFT JOIN articles a ON a.id = pr.article_id WHERE true`,
      expr,
      t,
    );
  },

  // Articles: by name, or by SKU (the articles list's own trigram indexes, migration 0004).
  article(actor, t) {
    if (actor.kind !== 'employee' || !can(actor, 'articles.view')) return null;
    const select = cols(
      'article',
      'a.id',
      'a.name',
      'a.sku',
      'NULL::int AS "projectId", NULL::int AS "areaId", NULL::int AS "companyId"',
    );
    const rank = sql`(lower(a.sku) LIKE ${t.prefix} OR lower(a.name) LIKE ${t.prefix}) AS pre,
                     greatest(similarity(lower(a.name), ${t.term}), similarity(lower(a.sku), ${t.term})) AS sim, lower(a.name) AS txt`;
    return sql`SELECT ${OUT} FROM (
        (SELECT ${select}, ${rank} FROM articles a WHERE a.deleted_at IS NULL AND a.sku ILIKE ${t.prefix} LIMIT ${t.limit})
        UNION
        (SELECT ${select}, ${rank} FROM articles a WHERE a.deleted_at IS NULL AND a.name ILIKE ${t.prefix} LIMIT ${t.limit})
        UNION
        (SELECT ${select}, ${rank} FROM articles a
          WHERE a.deleted_at IS NULL AND (a.name ILIKE ${t.contains} OR a.sku ILIKE ${t.contains}) LIMIT ${CANDIDATES_SQL})) c
      ORDER BY pre DESC, sim DESC, txt, id LIMIT ${t.limit}`;
  },

  company(actor, t) {
    if (actor.kind !== 'employee' || !can(actor, COMPANY_STAFF)) return null;
    return ranked(
      cols('company', 'c.id', 'c.name', 'c.city', 'NULL::int AS "projectId", NULL::int AS "areaId", c.id AS "companyId"'),
      sql`FROM companies c WHERE c.deleted_at IS NULL AND ${scope.company(actor, sql.raw('c.id'))}`,
      sql.raw('c.name'),
      t,
    );
  },

  // People: staff who may see employees find employees (id = the employee, as users/:userId), and
  // account managers (companies.manage) the companies' users too; the portal view the people of
  // its own company who can sign in (its users page).
  person(actor, t) {
    const displayCu = personNameSql('cu');
    if (actor.kind === 'client') {
      return ranked(
        cols(
          'person',
          'cu.id',
          displayCu,
          'cu.job_title',
          'NULL::int AS "projectId", NULL::int AS "areaId", cu.company_id AS "companyId"',
        ),
        sql`FROM company_users cu JOIN accounts ac ON ac.company_user_id = cu.id AND ac.status = 'active'
            WHERE cu.company_id = ${actor.companyId} AND ${scope.company(actor, sql.raw('cu.company_id'))}`,
        personName('cu'),
        t,
      );
    }
    // Staff: both sources ranked together, the best `limit` of them.
    const parts: SQL[] = [];
    if (can(actor, PEOPLE_RIGHTS.viewEmployees)) {
      const display = personNameSql('e');
      parts.push(
        ranked(
          cols(
            'person',
            'e.id',
            display,
            'e.function',
            'NULL::int AS "projectId", NULL::int AS "areaId", NULL::int AS "companyId"',
          ),
          sql`FROM employees e WHERE e.deleted_at IS NULL AND ${scope.employeeRecord(actor, sql.raw('e.id'), 'viewEmployees')}`,
          personName('e'),
          t,
        ),
      );
    }
    if (can(actor, 'companies.manage')) {
      parts.push(
        ranked(
          cols(
            'person',
            'cu.id',
            displayCu,
            'c.name',
            'NULL::int AS "projectId", NULL::int AS "areaId", cu.company_id AS "companyId"',
          ),
          sql`FROM company_users cu JOIN companies c ON c.id = cu.company_id AND c.deleted_at IS NULL
              WHERE ${scope.company(actor, sql.raw('cu.company_id'))}`,
          personName('cu'),
          t,
        ),
      );
    }
    if (parts.length === 0) return null;
    if (parts.length === 1) return parts[0] as SQL;
    // Each part is already ranked; keep the order of the parts' own ranking by re-ranking on the text.
    return sql`SELECT ${OUT} FROM ((${parts[0] as SQL}) UNION ALL (${parts[1] as SQL})) people_s
                ORDER BY (lower(title) LIKE ${t.prefix}) DESC, similarity(lower(title), ${t.term}) DESC, lower(title),
                         "companyId" NULLS FIRST, id
                LIMIT ${t.limit}`;
  },
};

interface SearchInput {
  term: string;
  kinds: readonly SearchKind[];
  limit: number;
  locale: Locale;
}

/** The one statement: a UNION ALL of the branches the actor may see, or null when there is none (the bench EXPLAINs it). */
export function searchSql(actor: Actor, q: SearchInput): SQL | null {
  const term = q.term.toLowerCase();
  const escaped = escapeLike(term);
  if (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > 100) throw new Error('search limit out of range');
  const t: Terms = {
    contains: sql`(SELECT ${`%${escaped}%`}::text)`,
    prefix: sql`(SELECT ${`${escaped}%`}::text)`,
    term: sql`(SELECT ${term}::text)`,
    limit: sql.raw(String(q.limit)),
  };
  const parts: SQL[] = [];
  for (const kind of q.kinds) {
    const branch = BRANCHES[kind](actor, t, q.locale);
    if (branch) parts.push(sql`(${branch})`);
  }
  return parts.length === 0 ? null : sql.join(parts, sql` UNION ALL `);
}

/**
 * The hits of every kind the actor may see (or of `kinds`), at most `limit` per kind, in one
 * named statement: its text depends only on the kinds, the rights and the limit (the term and the
 * company are parameters), so each shape is planned once per connection (see Terms).
 */
export async function search(db: Database, actor: Actor, q: SearchInput): Promise<SearchRow[]> {
  const statement = searchSql(actor, q);
  return statement ? namedSql<SearchRow>(db, 'search', statement) : [];
}
