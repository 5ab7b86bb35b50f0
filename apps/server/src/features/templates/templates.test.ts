import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import { projectTemplates, templateApplications, templateAreas } from '../../db/schema';
import { DEAD_AFTER_MS } from '../../platform/run-heartbeat';
import { LOCK_TEMPLATE_APPLY, query } from '../../platform/sql';
import { createAreaRow, createProjectRow } from '../projects/projects.fixtures';
import { resumeDeadApplications, runApplication } from './templates.service';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let viewer: Agent;
let noPerm: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;
let companyId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'] },
      viewer: { permissions: ['projects.view'] },
      noPerm: { permissions: ['products.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'projects.manage', 'projects.view'] } },
    anon: true,
  });
  ({ manager, viewer, noPerm, client, acting, anon } = cast);
  companyId = cast.companies.company.id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const MISSING = 2147483000;

/** A project with two decks, three areas (one without a deck) and two sub-areas, attached to the test company. */
async function sourceProject() {
  const p = await createProjectRow(tdb.db, { companyIds: [companyId] });
  const d5 = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Deck 5' });
  const d6 = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '', name: 'Sundeck' });
  const a1 = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: d5.id, number: '5001', name: 'Cabin 5001' });
  await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: d6.id, number: '', name: 'Pool bar' });
  await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: null, number: 'L1', name: 'Lobby' });
  await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: a1.id, number: '5001-B', name: 'Bathroom' });
  await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: a1.id, number: '', name: 'Balcony' });
  return { projectId: p.id };
}

/** A template of `decks` decks × `per` areas, written directly (set-based). */
async function seedTemplate(title: string, decks: number, per: number): Promise<number> {
  const [tpl] = await tdb.db.orm
    .insert(projectTemplates)
    .values({ title, areaCount: decks + decks * per })
    .returning();
  if (!tpl) throw new Error('no template');
  await tdb.db.orm.execute(sql`
    INSERT INTO template_areas (template_id, kind, number, name, sort_order)
    SELECT ${tpl.id}, 'deck', d::text, 'Deck ' || d, d FROM generate_series(1, ${decks}) d`);
  await tdb.db.orm.execute(sql`
    INSERT INTO template_areas (template_id, parent_id, kind, number, name, area_type, sort_order)
    SELECT ${tpl.id}, t.id, 'area', (t.number::int * 1000 + g)::text, 'Cabin ' || (t.number::int * 1000 + g), 'cabin', g
      FROM template_areas t CROSS JOIN generate_series(1, ${per}) g
     WHERE t.template_id = ${tpl.id} AND t.kind = 'deck'`);
  return tpl.id;
}

/** The project's tree as comparable rows: kind, number, name, type and the parent's number or name, in tree order. */
async function tree(projectId: number) {
  return query<{ kind: string; number: string; name: string; type: string; parent: string | null }>(
    tdb.db.orm,
    sql`SELECT a.kind, a.number, a.name, a.area_type AS type, coalesce(nullif(p.number, ''), p.name) AS parent
          FROM project_areas a LEFT JOIN project_areas p ON p.id = a.parent_id
         WHERE a.project_id = ${projectId} ORDER BY a.tree_rank, a.kind, a.number, a.name`,
  );
}
async function duplicates(projectId: number): Promise<number> {
  const rows = await query<{ n: number }>(
    tdb.db.orm,
    sql`SELECT count(*)::int AS n FROM (
          SELECT 1 FROM project_areas a WHERE a.project_id = ${projectId}
           GROUP BY a.kind, lower(a.number), CASE WHEN a.number = '' THEN lower(a.name) || coalesce(a.parent_id, 0) END
          HAVING count(*) > 1) x`,
  );
  return Number(rows[0]?.n ?? 0);
}

const saveUrl = (projectId: number) => `/api/projects/${projectId}/templates`;
const applyUrl = (projectId: number) => `/api/projects/${projectId}/template-applications`;
const tplUrl = (id: number) => `/api/templates/${id}`;

interface Endpoint {
  method: string;
  url: string;
  body?: unknown;
}

describe('templates API access (Z1)', () => {
  async function endpoints() {
    const p = await sourceProject();
    const tpl = await seedTemplate('Access probe', 1, 2);
    const applied = await manager.post(applyUrl(p.projectId), { templateId: tpl });
    expect(applied.statusCode).toBe(202);
    const reads: Endpoint[] = [
      { method: 'GET', url: '/api/templates' },
      { method: 'GET', url: tplUrl(tpl) },
      { method: 'GET', url: applyUrl(p.projectId) },
      { method: 'GET', url: `${applyUrl(p.projectId)}/${applied.json().data.id}` },
    ];
    const writes: Endpoint[] = [
      { method: 'POST', url: saveUrl(p.projectId), body: { title: 'Probe' } },
      { method: 'PATCH', url: tplUrl(tpl), body: { title: 'Probe', version: 1 } },
      { method: 'DELETE', url: `${tplUrl(tpl)}?version=1` },
      { method: 'POST', url: applyUrl(p.projectId), body: { templateId: tpl } },
    ];
    return { p, tpl, reads, writes };
  }

  it('answers 401 anonymous; 403 without a projects right, to a company user and to an employee acting as a company; viewers read only', async () => {
    const { p, tpl, reads, writes } = await endpoints();
    const before = await tree(p.projectId);
    const templatesBefore = await tdb.db.orm.select().from(projectTemplates);
    for (const e of [...reads, ...writes]) {
      expect((await anon.request(e.method, e.url, { body: e.body })).statusCode, `${e.method} ${e.url}`).toBe(401);
    }
    for (const who of [noPerm, client, acting]) {
      for (const e of [...reads, ...writes]) {
        const res = await who.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    for (const e of writes) expect((await viewer.request(e.method, e.url, { body: e.body })).statusCode, e.url).toBe(403);
    for (const e of reads) expect((await viewer.get(e.url)).statusCode, e.url).toBe(200);
    for (const e of writes) {
      expect((await manager.request(e.method, e.url, { body: e.body, csrf: false })).statusCode, e.url).toBe(419);
    }
    expect(await tree(p.projectId)).toEqual(before);
    expect(await tdb.db.orm.select().from(projectTemplates)).toEqual(templatesBefore);
    expect((await tdb.db.orm.select().from(projectTemplates).where(eq(projectTemplates.id, tpl)))[0]).toMatchObject({
      version: 1,
    });
  });

  it('answers 404 for a missing project, template or application, and for an application of another project', async () => {
    const p = await sourceProject();
    const other = await sourceProject();
    const tpl = await seedTemplate('404 probe', 1, 1);
    const app = (await manager.post(applyUrl(other.projectId), { templateId: tpl })).json().data;
    const cases = [
      ['POST', saveUrl(MISSING), { title: 'X' }, 'PROJECT_NOT_FOUND'],
      ['POST', applyUrl(MISSING), { templateId: tpl }, 'PROJECT_NOT_FOUND'],
      ['GET', applyUrl(MISSING), undefined, 'PROJECT_NOT_FOUND'],
      ['GET', tplUrl(MISSING), undefined, 'TEMPLATE_NOT_FOUND'],
      ['PATCH', tplUrl(MISSING), { title: 'X', version: 1 }, 'TEMPLATE_NOT_FOUND'],
      ['DELETE', `${tplUrl(MISSING)}?version=1`, undefined, 'TEMPLATE_NOT_FOUND'],
      ['GET', `${applyUrl(p.projectId)}/${MISSING}`, undefined, 'TEMPLATE_APPLICATION_NOT_FOUND'],
      ['GET', `${applyUrl(p.projectId)}/${app.id}`, undefined, 'TEMPLATE_APPLICATION_NOT_FOUND'],
    ] as const;
    for (const [method, url, body, code] of cases) {
      const res = await manager.request(method, url, { body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code, `${method} ${url}`).toBe(code);
    }
  });

  it('answers 400 with field errors for bad input and changes nothing', async () => {
    const p = await sourceProject();
    const tpl = await seedTemplate('400 probe', 1, 1);
    const count = async () => (await tdb.db.orm.select().from(projectTemplates)).length;
    const before = await count();
    const bad = [
      ['POST', saveUrl(p.projectId), { title: '' }, 'title'],
      ['POST', saveUrl(p.projectId), { title: 'x'.repeat(161) }, 'title'],
      ['POST', saveUrl(p.projectId), { title: 'X', extra: 1 }, ''],
      ['PATCH', tplUrl(tpl), { title: '  ', version: 1 }, 'title'],
      ['PATCH', tplUrl(tpl), { title: 'X' }, 'version'],
      ['POST', applyUrl(p.projectId), { templateId: 'x' }, 'templateId'],
      ['POST', applyUrl(p.projectId), { templateId: MISSING }, 'templateId'],
      ['GET', '/api/templates?perPage=1000', undefined, 'querystring.perPage'],
      ['DELETE', `${tplUrl(tpl)}?version=x`, undefined, 'querystring.version'],
    ] as const;
    for (const [method, url, body, field] of bad) {
      const res = await manager.request(method, url, { body });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(res.json().fieldErrors ?? {}), `${method} ${url}`).toContain(field);
    }
    expect(await count()).toBe(before);
    expect(await tdb.db.orm.select().from(templateApplications).where(eq(templateApplications.projectId, p.projectId))).toEqual(
      [],
    );
  });
});

describe('saving, listing, renaming and deleting templates', () => {
  it("saves a project's decks, areas and sub-areas with their parents as a template, in a fixed number of statements", async () => {
    const p = await sourceProject();
    await manager.get('/api/templates');
    const { result: res, count } = await countQueries(tdb.db, () =>
      manager.post(saveUrl(p.projectId), { title: ' Cruise cabin deck ' }),
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      title: 'Cruise cabin deck',
      areaCount: 7,
      version: 1,
      abilities: { canEdit: true, canApply: true },
    });
    expect(count).toBeLessThanOrEqual(12);
    const byId = new Map<number, { number: string; name: string }>(data.areas.map((a: { id: number }) => [a.id, a]));
    const shape = data.areas.map((a: { kind: string; number: string; name: string; parentId: number | null }) => ({
      kind: a.kind,
      label: a.number || a.name,
      parent: a.parentId === null ? null : byId.get(a.parentId)?.number || byId.get(a.parentId)?.name,
    }));
    expect(shape).toEqual([
      { kind: 'deck', label: '5', parent: null },
      { kind: 'area', label: '5001', parent: '5' },
      { kind: 'subarea', label: '5001-B', parent: '5001' },
      { kind: 'subarea', label: 'Balcony', parent: '5001' },
      { kind: 'deck', label: 'Sundeck', parent: null },
      { kind: 'area', label: 'Pool bar', parent: 'Sundeck' },
      { kind: 'area', label: 'L1', parent: null },
    ]);
    const stored = await tdb.db.orm.select().from(templateAreas).where(eq(templateAreas.templateId, data.id));
    expect(stored).toHaveLength(7);
    expect(await auditRows(tdb.db, 'template.created', eq(sql`subject_id`, String(data.id)))).toHaveLength(1);
    // Viewers read it.
    expect((await viewer.get(tplUrl(data.id))).json().data).toMatchObject({ areaCount: 7, abilities: { canEdit: false } });
  });

  it('refuses to save an empty project (409 TEMPLATE_EMPTY) and stores nothing', async () => {
    const p = await createProjectRow(tdb.db);
    const before = (await tdb.db.orm.select().from(projectTemplates)).length;
    const res = await manager.post(saveUrl(p.id), { title: 'Empty' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TEMPLATE_EMPTY');
    expect((await tdb.db.orm.select().from(projectTemplates)).length).toBe(before);
  });

  it('lists templates by title with search and paging, in the same number of statements for 2 or 12 rows', async () => {
    const tag = `Lst${Date.now()}`;
    for (let i = 0; i < 2; i++) await seedTemplate(`${tag} ${i}`, 1, 3);
    await manager.get('/api/templates');
    const few = await countQueries(tdb.db, () => manager.get(`/api/templates?q=${tag}`));
    for (let i = 2; i < 12; i++) await seedTemplate(`${tag} ${i}`, 1, 3);
    const many = await countQueries(tdb.db, () => manager.get(`/api/templates?q=${tag}&perPage=10&page=1`));
    expect(many.count).toBe(few.count);
    expect(few.count).toBeLessThanOrEqual(3);
    const body = many.result.json();
    expect(body.meta).toMatchObject({ total: 12, per_page: 10, last_page: 2 });
    expect(body.data[0]).toMatchObject({ title: `${tag} 0`, areaCount: 4 });
    const page2 = (await manager.get(`/api/templates?q=${tag}&perPage=10&page=2`)).json();
    expect(page2.data.map((r: { title: string }) => r.title)).toEqual([`${tag} 8`, `${tag} 9`]);
    expect((await manager.get('/api/templates?q=%25%25nothing')).json().data).toEqual([]);
  });

  it('renames with the version (409 STALE_VERSION when stale) and deletes with a confirmation of the version', async () => {
    const tpl = await seedTemplate('Rename me', 1, 1);
    const ok = await manager.patch(tplUrl(tpl), { title: 'Hotel floor', version: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ title: 'Hotel floor', version: 2 });
    const stale = await manager.patch(tplUrl(tpl), { title: 'Other', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await manager.delete(`${tplUrl(tpl)}?version=1`)).statusCode).toBe(409);
    expect((await manager.delete(`${tplUrl(tpl)}?version=2`)).statusCode).toBe(204);
    expect(await tdb.db.orm.select().from(projectTemplates).where(eq(projectTemplates.id, tpl))).toEqual([]);
    expect(await tdb.db.orm.select().from(templateAreas).where(eq(templateAreas.templateId, tpl))).toEqual([]);
    expect(await auditRows(tdb.db, 'template.deleted', eq(sql`subject_id`, String(tpl)))).toHaveLength(1);
  });
});

describe('applying a template', () => {
  it('creates the decks, areas and sub-areas with their parents; applying twice creates nothing and says what it skipped', async () => {
    const src = await sourceProject();
    const tpl = (await manager.post(saveUrl(src.projectId), { title: 'Twice' })).json().data;
    const target = await createProjectRow(tdb.db);
    const first = await manager.post(applyUrl(target.id), { templateId: tpl.id });
    expect(first.statusCode).toBe(202);
    const app1 = first.json().data;
    // Jobs run inline in tests: the application is done when the answer comes.
    const got = (await manager.get(`${applyUrl(target.id)}/${app1.id}`)).json().data;
    expect(got).toMatchObject({
      status: 'done',
      total: 7,
      processed: 7,
      created: 7,
      skipped: 0,
      skippedSample: [],
      templateTitle: 'Twice',
    });
    expect(await tree(target.id)).toEqual(await tree(src.projectId));

    const second = await manager.post(applyUrl(target.id), { templateId: tpl.id });
    expect(second.statusCode).toBe(202);
    const app2 = (await manager.get(`${applyUrl(target.id)}/${second.json().data.id}`)).json().data;
    expect(app2).toMatchObject({ status: 'done', processed: 7, created: 0, skipped: 7 });
    expect(app2.skippedSample).toEqual(['5', 'Sundeck', '5001', 'Pool bar', 'L1', '5001-B', 'Balcony']);
    expect(await tree(target.id)).toEqual(await tree(src.projectId));
    expect(await duplicates(target.id)).toBe(0);
    const two = await countQueries(tdb.db, () => manager.get(applyUrl(target.id)));
    expect(two.result.json().data.map((a: { id: number }) => a.id)).toEqual([app2.id, app1.id]);
    for (let i = 0; i < 3; i++) await manager.post(applyUrl(target.id), { templateId: tpl.id });
    const five = await countQueries(tdb.db, () => manager.get(applyUrl(target.id)));
    expect(five.result.json().meta.total).toBe(5);
    // No N+1: the session load, the sweep for dead workers, the page and its total, for two applications as for five.
    expect(five.count).toBe(two.count);
    expect(five.count).toBeLessThanOrEqual(4);
  });

  it('skips numbers the project has and adds the rest under the existing deck', async () => {
    const tpl = await seedTemplate('Partly there', 1, 5);
    const target = await createProjectRow(tdb.db);
    const deck = await createAreaRow(tdb.db, target.id, { kind: 'deck', number: '1', name: 'Existing deck' });
    await createAreaRow(tdb.db, target.id, { kind: 'area', parentId: deck.id, number: '1002', name: 'Mine' });
    const app = (await manager.post(applyUrl(target.id), { templateId: tpl })).json().data;
    const got = (await manager.get(`${applyUrl(target.id)}/${app.id}`)).json().data;
    expect(got).toMatchObject({ status: 'done', total: 6, created: 4, skipped: 2, skippedSample: ['1', '1002'] });
    const rows = await tree(target.id);
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.kind === 'area').every((r) => r.parent === '1')).toBe(true);
    expect(rows.find((r) => r.number === '1002')?.name).toBe('Mine');
  });

  it('refuses a second application while one runs for the project (409), and a deleted project', async () => {
    const d = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const m = await createEmployee(tdb.db, { permissions: ['projects.manage'] });
      const agent = d.agent();
      await agent.login(m.email, m.password);
      const tpl = await seedTemplate('Busy', 1, 3);
      const target = await createProjectRow(tdb.db);
      const first = await agent.post(applyUrl(target.id), { templateId: tpl });
      expect(first.statusCode).toBe(202);
      expect(first.json().data).toMatchObject({ status: 'queued', processed: 0, total: 4 });
      const busy = await agent.post(applyUrl(target.id), { templateId: tpl });
      expect(busy.statusCode).toBe(409);
      expect(busy.json()).toMatchObject({ code: 'TEMPLATE_APPLY_RUNNING', details: { applicationId: first.json().data.id } });
      await d.jobs?.drain();
      expect((await agent.post(applyUrl(target.id), { templateId: tpl })).statusCode).toBe(202);
      await d.jobs?.drain();
      const gone = await createProjectRow(tdb.db, { deleted: true });
      const res = await agent.post(applyUrl(gone.id), { templateId: tpl });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PROJECT_DELETED');
    } finally {
      await d.close();
    }
  });

  it('survives a restart part-way: run again after its worker died, the job continues and the tree equals a clean apply, without duplicates', async () => {
    const d = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const m = await createEmployee(tdb.db, { permissions: ['projects.manage'] });
      const agent = d.agent();
      await agent.login(m.email, m.password);
      const src = await sourceProject();
      await createAreaRow(tdb.db, src.projectId, { kind: 'deck', number: '7', name: 'Deck 7' });
      const tpl = (await agent.post(saveUrl(src.projectId), { title: 'Restart' })).json().data;
      const clean = await createProjectRow(tdb.db);
      const crashed = await createProjectRow(tdb.db);
      const a = (await agent.post(applyUrl(clean.id), { templateId: tpl.id })).json().data;
      await d.jobs?.drain();
      expect((await agent.get(`${applyUrl(clean.id)}/${a.id}`)).json().data.status).toBe('done');

      const b = (await agent.post(applyUrl(crashed.id), { templateId: tpl.id })).json().data;
      // The first batch only (two rows), then the process stops.
      await runApplication(d.app.platform, b.id, { maxBatches: 1, batchSize: 2 });
      const part = (await agent.get(`${applyUrl(crashed.id)}/${b.id}`)).json().data;
      expect(part).toMatchObject({ status: 'running', processed: 2, created: 2 });
      expect(await tree(crashed.id)).toHaveLength(2);
      // While its worker beats, another job leaves it alone.
      await runApplication(d.app.platform, b.id, { batchSize: 2 });
      expect(await tree(crashed.id)).toHaveLength(2);
      // Worse: progress lost as well (as if written before a crash); the rows made stay.
      await tdb.db.orm.update(templateApplications).set({ processed: 0 }).where(eq(templateApplications.id, b.id));
      d.clock.advance(DEAD_AFTER_MS + 1_000);
      await runApplication(d.app.platform, b.id, { maxBatches: 2, batchSize: 2 });
      d.clock.advance(DEAD_AFTER_MS + 1_000);
      // The queue delivers the job again after the restart.
      await d.jobs?.drain();
      const done = (await agent.get(`${applyUrl(crashed.id)}/${b.id}`)).json().data;
      expect(done).toMatchObject({ status: 'done', processed: 8 });
      expect(done.created + 2).toBeGreaterThanOrEqual(8);
      expect(await tree(crashed.id)).toEqual(await tree(clean.id));
      expect(await duplicates(crashed.id)).toBe(0);
      // A finished application run again does nothing.
      await runApplication(d.app.platform, b.id);
      expect((await agent.get(`${applyUrl(crashed.id)}/${b.id}`)).json().data).toEqual(done);
    } finally {
      await d.close();
    }
  });

  it('takes over an application whose worker died (no heartbeat for over 45 s): it goes on where it was and says so', async () => {
    const d = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const m = await createEmployee(tdb.db, { permissions: ['projects.manage'] });
      const agent = d.agent();
      await agent.login(m.email, m.password);
      const tpl = await seedTemplate('Dead worker', 1, 5);
      const target = await createProjectRow(tdb.db);
      const a = (await agent.post(applyUrl(target.id), { templateId: tpl })).json().data;
      // A first batch, then the process running it is killed; the job it held is not delivered again.
      await runApplication(d.app.platform, a.id, { maxBatches: 1, batchSize: 2 });
      const queuedJobs = d.jobs?.pending ?? 0;
      const get = async () => (await agent.get(`${applyUrl(target.id)}/${a.id}`)).json().data;

      // 44 s without a heartbeat: still a living worker's (the sweep leaves it, Apply waits).
      d.clock.advance(44_000);
      await resumeDeadApplications(d.app.platform);
      expect(await get()).toMatchObject({ status: 'running', processed: 1, resumed: 0 });
      expect((await agent.post(applyUrl(target.id), { templateId: tpl })).statusCode).toBe(409);

      // 61 s: dead. The next look (here an Apply) queues it again, and it goes on where it was.
      d.clock.advance(17_000);
      const apply = await agent.post(applyUrl(target.id), { templateId: tpl });
      expect(apply.json()).toMatchObject({ code: 'TEMPLATE_APPLY_RUNNING', details: { applicationId: a.id } });
      expect(await get()).toMatchObject({ status: 'queued', processed: 1, resumed: 1 });
      expect(d.jobs?.pending).toBe(queuedJobs + 1);
      await d.jobs?.drain();
      expect(await get()).toMatchObject({ status: 'done', processed: 6, created: 6, skipped: 0, resumed: 1, error: null });
      expect(await duplicates(target.id)).toBe(0);
      // Finished: the next Apply is accepted at once.
      expect((await agent.post(applyUrl(target.id), { templateId: tpl })).statusCode).toBe(202);
      await d.jobs?.drain();
    } finally {
      await d.close();
    }
  });

  it('the sweep takes over a dead application without anyone looking, and fails it as interrupted when its job cannot be sent', async () => {
    const d = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const m = await createEmployee(tdb.db, { permissions: ['projects.manage'] });
      const agent = d.agent();
      await agent.login(m.email, m.password);
      const tpl = await seedTemplate('Swept', 1, 3);
      const [one, two] = [await createProjectRow(tdb.db), await createProjectRow(tdb.db)];
      const a = (await agent.post(applyUrl(one.id), { templateId: tpl })).json().data;
      const b = (await agent.post(applyUrl(two.id), { templateId: tpl })).json().data;
      await runApplication(d.app.platform, a.id, { maxBatches: 1, batchSize: 2 });
      await runApplication(d.app.platform, b.id, { maxBatches: 1, batchSize: 2 });
      d.clock.advance(61_000);
      const p = d.app.platform;
      const flaky = {
        ...p,
        jobs: Object.assign(Object.create(p.jobs), {
          send: async (...args: Parameters<typeof p.jobs.send>) => {
            // The queue cannot take a's job; b's goes through.
            if ((args[1] as { applicationId: number }).applicationId === a.id) throw new Error('queue down');
            await p.jobs.send(...args);
          },
        }),
      };
      await resumeDeadApplications(flaky);
      const rows = await tdb.db.orm
        .select({ id: templateApplications.id, status: templateApplications.status, error: templateApplications.error })
        .from(templateApplications)
        .where(inArray(templateApplications.id, [a.id, b.id]))
        .orderBy(templateApplications.id);
      expect(rows.map((r) => [r.status, r.error])).toEqual([
        ['failed', 'interrupted'],
        ['queued', null],
      ]);
      await d.jobs?.drain();
      expect((await agent.get(`${applyUrl(two.id)}/${b.id}`)).json().data).toMatchObject({
        status: 'done',
        processed: 4,
        resumed: 1,
      });
    } finally {
      await d.close();
    }
  });

  it('applies a template of 2,000 areas fully, in batches, and a second time skips all', async () => {
    const tpl = await seedTemplate('Big', 10, 200);
    const target = await createProjectRow(tdb.db);
    const app = (await manager.post(applyUrl(target.id), { templateId: tpl })).json().data;
    const got = (await manager.get(`${applyUrl(target.id)}/${app.id}`)).json().data;
    expect(got).toMatchObject({ status: 'done', total: 2010, processed: 2010, created: 2010, skipped: 0 });
    const counts = await query<{ kind: string; n: number }>(
      tdb.db.orm,
      sql`SELECT kind, count(*)::int AS n FROM project_areas WHERE project_id = ${target.id} AND (kind <> 'area' OR parent_id IS NOT NULL) GROUP BY kind ORDER BY kind`,
    );
    expect(counts.map((c) => [c.kind, Number(c.n)])).toEqual([
      ['area', 2000],
      ['deck', 10],
    ]);
    const again = (await manager.post(applyUrl(target.id), { templateId: tpl })).json().data;
    const got2 = (await manager.get(`${applyUrl(target.id)}/${again.id}`)).json().data;
    expect(got2).toMatchObject({ status: 'done', created: 0, skipped: 2010 });
    expect(got2.skippedSample).toHaveLength(20);
    expect(await duplicates(target.id)).toBe(0);
  });

  it('fails the application when its template is deleted before it runs', async () => {
    const d = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const m = await createEmployee(tdb.db, { permissions: ['projects.manage'] });
      const agent = d.agent();
      await agent.login(m.email, m.password);
      const tpl = await seedTemplate('Vanishing', 1, 2);
      const target = await createProjectRow(tdb.db);
      const app = (await agent.post(applyUrl(target.id), { templateId: tpl })).json().data;
      expect((await agent.delete(`${tplUrl(tpl)}?version=1`)).statusCode).toBe(204);
      await d.jobs?.drain();
      const got = (await agent.get(`${applyUrl(target.id)}/${app.id}`)).json().data;
      expect(got).toMatchObject({ status: 'failed', templateId: null, error: 'template_deleted', created: 0 });
      expect(await tree(target.id)).toEqual([]);
    } finally {
      await d.close();
    }
  });

  it('finds a parent without a number by its path: two areas without a number and of one name on two decks keep their own sub-areas', async () => {
    const src = await createProjectRow(tdb.db);
    for (const deck of ['5', '6']) {
      const d = await createAreaRow(tdb.db, src.id, { kind: 'deck', number: deck, name: `Deck ${deck}` });
      const gang = await createAreaRow(tdb.db, src.id, { kind: 'area', parentId: d.id, number: '', name: 'Gang' });
      await createAreaRow(tdb.db, src.id, { kind: 'subarea', parentId: gang.id, number: `${deck}-G1`, name: `Kast ${deck}` });
      await createAreaRow(tdb.db, src.id, { kind: 'subarea', parentId: gang.id, number: '', name: 'Nis' });
    }
    const tpl = (await manager.post(saveUrl(src.id), { title: 'Two corridors' })).json().data;
    expect(tpl.areaCount).toBe(8);
    /** Each sub-area with its area's name and that area's deck. */
    const paths = (projectId: number) =>
      query<{ sub: string; area: string; deck: string | null }>(
        tdb.db.orm,
        sql`SELECT coalesce(nullif(s.number, ''), s.name) || '@' || d.number AS sub, a.name AS area, d.number AS deck
              FROM project_areas s JOIN project_areas a ON a.id = s.parent_id LEFT JOIN project_areas d ON d.id = a.parent_id
             WHERE s.project_id = ${projectId} AND s.kind = 'subarea' ORDER BY 1`,
      );
    const expected = [
      { sub: '5-G1@5', area: 'Gang', deck: '5' },
      { sub: '6-G1@6', area: 'Gang', deck: '6' },
      { sub: 'Nis@5', area: 'Gang', deck: '5' },
      { sub: 'Nis@6', area: 'Gang', deck: '6' },
    ];
    expect(await paths(src.id)).toEqual(expected);

    // An empty project, and one with an unrelated top-level "Gang" made by hand first.
    const empty = await createProjectRow(tdb.db);
    const other = await createProjectRow(tdb.db);
    const loose = await createAreaRow(tdb.db, other.id, { kind: 'area', parentId: null, number: '', name: 'Gang' });
    for (const target of [empty, other]) {
      const app = (await manager.post(applyUrl(target.id), { templateId: tpl.id })).json().data;
      const got = (await manager.get(`${applyUrl(target.id)}/${app.id}`)).json().data;
      expect(got).toMatchObject({ status: 'done', created: 8, skipped: 0 });
      expect(await paths(target.id)).toEqual(expected);
      const again = (await manager.post(applyUrl(target.id), { templateId: tpl.id })).json().data;
      const got2 = (await manager.get(`${applyUrl(target.id)}/${again.id}`)).json().data;
      expect(got2).toMatchObject({ status: 'done', created: 0, skipped: 8 });
      expect(await paths(target.id)).toEqual(expected);
      expect(await duplicates(target.id)).toBe(0);
    }
    const underLoose = await query<{ n: number }>(
      tdb.db.orm,
      sql`SELECT count(*)::int AS n FROM project_areas WHERE parent_id = ${loose.id}`,
    );
    expect(Number(underLoose[0]?.n)).toBe(0);
  });

  // A second connection holds what the request or the job has to wait for (PostgreSQL only).
  async function otherConnection() {
    const other = new pg.Client({ connectionString: tdb.url ?? '' });
    await other.connect();
    const waitsOnLock = async () => {
      for (let i = 0; i < 200; i++) {
        const r = await other.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (r.rows[0].n > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('never waited on the other connection');
    };
    return { other, waitsOnLock };
  }

  it.runIf(process.env.TEST_DB === 'pg')(
    "takes the project's lock in each batch: a batch waits while another holds it",
    async () => {
      const d = await startTestApp({ db: tdb.db, jobs: 'deferred' });
      const { other, waitsOnLock } = await otherConnection();
      try {
        const m = await createEmployee(tdb.db, { permissions: ['projects.manage'] });
        const agent = d.agent();
        await agent.login(m.email, m.password);
        const tpl = await seedTemplate('Locked', 1, 3);
        const target = await createProjectRow(tdb.db);
        const app = (await agent.post(applyUrl(target.id), { templateId: tpl })).json().data;
        await other.query('BEGIN');
        await other.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [LOCK_TEMPLATE_APPLY, target.id]);
        const run = runApplication(d.app.platform, app.id);
        await waitsOnLock();
        expect(await tree(target.id)).toEqual([]);
        await other.query('COMMIT');
        await run;
        const got = (await agent.get(`${applyUrl(target.id)}/${app.id}`)).json().data;
        expect(got).toMatchObject({ status: 'done', created: 4 });
      } finally {
        await other.end();
        await d.close();
      }
    },
  );

  it.runIf(process.env.TEST_DB === 'pg')(
    'answers 400 templateId not_found when the template is deleted while the apply reads it',
    async () => {
      const { other, waitsOnLock } = await otherConnection();
      try {
        const tpl = await seedTemplate('Deleted meanwhile', 1, 1);
        const target = await createProjectRow(tdb.db);
        await other.query('BEGIN');
        await other.query('DELETE FROM project_templates WHERE id = $1', [tpl]);
        const pending = manager.post(applyUrl(target.id), { templateId: tpl });
        await waitsOnLock();
        await other.query('COMMIT');
        const res = await pending;
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors).toMatchObject({ templateId: expect.anything() });
        expect(await tdb.db.orm.select().from(templateApplications).where(eq(templateApplications.projectId, target.id))).toEqual(
          [],
        );
      } finally {
        await other.end();
      }
    },
  );
});
