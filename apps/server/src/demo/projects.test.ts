import { asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { readStored } from '../../test/helpers/storage';
import {
  companies,
  media,
  orderLines,
  projectAreas,
  projectCompanies,
  projectEvents,
  projectManagers,
  projectMembers,
  projects,
  subtasks,
  tasks,
  tickets,
} from '../db/schema';
import { createArticle, createProduct } from '../features/products/catalogue.fixtures';
import { cabinPlan, markerAt, planSvg, renderPlan, shipDeckPlan, strokeText } from './plans';
import { DEMO_PROJECTS, type ProjectsDemoResult, seedProjectsDemo } from './projects';
import { DEMO_ACCOUNTS, seedDemo } from './seed';

let tdb: TestDatabase;
let t: TestApp;
let result: ProjectsDemoResult;

/** The demo catalogue's products the projects order (the real catalogue is loaded by its own test). */
const PRODUCT_NAMES = [
  'Wandpaneel Fluted eiken',
  'Hutkast Cabin Line',
  'Hoofdbord Serenity',
  'Wandlamp Porthole',
  'Plafondsysteem Linear',
  'Tapijt Nordic Waves',
  'Stapelstoel Fjord',
  'Bistrotafel Marmo',
  'Hanglamp Lumen Dome',
  'Dekstoel Riviera',
  'Terrastafel Riviera',
  'Receptiebalie Atrium',
  'Akoestisch wandpaneel Silence',
  'Bankserie Havana – 3-zits',
  'Loungefauteuil Atlantic',
  'Salontafel Atoll',
  'Staande lamp Aurora',
  'Visgraatvloer eiken',
  'Dressoir Walnut Wave',
  'Barkruk Bosun',
  'Tapijt Deco Fan',
  'Hoofdbord Deco Channel',
  'Minibarmeubel Suite',
  'Bijzettafel Gatsby',
  'Tafellamp Bridge',
  'Gordijnstof Linnen dim-out',
  'Zitpoef Koraal',
  'Havana 2-zits',
];

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  await seedDemo(tdb.db);
  for (const nameNl of PRODUCT_NAMES) await createProduct(tdb.db, { nameNl, published: true });
  // ERP articles as a sync leaves them; 'Tapijttegel' is missing on purpose: its lines are left out.
  for (const name of [
    'Marine wandpaneel B15 Essen wit',
    'Scharnier soft-close Blum',
    'Nachtkastje Nordic eiken',
    'Plafondspot LED 2700K',
    'Loopermat antraciet',
    'Compact laminaat wit 12 mm',
    'Leeslamp Flex messing',
    'Wandlamp Halo zwart',
  ]) {
    await createArticle(tdb.db, { name });
  }
  result = await seedProjectsDemo({ db: tdb.db, storage: t.app.platform.storage });
}, 120_000);
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const n = sql<number>`count(*)::int`;
async function one(q: Promise<{ n: number }[]>): Promise<number> {
  return (await q)[0]?.n ?? 0;
}
async function projectId(key: keyof typeof DEMO_PROJECTS.names): Promise<number> {
  const rows = await tdb.db.orm.select({ id: projects.id }).from(projects).where(eq(projects.name, DEMO_PROJECTS.names[key]));
  return rows[0]?.id as number;
}

describe('seedProjectsDemo', () => {
  it('loads a ship refit, a hotel fit-out and an archived job, with their managers, members and client companies', async () => {
    expect(result).toMatchObject({ projects: 3, tickets: 8 });
    expect(result.areas).toBeGreaterThan(90);
    expect(result.tasks).toBeGreaterThan(250);
    expect(result.subtasks).toBeGreaterThan(result.tasks);
    expect(result.orderLines).toBeGreaterThan(result.subtasks / 2);
    console.info(`demo projects: ${JSON.stringify(result)}`);

    const rows = await tdb.db.orm.select().from(projects).orderBy(asc(projects.id));
    expect(rows.map((p) => [p.name, p.status, p.type, p.archivedAt !== null])).toEqual([
      [DEMO_PROJECTS.names.ship, 'active', 'preferred', false],
      [DEMO_PROJECTS.names.hotel, 'active', 'standard', false],
      [DEMO_PROJECTS.names.bowling, 'inactive', 'standard', true],
    ]);
    const links = await tdb.db.orm
      .select({ project: projects.name, company: companies.name })
      .from(projectCompanies)
      .innerJoin(projects, eq(projects.id, projectCompanies.projectId))
      .innerJoin(companies, eq(companies.id, projectCompanies.companyId))
      .orderBy(asc(projects.id));
    expect(links).toEqual([
      { project: DEMO_PROJECTS.names.ship, company: 'Nordic Star Cruises' },
      { project: DEMO_PROJECTS.names.hotel, company: 'Dunes Leisure Resorts' },
      { project: DEMO_PROJECTS.names.bowling, company: 'Veluwe Bowling & Events' },
    ]);
    for (const p of rows)
      expect(
        await one(tdb.db.orm.select({ n }).from(projectManagers).where(eq(projectManagers.projectId, p.id))),
      ).toBeGreaterThan(0);
    expect(await one(tdb.db.orm.select({ n }).from(projectMembers))).toBeGreaterThan(0);
    expect(rows[0]?.featuredMediaId).not.toBeNull();
  });

  it('gives the ship three decks with plans, 24 numbered cabins each, a corridor and an aft space, markers where they are drawn', async () => {
    const ship = await projectId('ship');
    const areas = await tdb.db.orm
      .select()
      .from(projectAreas)
      .where(eq(projectAreas.projectId, ship))
      .orderBy(asc(projectAreas.id));
    const decks = areas.filter((a) => a.kind === 'deck');
    expect(decks.map((d) => d.name)).toEqual(['Deck 4', 'Deck 5', 'Deck 6']);
    for (const deck of decks) {
      expect(deck.planMediaId, deck.name).not.toBeNull();
      const children = areas.filter((a) => a.parentId === deck.id);
      const cabins = children.filter((a) => a.areaType === 'Hut');
      const d = Number(deck.number);
      expect(cabins.map((c) => c.number)).toEqual(
        Array.from({ length: DEMO_PROJECTS.cabinsPerDeck }, (_, i) => String(d * 1000 + i + 1)),
      );
      expect(children.map((c) => c.areaType).sort()).toEqual(
        [...cabins.map(() => 'Hut'), 'Gang', d === 6 ? 'Pantry' : 'Mess'].sort(),
      );
      // Every marker lies inside its room as the deck plan draws it.
      const planSpec = shipDeckPlan('MS NOORDAM', d, { label: '' });
      for (const c of children) {
        const room = planSpec.rooms.find(
          (r) => r.key === (c.areaType === 'Hut' ? c.number : c.areaType === 'Gang' ? 'corridor' : 'aft'),
        );
        expect(room, c.name).toBeDefined();
        if (!room) continue;
        const x = (c.planX ?? -1) * planSpec.width;
        const y = (c.planY ?? -1) * planSpec.height;
        expect(x > room.x && x < room.x + room.w && y > room.y && y < room.y + room.h, `${c.name} at ${x},${y}`).toBe(true);
      }
      expect(new Set(children.map((c) => `${c.planX},${c.planY}`)).size).toBe(children.length);
    }
    // The detailed cabins: their type plan, a bathroom (and a balcony for type A) placed on it, their tasks too.
    for (const number of DEMO_PROJECTS.detailedCabins) {
      const cabin = areas.find((a) => a.kind === 'area' && a.number === number);
      expect(cabin?.planMediaId, number).not.toBeNull();
      const subs = areas.filter((a) => a.parentId === cabin?.id);
      expect(
        subs.map((s) => s.name),
        number,
      ).toEqual(Number(number) % 2 ? ['Badkamer', 'Balkon'] : ['Badkamer']);
      for (const s of subs) expect([s.kind, s.planX !== null, s.planY !== null]).toEqual(['subarea', true, true]);
      const cabinTasks = await tdb.db.orm
        .select()
        .from(tasks)
        .where(eq(tasks.areaId, cabin?.id as number));
      expect(cabinTasks.map((x) => x.name)).toEqual(['Wandpanelen monteren', 'Meubilair plaatsen', 'Verlichting aansluiten']);
      for (const x of cabinTasks) expect(x.planX !== null && x.planY !== null, x.name).toBe(true);
    }
  });

  it('keeps the statuses consistent: open_ticket exactly where a ticket is open, done work closed through and through', async () => {
    const allTasks = await tdb.db.orm.select().from(tasks);
    const openTickets = await tdb.db.orm.select().from(tickets).where(eq(tickets.status, 'open'));
    const openOn = new Set(openTickets.map((x) => x.taskId).filter((id) => id !== null));
    expect(openOn.size).toBe(DEMO_PROJECTS.openTicketsOnTasks);
    for (const task of allTasks) {
      expect(task.status === 'open_ticket', `task ${task.id} ${task.name}`).toBe(openOn.has(task.id));
      expect(task.statusBeforeTicket !== null).toBe(task.status === 'open_ticket');
      expect(task.completedAt !== null).toBe(task.status === 'completed' || task.statusBeforeTicket === 'completed');
    }
    // One open ticket waits on pending work, one on finished work: both ways back are shown.
    expect(new Set(allTasks.filter((x) => x.status === 'open_ticket').map((x) => x.statusBeforeTicket))).toEqual(
      new Set(['pending', 'completed']),
    );
    // A completed task has every sub-task closed; a closed sub-task has its date.
    const subs = await tdb.db.orm.select().from(subtasks);
    const done = new Set(allTasks.filter((x) => x.completedAt !== null).map((x) => x.id));
    for (const s of subs) {
      if (done.has(s.taskId)) expect(s.status, `subtask ${s.id}`).toBe('closed');
      expect(s.closedAt !== null).toBe(s.status === 'closed');
    }
    expect(subs.some((s) => s.status === 'closed' && !done.has(s.taskId))).toBe(true);
    // A completed area has all its tasks completed (not in open_ticket) and its sub-areas completed.
    const areas = await tdb.db.orm.select().from(projectAreas);
    for (const a of areas.filter((x) => x.status === 'completed')) {
      expect(a.completedAt).not.toBeNull();
      const own = allTasks.filter((x) => x.areaId === a.id);
      expect(own.length, a.name).toBeGreaterThan(0);
      expect(
        own.every((x) => x.status === 'completed'),
        a.name,
      ).toBe(true);
      expect(
        areas.filter((c) => c.parentId === a.id).every((c) => c.status === 'completed'),
        a.name,
      ).toBe(true);
    }
    expect(areas.filter((a) => a.status === 'completed').length).toBeGreaterThan(20);
    // Every order line names a product or an article that exists; the missing article's lines were left out.
    const lines = await tdb.db.orm.select().from(orderLines);
    expect(lines.every((l) => (l.productId === null) !== (l.articleId === null))).toBe(true);
    expect(lines.some((l) => l.articleId !== null) && lines.some((l) => l.productId !== null)).toBe(true);
    const messFloor = await tdb.db.orm
      .select({ n })
      .from(orderLines)
      .innerJoin(subtasks, eq(subtasks.id, orderLines.subtaskId))
      .where(eq(subtasks.name, 'Tapijttegels leggen'));
    expect(messFloor[0]?.n).toBe(3); // the loopermat on each deck; the tiles have no article in this ERP
  });

  it('writes the feed of what was done, in the order it happened', async () => {
    const events = await tdb.db.orm.select().from(projectEvents).orderBy(asc(projectEvents.id));
    expect(events.length).toBe(result.feedEvents);
    const count = (kind: string) => events.filter((e) => e.kind === kind).length;
    const allTasks = await tdb.db.orm.select().from(tasks);
    expect(count('task.completed')).toBe(allTasks.filter((x) => x.completedAt !== null).length);
    expect(count('subtask.completed')).toBe(
      await one(tdb.db.orm.select({ n }).from(subtasks).where(eq(subtasks.status, 'closed'))),
    );
    expect(count('area.completed')).toBe(
      await one(tdb.db.orm.select({ n }).from(projectAreas).where(eq(projectAreas.status, 'completed'))),
    );
    expect(count('ticket.created')).toBe(result.tickets);
    expect(count('ticket.updated')).toBe(await one(tdb.db.orm.select({ n }).from(tickets).where(eq(tickets.status, 'closed'))));
    for (let i = 1; i < events.length; i++) {
      expect((events[i]?.createdAt.getTime() ?? 0) >= (events[i - 1]?.createdAt.getTime() ?? 0)).toBe(true);
    }
    // Task and sub-task events name their task and area; the ticket events their task when they have one.
    const taskIds = new Set(allTasks.map((x) => x.id));
    for (const e of events.filter((x) => x.subjectType === 'task' || x.subjectType === 'subtask')) {
      expect(taskIds.has(e.taskId as number)).toBe(true);
      expect(e.areaId).not.toBeNull();
    }
  });

  it('stores the plans the way an upload is stored: a PNG original with WebP versions, served to staff', async () => {
    const rows = await tdb.db.orm.select().from(media).orderBy(asc(media.id));
    expect(rows.length).toBe(result.plans);
    const storage = t.app.platform.storage;
    for (const m of rows) {
      const original = await readStored(storage, m.storageKey);
      const meta = await sharp(original).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', m.width, m.height]);
      expect((await sharp(await readStored(storage, `${m.storageKey}.thumb.webp`)).metadata()).width).toBe(400);
    }
    expect(new Set(rows.map((m) => m.storageKey)).size).toBe(rows.length);
    const agent = t.agent();
    await agent.login(DEMO_ACCOUNTS.projectManager.email, DEMO_ACCOUNTS.projectManager.password);
    const deck = (await tdb.db.orm.select().from(projectAreas).where(eq(projectAreas.name, 'Deck 5')))[0];
    const res = await agent.get(`/api/media/${deck?.planMediaId}/thumb`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('works with the ticket rules: closing the open ticket on pending work returns its task to pending', async () => {
    const agent = t.agent();
    await agent.login(DEMO_ACCOUNTS.projectManager.email, DEMO_ACCOUNTS.projectManager.password);
    const list = (await agent.get('/api/tickets?tab=open')).json();
    expect(list.meta.total).toBe(4);
    expect(list.data.map((x: { project: { name: string } }) => x.project.name)).not.toContain(DEMO_PROJECTS.names.bowling);
    const onPending = await tdb.db.orm
      .select({ ticket: tickets.id, version: tickets.version, task: tasks.id, project: tickets.projectId })
      .from(tickets)
      .innerJoin(tasks, eq(tasks.id, tickets.taskId))
      .where(sql`${tickets.status} = 'open' AND ${tasks.statusBeforeTicket} = 'pending'`);
    const target = onPending[0];
    expect(target).toBeDefined();
    const res = await agent.post(`/api/projects/${target?.project}/tickets/${target?.ticket}/close`, {
      version: target?.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const task = (
      await tdb.db.orm
        .select()
        .from(tasks)
        .where(eq(tasks.id, target?.task as number))
    )[0];
    expect(task).toMatchObject({ status: 'pending', statusBeforeTicket: null });
  });

  it('does nothing on a second run: projects exist', async () => {
    const before = await one(tdb.db.orm.select({ n }).from(projectAreas));
    const again = await seedProjectsDemo({ db: tdb.db, storage: t.app.platform.storage });
    expect(again).toMatchObject({ projects: 0, areas: 0, plans: 0 });
    expect(await one(tdb.db.orm.select({ n }).from(projectAreas))).toBe(before);
    expect(
      await one(
        tdb.db.orm
          .select({ n })
          .from(projects)
          .where(inArray(projects.name, Object.values(DEMO_PROJECTS.names))),
      ),
    ).toBe(3);
  });
});

describe('floor plans drawn in code', () => {
  it('draws each plan as a PNG of its size, the same bytes every time, with real content', async () => {
    for (const spec of [shipDeckPlan('MS NOORDAM', 5, { label: 'Crew mess' }), cabinPlan('MS NOORDAM', 'A')]) {
      const png = await renderPlan(spec);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', spec.width, spec.height]);
      expect((await renderPlan(spec)).equals(png)).toBe(true);
      const stats = await sharp(png).stats();
      expect(stats.channels[0]?.stdev).toBeGreaterThan(10);
    }
  });

  it('labels with its own stroke font and places markers at room centres, as fractions', () => {
    const spec = shipDeckPlan('MS NOORDAM', 5, { label: 'Crew mess' });
    expect(markerAt(spec, '5001')).toEqual({ x: 0.2109, y: 0.2833 });
    expect(() => markerAt(spec, 'nowhere')).toThrow(/nowhere/);
    expect(strokeText('5001', 0, 0, 12)).toMatch(/^<path d="M[^"]+" fill="none"/);
    expect(planSvg(spec)).not.toMatch(/<text/);
  });
});
