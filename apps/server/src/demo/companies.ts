import { addDays, localDateString } from '@app/shared/platform/iso-week';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { refreshRollup } from '../features/analytics/analytics-rollup';
import { sanitizeRichText } from '../platform/rich-text';
import { query } from '../platform/sql';

/** People of the client companies besides the two demo sign-ins: invited, not yet accepted (or not invited). */
const MORE_USERS: Record<
  string,
  { first: string; insertion?: string; last: string; job: string; email: string; invited: boolean; locale?: 'en' }[]
> = {
  'Nordic Star Cruises': [
    { first: 'Lars', last: 'Eriksen', job: 'Hotel director', email: 'lars@nordicstar.test', invited: true, locale: 'en' },
    { first: 'Sofie', insertion: 'de', last: 'Graaf', job: 'Inkoper interieur', email: 'sofie@nordicstar.test', invited: false },
  ],
  'Dunes Leisure Resorts': [
    { first: 'Mila', last: 'Visser', job: 'Facilitair manager', email: 'mila@dunesleisure.test', invited: true },
  ],
  'Veluwe Bowling & Events': [
    { first: 'Ruud', last: 'Bakker', job: 'Eigenaar', email: 'ruud@veluwebowling.test', invited: true },
  ],
};

const POSTS = (company: string) =>
  [
    {
      title: 'Planning van de komende weken',
      body: `<h2>Waar we nu staan</h2><p>Beste ${company}, hieronder de stand van zaken. De <strong>hutten en suites</strong> die klaar zijn, zijn in het portaal als opgeleverd gemarkeerd.</p><ul><li>Plafonds en wanden: klaar</li><li>Meubilair: deze week</li><li>Oplevering: volgens planning</li></ul>`,
      days: -12,
      status: 'published',
    },
    {
      title: 'Nieuwe stalen in de showroom',
      body: '<p>De nieuwe stoffen en fineren voor het volgende seizoen liggen in onze showroom in Rotterdam. <a href="https://example.com/showroom">Maak een afspraak</a> om ze te bekijken.</p>',
      days: -3,
      status: 'published',
    },
    {
      title: 'Oplevering en nazorg',
      body: '<p>Na de oplevering lopen we samen alle ruimtes na. Punten die dan nog openstaan komen als ticket in het portaal.</p>',
      days: 5,
      status: 'published',
    },
    { title: 'Concept: evaluatie', body: '<p>Nog te schrijven.</p>', days: 0, status: 'draft' },
  ] as const;

/** Screens a portal user opens, with how often (relative). */
const SCREENS = [
  ['home', 6],
  ['projects.show', 4],
  ['project-areas.index', 3],
  ['project-areas.single', 3],
  ['company-products.index', 2],
  ['task', 1],
] as const;

/**
 * The client companies' side of the demo: more users per company (invited, not yet
 * accepted), Dunes Leisure Resorts limited to the first floor of its hotel (selected areas), the
 * products of each company's order lines assigned to it with its own references, news (published,
 * scheduled, a draft) and three months of page views and logins, folded into the daily figures.
 * Loaded once, when no company news exists.
 */
export async function seedCompaniesDemo(o: { db: Database; log?: FastifyBaseLogger; now?: Date }): Promise<void> {
  const now = o.now ?? new Date();
  const db = o.db.orm;
  const done = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM company_posts`);
  if ((done[0]?.n ?? 0) > 0) return;
  const companies = await query<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM companies WHERE deleted_at IS NULL ORDER BY id`,
  );
  await db.transaction(async (tx) => {
    for (const c of companies) {
      for (const u of MORE_USERS[c.name] ?? []) {
        await query(
          tx,
          sql`WITH cu AS (
                INSERT INTO company_users (company_id, first_name, insertion, last_name, job_title, invited_at)
                VALUES (${c.id}, ${u.first}, ${u.insertion ?? null}, ${u.last}, ${u.job},
                        ${u.invited ? new Date(now.getTime() - 5 * 86_400_000).toISOString() : null}::timestamptz)
                RETURNING id)
              INSERT INTO accounts (email, guardable_type, company_user_id, locale)
              SELECT ${u.email}, 'client', cu.id, ${u.locale ?? 'nl'} FROM cu
              ON CONFLICT DO NOTHING`,
        );
      }
      // Every product on the company's projects' order lines, assigned with the company's reference.
      await query(
        tx,
        sql`INSERT INTO company_products (company_id, product_id, project_id, order_line_id, reference)
            SELECT ${c.id}, x.product_id, x.project_id, x.order_line_id,
                   upper(left(regexp_replace(${c.name}, '[^A-Za-z]', '', 'g'), 3)) || '-' || lpad(row_number() OVER (ORDER BY x.order_line_id)::text, 3, '0')
              FROM (SELECT DISTINCT ON (ol.product_id, ol.project_id) ol.product_id, ol.project_id, ol.id AS order_line_id
                      FROM order_lines ol JOIN project_companies pc ON pc.project_id = ol.project_id AND pc.company_id = ${c.id}
                     WHERE ol.product_id IS NOT NULL
                     ORDER BY ol.product_id, ol.project_id, ol.id) x
            ON CONFLICT DO NOTHING`,
      );
      for (const p of POSTS(c.name)) {
        const at = p.status === 'published' ? new Date(now.getTime() + p.days * 86_400_000).toISOString() : null;
        await query(
          tx,
          sql`INSERT INTO company_posts (company_id, title, body_html, status, publish_at)
              VALUES (${c.id}, ${p.title}, ${sanitizeRichText(p.body)}, ${p.status}, ${at}::timestamptz)`,
        );
      }
    }
    // A few catalogue products for the cruise client that are on no order line yet.
    await query(
      tx,
      sql`INSERT INTO company_products (company_id, product_id, reference, notes)
          SELECT c.id, p.id, 'NSC-EXTRA-' || row_number() OVER (ORDER BY p.id), 'Voor de volgende werfperiode'
            FROM companies c CROSS JOIN LATERAL (SELECT id FROM products WHERE published ORDER BY id DESC LIMIT 8) p
           WHERE c.name = 'Nordic Star Cruises'
          ON CONFLICT DO NOTHING`,
    );
    // Dunes Leisure Resorts sees only the first floor of its hotel (selected areas).
    await query(
      tx,
      sql`WITH link AS (
            UPDATE project_companies pc SET all_areas = false
              FROM companies c, project_areas a
             WHERE c.id = pc.company_id AND c.name = 'Dunes Leisure Resorts'
               AND a.project_id = pc.project_id AND a.kind = 'deck' AND a.name = '1e verdieping'
            RETURNING pc.project_id, pc.company_id, a.id AS area_id)
          INSERT INTO company_project_areas (project_id, company_id, area_id) SELECT project_id, company_id, area_id FROM link`,
    );
    // Three months of portal use: page views on weekdays mostly, a login most working days.
    const from = addDays(localDateString(now), -90);
    const screens = SCREENS.flatMap(([name, weight]) => Array.from({ length: weight }, () => name));
    await query(
      tx,
      sql`INSERT INTO analytics_events (created_at, event_type, account_id, company_id, url, route_name)
          SELECT ts, kind, a.id, cu.company_id, NULL,
                 CASE WHEN kind = 'page_view' THEN (${`{${screens.join(',')}}`}::text[])[1 + (abs(hashtext(ts::text || a.id)) % ${screens.length})] END
            FROM accounts a JOIN company_users cu ON cu.id = a.company_user_id
            CROSS JOIN LATERAL generate_series(${from}::date, ${localDateString(now)}::date, interval '1 day') AS d(day)
            CROSS JOIN LATERAL (
              SELECT d.day + make_interval(hours => 8 + n % 9, mins => (n * 7) % 60) AS ts,
                     CASE WHEN n = 0 THEN 'login' ELSE 'page_view' END AS kind
                FROM generate_series(0, CASE WHEN extract(isodow FROM d.day) > 5 THEN 1 ELSE 3 + abs(hashtext(d.day::text || a.id)) % 9 END) AS n
               WHERE abs(hashtext(a.id || d.day::text)) % 4 <> 0) e
           WHERE a.password_hash IS NOT NULL`,
    );
  });
  await refreshRollup(o.db.orm, now);
  o.log?.info(
    { event: 'demo.companies', companies: companies.length },
    'demo company users, products, news and analytics loaded',
  );
}
