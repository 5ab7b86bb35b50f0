/**
 * One bench over everything at production size (`npm run bench -- --production [--pglite] [--scale F]`):
 * the sizes of the production data set and the seed that builds all of it in ONE database, each
 * part on the ids the earlier parts made (ids.ts). bench/run.ts runs every hot path on it; this
 * file also holds the parts that are not autocannon scenarios (G5, search, list exports), measured
 * on the same database before the HTTP rounds.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../apps/server/src/db/client.ts';
import { seedCatalogue } from './catalogue.ts';
import { firstRollup, G5_DAYS, seedEvents } from './g5.ts';
import { seedHours } from './hours.ts';
import type { BenchIds } from './ids.ts';
import { seedLeave } from './leave-card.ts';
import { PORTAL_COMPANIES, seedPortal } from './portal.ts';
import { PROJECT_SHAPE, type ProjectShape, seedProject } from './projects.ts';
import { fmt, log } from './report.ts';
import { SEARCH_SHAPE, seedSearch } from './search.ts';
import { seed } from './seed.ts';

/** On PGlite the events live in the memory of the one server process beside everything else: at most this many. */
export const PGLITE_EVENTS_CAP = 1_000_000;
/** Projects the other parts make beside the search's: the big one, the portal's 20, the hours' 20, the leave's one. */
const FIXED_PROJECTS = 1 + PORTAL_COMPANIES + 20 + 1;

export interface ProductionSizes {
  scale: number;
  /** Live articles in total: the catalogue's (through the app's sync) plus the portal's and the big project's own. */
  articles: number;
  catalogue: number;
  companies: number;
  portal: { companies: number; productsPerCompany: number };
  project: ProjectShape;
  /** Projects in total, and the search bench's share of them. */
  projects: number;
  searchProjects: number;
  /** project_areas rows (decks and areas) in total, and the search projects' share. */
  areaRows: number;
  searchAreaRows: number;
  /** People rows (employees and company users with accounts) in total. */
  people: number;
  /** The people with five years of hours and leave. */
  staff: number;
  events: number;
  /** Why a part is smaller on this driver than the scale says (printed, and in the README). */
  notes: string[];
}

/** The production data set times scale; PGlite holds at most PGLITE_EVENTS_CAP events. */
export function productionSizes(scale: number, driver: 'pg' | 'pglite'): ProductionSizes {
  const n = (full: number, min = 1) => Math.max(min, Math.round(full * scale));
  const decks = n(PROJECT_SHAPE.decks);
  const project = { ...PROJECT_SHAPE, decks };
  const bigRows = decks * (1 + project.areasPerDeck);
  const portal = { companies: PORTAL_COMPANIES, productsPerCompany: n(100_000 / PORTAL_COMPANIES, 50) };
  const articles = n(100_000, 2_000);
  const projects = Math.max(n(500), FIXED_PROJECTS);
  const searchProjects = projects - FIXED_PROJECTS;
  const areaRows = Math.max(n(6_000), bigRows + searchProjects * SEARCH_SHAPE.decks);
  const notes: string[] = [];
  let events = n(5_000_000, 10_000);
  if (driver === 'pglite' && events > PGLITE_EVENTS_CAP) {
    notes.push(
      `G5: ${fmt(PGLITE_EVENTS_CAP, 0)} events on PGlite instead of ${fmt(events, 0)}: PGlite keeps the whole database in the ` +
        'memory of the one server process (its files in an in-memory file system, its buffers in a WASM heap of at most 2 GB), ' +
        'beside 100,000 articles and the rest, and seeds, rolls up and scans them on its one Node thread; the report reads only ' +
        'the roll-up, so it does not depend on this count',
    );
    events = PGLITE_EVENTS_CAP;
  }
  return {
    scale,
    articles,
    catalogue: articles - portal.productsPerCompany - 50,
    companies: Math.max(PORTAL_COMPANIES + 1, n(200)),
    portal,
    project,
    projects,
    searchProjects,
    areaRows,
    searchAreaRows: areaRows - bigRows,
    people: Math.max(2_000, n(50_000)),
    staff: n(50, 2),
    events,
    notes,
  };
}

export interface ProductionSeed {
  ids: Partial<BenchIds>;
  /** Seconds per part. */
  timings: Record<string, number>;
  counts: Record<string, number>;
  notes: string[];
}

/**
 * The production data set on one migrated database, part by part, each on the ids the earlier
 * parts returned: the base (seed.ts, sizes.companies companies), the catalogue (first: the sync
 * soft-deletes articles missing from the ERP listing), the big project, the portal's company
 * products, the staff's leave and then their hours (the same people: the leave seed makes their
 * schedules, the hours seed books on them), the search bench's projects and people, and the
 * analytics events with the roll-up the job would have built.
 */
export async function seedProduction(db: Database, sizes: ProductionSizes): Promise<ProductionSeed> {
  const timings: Record<string, number> = {};
  const part = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const r = await fn();
    timings[name] = (performance.now() - t0) / 1000;
    log(`  seeded ${name} in ${fmt(timings[name] ?? 0, 1)} s`);
    return r;
  };
  const base = await part('base (companies, people, sessions)', () => seed(db, { companies: sizes.companies }));
  const cat = await part('catalogue (the app sync)', () => seedCatalogue(db, sizes.catalogue));
  const proj = await part('big project', () => seedProject(db, sizes.project));
  const portal = await part('portal company products', () =>
    seedPortal(db, {
      companyIds: base.ids.companyIds,
      companies: sizes.portal.companies,
      productsPerCompany: sizes.portal.productsPerCompany,
    }),
  );
  const staff = (await db.raw.query<{ id: number }>(`SELECT id FROM employees ORDER BY id LIMIT ${sizes.staff}`)).map(
    (r) => r.id,
  );
  const leave = await part('leave (5 years)', () => seedLeave(db, { employeeIds: staff }));
  const hours = await part('booked hours (5 years)', () => seedHours(db, { employeeIds: staff, schedules: false }));
  await part('search projects and people', () =>
    seedSearch(db, {
      projects: sizes.searchProjects,
      areaRows: sizes.searchAreaRows,
      decks: SEARCH_SHAPE.decks,
      tasksPerArea: SEARCH_SHAPE.tasksPerArea,
      people: sizes.people,
      skipCompanyProducts: portal.companyIds,
    }),
  );
  await part('analytics events', () => seedEvents(db, sizes.events, G5_DAYS, base.ids.companyIds));
  await part('analytics roll-up (first run)', () => firstRollup(db));
  const counts =
    (
      await db.raw.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM articles WHERE deleted_at IS NULL)::int AS articles,
              (SELECT count(*) FROM products)::int AS products,
              (SELECT count(*) FROM companies)::int AS companies,
              (SELECT count(*) FROM sessions)::int AS sessions,
              (SELECT count(*) FROM employees)::int + (SELECT count(*) FROM company_users)::int AS people,
              (SELECT count(*) FROM projects)::int AS projects,
              (SELECT count(*) FROM project_areas)::int AS "projectAreas",
              (SELECT count(*) FROM tasks)::int AS tasks,
              (SELECT count(*) FROM order_lines)::int AS "orderLines",
              (SELECT count(*) FROM company_products)::int AS "companyProducts",
              (SELECT count(*) FROM booked_hours)::int AS "bookedHours",
              (SELECT count(*) FROM leave_requests)::int AS "leaveRequests",
              (SELECT count(*) FROM leave_lines)::int AS "leaveLines",
              (SELECT count(*) FROM analytics_events)::int AS "analyticsEvents",
              (SELECT count(*) FROM analytics_daily)::int AS "analyticsDaily"`,
      )
    )[0] ?? {};
  log(
    `  catalogue ${cat.articles} articles, big project ${JSON.stringify(proj.counts)}, portal ${portal.companyProducts} rows, ` +
      `leave ${leave.requests} requests / ${leave.leaveLines} lines / ${leave.bookedHours} bookings, hours ${hours.bookedHours} bookings`,
  );
  return {
    ids: {
      ...base.ids,
      project: { id: proj.projectId, deckIds: proj.deckIds, areaIds: proj.areaIds },
      portal: { companyIds: portal.companyIds, offsets: portal.offsets },
      hours: { employeeIds: hours.employeeIds, filterProjectId: hours.filterProjectId },
      leave: { employeeIds: leave.employeeIds },
    },
    timings,
    counts,
    notes: sizes.notes,
  };
}

/** The sizes as one line. */
export function describeSizes(s: ProductionSizes): string {
  const f = (v: number) => fmt(v, 0);
  return (
    `scale ${s.scale}: ${f(s.articles)} articles (${f(s.catalogue)} through the sync), ${f(s.companies)} companies, ` +
    `${f(s.projects)} projects (${f(s.searchProjects)} search-style), ${f(s.areaRows)} project areas, big project ` +
    `${s.project.decks} decks x ${s.project.areasPerDeck} areas x ${s.project.tasksPerArea} tasks x ${s.project.subtasksPerTask} ` +
    `sub-tasks x ${s.project.linesPerSubtask} lines, portal ${s.portal.companies} companies x ${f(s.portal.productsPerCompany)} ` +
    `products, ${f(s.people)} people rows, ${s.staff} people with 5 years of hours and leave, ${f(s.events)} analytics events`
  );
}
