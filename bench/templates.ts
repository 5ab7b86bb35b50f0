/**
 * Templates: applying a 2,000-area template (10 decks × 200 areas, 2,010 rows) to an
 * empty project through the app's own job code (templates.service runApplication, the code path
 * of the pg-boss job: one transaction per batch of TEMPLATE_APPLY_BATCH rows, set-based inserts,
 * the progress written after every batch), then the same template again (every row skipped).
 * Each round uses a new project; the template is seeded once. Prints ms and rows/s per pass and
 * the medians. Information only, no goal is judged.
 *
 *   cd bench && node --import tsx templates.ts            # pg (BENCH_PG_URL or the local server)
 *   cd bench && node --import tsx templates.ts --pglite   # PGlite in memory
 *   options: --rounds N (3), --decks N (10), --per-deck N (200)
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { projects, projectTemplates, templateApplications } from '../apps/server/src/db/schema/index.ts';
import { runApplication } from '../apps/server/src/features/templates/templates.service.ts';
import { startBenchApp } from './catalogue.ts';
import { createPgDatabase } from './seed.ts';

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    decks: { type: 'string', default: '10' },
    'per-deck': { type: 'string', default: '200' },
  },
});
const rounds = Number(args.rounds);
const decks = Number(args.decks);
const perDeck = Number(args['per-deck']);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

async function main() {
  const pgDb = args.pglite ? null : await createPgDatabase(process.env.BENCH_PG_URL);
  const db = await openDatabase(pgDb ? { url: pgDb.url } : {});
  await migrate(db);
  const app = await startBenchApp(db);
  try {
    const total = decks + decks * perDeck;
    const [tpl] = await db.orm.insert(projectTemplates).values({ title: 'Bench', areaCount: total }).returning();
    if (!tpl) throw new Error('no template');
    await db.orm.execute(sql`
      INSERT INTO template_areas (template_id, kind, number, name, sort_order)
      SELECT ${tpl.id}, 'deck', d::text, 'Deck ' || d, d FROM generate_series(1, ${decks}) d`);
    await db.orm.execute(sql`
      INSERT INTO template_areas (template_id, parent_id, kind, number, name, area_type, sort_order)
      SELECT ${tpl.id}, t.id, 'area', (t.number::int * 10000 + g)::text, 'Cabin ' || (t.number::int * 10000 + g), 'cabin', g
        FROM template_areas t CROSS JOIN generate_series(1, ${perDeck}) g
       WHERE t.template_id = ${tpl.id} AND t.kind = 'deck'`);
    await db.orm.execute(sql`ANALYZE`);

    const apply = async (projectId: number) => {
      const [a] = await db.orm
        .insert(templateApplications)
        .values({ templateId: tpl.id, projectId, total })
        .returning({ id: templateApplications.id });
      if (!a) throw new Error('no application');
      const t0 = performance.now();
      await runApplication(app.platform, a.id);
      const ms = performance.now() - t0;
      const [row] = await db.orm.select().from(templateApplications).where(sql`id = ${a.id}`);
      if (row?.status !== 'done') throw new Error(`application ${a.id} ended ${row?.status}: ${row?.error}`);
      return { ms, created: row.created, skipped: row.skipped };
    };

    const first: number[] = [];
    const second: number[] = [];
    console.log(`templates: applying ${total} rows (${decks} decks × ${perDeck} areas) on ${db.driver}, ${rounds} rounds`);
    console.log('round  pass    created  skipped        ms     rows/s');
    for (let r = 1; r <= rounds; r++) {
      const [p] = await db.orm
        .insert(projects)
        .values({ name: `Bench ${r}` })
        .returning({ id: projects.id });
      if (!p) throw new Error('no project');
      const a = await apply(p.id);
      const b = await apply(p.id);
      first.push(a.ms);
      second.push(b.ms);
      for (const [name, x] of [
        ['empty', a],
        ['again', b],
      ] as const) {
        console.log(
          `${String(r).padStart(5)}  ${name.padEnd(6)} ${String(x.created).padStart(8)} ${String(x.skipped).padStart(8)} ${x.ms.toFixed(0).padStart(9)} ${Math.round(
            (total / x.ms) * 1000,
          )
            .toString()
            .padStart(10)}`,
        );
      }
    }
    const m1 = median(first);
    const m2 = median(second);
    console.log(`median into an empty project: ${m1.toFixed(0)} ms, ${Math.round((total / m1) * 1000)} rows/s`);
    console.log(`median again (all skipped):   ${m2.toFixed(0)} ms, ${Math.round((total / m2) * 1000)} rows/s`);
  } finally {
    await app.close();
    await db.close();
    await pgDb?.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
