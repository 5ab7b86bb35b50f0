import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { projectTemplates } from '../db/schema';

/**
 * The demo's two templates: a cabin deck of a cruise ship (a deck, 40 cabins each with a
 * bathroom and a balcony, a corridor and a pantry) and a hotel floor (a floor, 24 rooms each with a
 * bathroom, two suites, a corridor and a linen room). Loaded once with the demo projects, in a few
 * set-based statements. Sub-areas have no number: applying matches them by name under their area.
 * The sort order is the tree's (deck 0, area n × 10, its sub-areas n × 10 + 1, + 2), as a saved template's is.
 */
export async function seedTemplatesDemo(o: { db: Database; log?: FastifyBaseLogger }): Promise<void> {
  await o.db.orm.transaction(async (tx) => {
    const existing = await tx.select({ id: projectTemplates.id }).from(projectTemplates).limit(1);
    if (existing.length > 0) return;
    const [cabin] = await tx
      .insert(projectTemplates)
      .values({ title: 'Hutdek cruiseschip (40 hutten)' })
      .returning({ id: projectTemplates.id });
    const [hotel] = await tx
      .insert(projectTemplates)
      .values({ title: 'Hotelverdieping (24 kamers, 2 suites)' })
      .returning({ id: projectTemplates.id });
    if (!cabin || !hotel) throw new Error('demo templates not inserted');

    // The cabin deck: deck 9, cabins 9001-9040, a corridor and a pantry; each cabin a bathroom and a balcony.
    await tx.execute(sql`
      INSERT INTO template_areas (template_id, kind, number, name, area_type, sort_order)
      VALUES (${cabin.id}, 'deck', '9', 'Dek 9', 'deck', 0)`);
    await tx.execute(sql`
      INSERT INTO template_areas (template_id, parent_id, kind, number, name, area_type, sort_order)
      SELECT ${cabin.id}, d.id, 'area', x.number, x.name, x.type, x.ord * 10
        FROM template_areas d
        CROSS JOIN (
          SELECT (9000 + g)::text AS number, 'Hut ' || (9000 + g) AS name, 'Hut' AS type, g AS ord FROM generate_series(1, 40) g
          UNION ALL SELECT '9-GANG', 'Gang dek 9', 'Gang', 41
          UNION ALL SELECT '9-PANTRY', 'Pantry dek 9', 'Pantry', 42) x
       WHERE d.template_id = ${cabin.id} AND d.kind = 'deck'`);
    await tx.execute(sql`
      INSERT INTO template_areas (template_id, parent_id, kind, number, name, area_type, sort_order)
      SELECT ${cabin.id}, a.id, 'subarea', '', s.name, s.type, a.sort_order + s.ord
        FROM template_areas a
        CROSS JOIN (VALUES ('Badkamer', 'Badkamer', 1), ('Balkon', 'Balkon', 2)) s(name, type, ord)
       WHERE a.template_id = ${cabin.id} AND a.kind = 'area' AND a.area_type = 'Hut'`);

    // The hotel floor: floor 3, rooms 301-324 with a bathroom, suites 325 and 326, a corridor and a linen room.
    await tx.execute(sql`
      INSERT INTO template_areas (template_id, kind, number, name, area_type, sort_order)
      VALUES (${hotel.id}, 'deck', 'V3', 'Verdieping 3', 'verdieping', 0)`);
    await tx.execute(sql`
      INSERT INTO template_areas (template_id, parent_id, kind, number, name, area_type, sort_order)
      SELECT ${hotel.id}, d.id, 'area', x.number, x.name, x.type, x.ord * 10
        FROM template_areas d
        CROSS JOIN (
          SELECT (300 + g)::text AS number, 'Kamer ' || (300 + g) AS name, 'Hotelkamer' AS type, g AS ord FROM generate_series(1, 24) g
          UNION ALL SELECT '325', 'Suite 325', 'Suite', 25
          UNION ALL SELECT '326', 'Suite 326', 'Suite', 26
          UNION ALL SELECT 'V3-GANG', 'Gang verdieping 3', 'Gang', 27
          UNION ALL SELECT 'V3-LINNEN', 'Linnenkamer', 'Opslag', 28) x
       WHERE d.template_id = ${hotel.id} AND d.kind = 'deck'`);
    await tx.execute(sql`
      INSERT INTO template_areas (template_id, parent_id, kind, number, name, area_type, sort_order)
      SELECT ${hotel.id}, a.id, 'subarea', '', s.name, s.type, a.sort_order + s.ord
        FROM template_areas a
        JOIN (VALUES ('Hotelkamer', 'Badkamer', 'Badkamer', 1), ('Suite', 'Badkamer', 'Badkamer', 1),
                     ('Suite', 'Zithoek', 'Zithoek', 2)) s(parent_type, name, type, ord) ON s.parent_type = a.area_type
       WHERE a.template_id = ${hotel.id} AND a.kind = 'area'`);

    await tx.execute(sql`
      UPDATE project_templates t SET area_count = (SELECT count(*) FROM template_areas a WHERE a.template_id = t.id)
       WHERE t.id IN (${cabin.id}, ${hotel.id})`);
  });
  o.log?.info({ event: 'demo.templates' }, 'demo templates loaded');
}
