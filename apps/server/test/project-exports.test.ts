import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrawingRow } from '../src/features/drawings/drawings.fixtures';
import {
  createAreaRow,
  createProjectRow,
  createSubtaskRow,
  createTaskRow,
  createTicketRow,
} from '../src/features/projects/projects.fixtures';
import { createEmployee } from './factories/identity';
import { type Agent, startTestApp, type TestApp } from './helpers/app';
import { castOf } from './helpers/cast';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { expectExportMatchesList, fetchCsv } from './helpers/export-match';

// The exports of the project lists: projects, a project's tasks and areas, tickets and a
// project's drawings. Each file holds the list's rows for the same filter and sort, in its order,
// with the UI's headers in the asker's language; who may not read the list may not export it.

let tdb: TestDatabase;
let t: TestApp;
let viewer: Agent;
let english: Agent;
let noPerm: Agent;
let client: Agent;
let anon: Agent;
let projectId: number;
let otherProjectId: number;
let deckId: number;
let areaOnDeckId: number;
let looseAreaId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const db = tdb.db;
  const cast = await castOf(t, {
    staff: {
      viewer: { permissions: ['projects.view'] },
      english: { permissions: ['projects.view'], locale: 'en' },
      noPerm: { permissions: ['articles.view'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  });
  ({ viewer, english, noPerm, client, anon } = cast);
  const { company } = cast.companies;
  const manager = await createEmployee(db, { firstName: 'Mila' });

  const project = await createProjectRow(db, {
    name: 'Celestyal Discovery',
    companyIds: [company.id],
    managerIds: [manager.employeeId],
  });
  projectId = project.id;
  otherProjectId = (await createProjectRow(db, { name: 'Aurora refit' })).id;
  for (let i = 0; i < 4; i++) await createProjectRow(db, { name: `Project ${String.fromCharCode(75 + i)}` });
  await createProjectRow(db, { name: 'Archived one', status: 'inactive' });

  deckId = (await createAreaRow(db, projectId, { kind: 'deck', number: 'D5', name: 'Dek 5' })).id;
  areaOnDeckId = (await createAreaRow(db, projectId, { parentId: deckId, number: '5001', name: 'Hut 5001' })).id;
  looseAreaId = (await createAreaRow(db, projectId, { number: 'A12', name: 'Spa' })).id;
  const tasks: number[] = [];
  for (let i = 0; i < 5; i++) {
    const area = i % 2 ? areaOnDeckId : looseAreaId;
    tasks.push((await createTaskRow(db, projectId, area, { name: `Taak ${i}`, status: i === 4 ? 'completed' : 'pending' })).id);
  }
  await createSubtaskRow(db, projectId, tasks[0] as number, { status: 'closed' });
  await createSubtaskRow(db, projectId, tasks[0] as number);
  await createTicketRow(db, projectId, { taskId: tasks[0] as number, description: '=Lamp kapot; "snel"' });
  await createTicketRow(db, projectId, { description: 'Deur klemt' });
  await createTicketRow(db, projectId, { description: 'Gesloten ticket', status: 'closed' });
  await createTicketRow(db, otherProjectId, { description: 'Elders' });
  for (let i = 0; i < 3; i++) await createDrawingRow(db, { projectId, companyId: company.id, name: `Tekening ${i}` });
  await createDrawingRow(db, { projectId, companyId: company.id, name: 'Goedgekeurd', versions: ['approved'] });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const paths = () => [
  '/api/projects/export',
  `/api/projects/${projectId}/tasks/export`,
  `/api/projects/${projectId}/areas/export`,
  '/api/tickets/export',
  `/api/projects/${projectId}/drawings/export`,
];

describe('who may export the project lists', () => {
  it('refuses the anonymous (401), an employee without projects rights and a company user (403)', async () => {
    for (const path of paths()) {
      expect((await anon.get(`${path}?format=csv`)).statusCode, path).toBe(401);
      expect((await noPerm.get(`${path}?format=csv`)).statusCode, path).toBe(403);
      expect((await client.get(`${path}?format=xlsx`)).statusCode, path).toBe(403);
    }
  });

  it('answers 404 for a project that does not exist, as the lists do', async () => {
    for (const sub of ['tasks', 'areas', 'drawings']) {
      const res = await viewer.get(`/api/projects/999999/${sub}/export?format=csv`);
      expect(res.statusCode, sub).toBe(404);
      expect(res.json().code).toBe('PROJECT_NOT_FOUND');
    }
  });

  it('refuses a missing or unknown format and a filter the list refuses (400)', async () => {
    for (const path of paths()) {
      expect((await viewer.get(path)).statusCode, path).toBe(400);
      expect((await viewer.get(`${path}?format=pdf`)).statusCode, path).toBe(400);
    }
    expect((await viewer.get('/api/projects/export?format=csv&tab=gone')).statusCode).toBe(400);
    expect((await viewer.get(`/api/projects/${projectId}/tasks/export?format=csv&status=nope`)).statusCode).toBe(400);
    expect((await viewer.get(`/api/projects/${projectId}/areas/export?format=csv&status=nope`)).statusCode).toBe(400);
    expect((await viewer.get('/api/tickets/export?format=csv&priority=asap')).statusCode).toBe(400);
    expect((await viewer.get(`/api/projects/${projectId}/drawings/export?format=csv&sort=size`)).statusCode).toBe(400);
  });
});

describe('the files hold the lists as filtered and sorted', () => {
  it('projects: the tab, search and sort of the list; Dutch headers, English for an English reader', async () => {
    expect(
      await expectExportMatchesList(viewer, { list: '/api/projects', export: '/api/projects/export', query: { sort: 'name' } }),
    ).toBe(6);
    await expectExportMatchesList(viewer, {
      list: '/api/projects',
      export: '/api/projects/export',
      query: { sort: '-name', q: 'project' },
    });
    expect(
      await expectExportMatchesList(viewer, {
        list: '/api/projects',
        export: '/api/projects/export',
        query: { tab: 'archived' },
      }),
    ).toBe(1);

    const nl = await fetchCsv(viewer, '/api/projects/export', { sort: 'name' });
    expect(nl.header).toEqual([
      'ID',
      'Naam',
      'Type',
      'Projectleiders',
      'Klanten',
      'Voortgang (%)',
      'Taken gereed',
      'Taken',
      'Open tickets',
      'Bijgewerkt',
    ]);
    const row = nl.rows.find((r) => r[1] === 'Celestyal Discovery');
    expect(row?.slice(3, 9)).toEqual([expect.stringMatching(/^Mila /), expect.any(String), '28', '1', '5', '2']);
    const en = await fetchCsv(english, '/api/projects/export', { sort: 'name' }, ',');
    expect(en.header.slice(0, 4)).toEqual(['ID', 'Name', 'Type', 'Project managers']);
  });

  it("a project's tasks: status, area, search and sort; the status in words", async () => {
    const list = `/api/projects/${projectId}/tasks`;
    expect(await expectExportMatchesList(viewer, { list, export: `${list}/export`, query: { sort: 'name' } })).toBe(5);
    expect(
      await expectExportMatchesList(viewer, { list, export: `${list}/export`, query: { status: 'pending', sort: '-name' } }),
    ).toBe(4);
    expect(
      await expectExportMatchesList(viewer, { list, export: `${list}/export`, query: { areaId: String(areaOnDeckId) } }),
    ).toBe(2);
    const csv = await fetchCsv(viewer, `${list}/export`, { sort: 'name' });
    expect(csv.header).toEqual([
      'ID',
      'Naam',
      'Ruimte',
      'Status',
      'Toegewezen aan',
      'Subtaken gesloten',
      'Subtaken',
      'Open tickets',
      'Gewijzigd',
    ]);
    expect(csv.rows[0]?.slice(1, 8)).toEqual(['Taak 0', 'A12 · Spa', 'Openstaand', '', '1', '2', '1']);
    expect(csv.rows[4]?.[3]).toBe('Afgerond');
  });

  it("a project's areas: each deck followed by its areas, then the areas without a deck; search and status", async () => {
    const csv = await fetchCsv(viewer, `/api/projects/${projectId}/areas/export`);
    expect(csv.header).toEqual(['ID', 'Soort', 'Dek', 'Nummer', 'Naam', 'Type ruimte', 'Status', 'Voortgang (%)', 'Subruimtes']);
    expect(csv.rows.map((r) => r.slice(0, 5))).toEqual([
      [String(deckId), 'Dek', '', 'D5', 'Dek 5'],
      [String(areaOnDeckId), 'Ruimte', 'D5 · Dek 5', '5001', 'Hut 5001'],
      [String(looseAreaId), 'Ruimte', '', 'A12', 'Spa'],
    ]);
    // The same rows as the list, for a search too.
    for (const query of [{}, { q: 'spa' }, { status: 'completed' }] as Record<string, string>[]) {
      const list = (await viewer.get(`/api/projects/${projectId}/areas?${new URLSearchParams(query)}`)).json().data;
      const ids = [...list.decks, ...list.areas].map((a: { id: number }) => String(a.id)).sort();
      const file = await fetchCsv(viewer, `/api/projects/${projectId}/areas/export`, query);
      expect(file.rows.map((r) => r[0]).sort()).toEqual(ids);
    }
  });

  it('tickets: across projects or one project, tab, priority and sort; priority and status in words', async () => {
    const list = '/api/tickets';
    expect(await expectExportMatchesList(viewer, { list, export: `${list}/export`, query: {} })).toBe(3);
    expect(
      await expectExportMatchesList(viewer, { list, export: `${list}/export`, query: { tab: 'all', sort: 'created' } }),
    ).toBe(4);
    expect(
      await expectExportMatchesList(viewer, {
        list,
        export: `${list}/export`,
        query: { tab: 'all', projectId: String(projectId), q: 'deur' },
      }),
    ).toBe(1);
    const csv = await fetchCsv(viewer, `${list}/export`, { projectId: String(projectId), sort: 'created' });
    expect(csv.header).toEqual([
      'ID',
      'Beschrijving',
      'Project',
      'Taak',
      'Ruimte',
      'Prioriteit',
      'Status',
      'Projectleider',
      'Aangemaakt',
      'Gesloten',
    ]);
    // A description that starts like a formula is neutralised; quotes and separators survive.
    expect(csv.rows[0]?.slice(1, 7)).toEqual([
      '\'=Lamp kapot; "snel"',
      'Celestyal Discovery',
      'Taak 0',
      'Spa',
      'Normaal',
      'Open',
    ]);
  });

  it("a project's drawings: tab, search and sort; the status in words", async () => {
    const list = `/api/projects/${projectId}/drawings`;
    expect(await expectExportMatchesList(viewer, { list, export: `${list}/export`, query: { sort: 'name' } })).toBe(3);
    expect(await expectExportMatchesList(viewer, { list, export: `${list}/export`, query: { tab: 'approved' } })).toBe(1);
    const csv = await fetchCsv(viewer, `${list}/export`, { tab: 'approved' });
    expect(csv.header).toEqual(['ID', 'Naam', 'Klant', 'Status', 'Laatste versie', 'Versie geüpload', 'Medewerker', 'Datum']);
    expect(csv.rows[0]?.slice(1, 5)).toEqual(['Goedgekeurd', expect.any(String), 'Goedgekeurd', '1']);
    expect(csv.rows[0]?.[7]).toBe('02-11-2026');
  });
});
