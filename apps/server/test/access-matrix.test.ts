import type { Permission } from '@app/shared/platform/permissions';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../src/app';
import type { Access } from '../src/platform/access';
import { createEmployee } from './factories/identity';
import { type Agent, startTestApp, type TestApp } from './helpers/app';
import { castOf } from './helpers/cast';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { tableDigest, validRouteInput } from './helpers/route-matrix';

/**
 * The access matrix, generated from the registered routes: every route is
 * called by every kind of caller, and the answer must follow the route's declared access
 * (platform/access.ts). A route added later is covered the day it is added.
 *
 * Callers: nobody signed in; an employee without any right; for each right a route names, an
 * employee holding only that right; an employee holding every right while acting as company A
 * (the acting view must lose all staff reach); a company user of A (all areas) and one of S
 * (selected areas only).
 *
 * Expected, by declared access:
 * - public: never 5xx;
 * - signed-in: 401 for nobody, anything but 401 for the others;
 * - portal: 401 for nobody, 403 for employees, let through (not 401/403) for the portal views;
 * - employee: 401 for nobody, 403 for the portal views (the acting one too, whatever its rights),
 *   403 for an employee without the rights it names; let through for an employee with one of them
 *   (or any employee when it names none);
 * - employee-or-portal: as employee for staff, let through for the portal views.
 * Refused calls change no table. No call answers 5xx.
 *
 * "Let through" means the route ran: it may still answer 400 (the sample input), 404 (the ids in
 * the path are ones nobody has) or 409, but not 401 or 403, except where a route checks more than
 * its declared access on purpose (RECORD_RULES). Which records each caller sees is proven by the
 * tenancy matrix (scope-matrix.test.ts), the people matrix (people-matrix.test.ts) and the history
 * matrix (features/history/history.test.ts).
 */

/**
 * Routes that let a caller through their declared access and then check the record's own rule,
 * which the sample input can trip: the reason is the record's, not the route's.
 */
const RECORD_RULES: Record<string, string> = {
  // A history is readable exactly when its record's read route is (history.subjects.ts).
  'GET /api/history/:subject/:id': "the record's read route decides",
  // The purpose of the upload decides (UPLOAD_RIGHTS; features/files/files.test.ts proves each purpose).
  'POST /api/files': 'the purpose decides',
  // The planner's rights, or the mobile setting that lets a person see the planner (people.rules.ts).
  'GET /api/planner/options': 'planner rights or the mobile setting',
  'GET /api/planner/:plannerEntryId': 'planner rights or the mobile setting',
  // One's own without rights, another person's (the sample names one) with the hours rights (people matrix).
  'POST /api/declarations': "another person's needs the hours rights",
  'POST /api/overnights': "another person's needs the hours rights",
  // Only an acting employee has acting to end; the profile is a company user's own (the acting view has none).
  'DELETE /api/acting-as': 'nothing to end for a company user',
  'GET /api/client/profile': "a company user's own",
  'PUT /api/client/profile': "a company user's own",
};

/** Routes the matrix does not call while signed in: they end or change the caller's own session. */
const SESSION_ROUTES = new Set(['POST /logout', 'POST /login', 'PATCH /api/user/password']);

const MISSING = '2147483000';
/** Values for parameters that are not ids (an enum in the path). */
const FIXED: Record<string, string> = { variant: 'thumb', kind: 'categories', subject: 'project' };

/** Ids for validRouteInput: any field that names a record gets MISSING. */
const NO_RECORD: Record<string, string> = new Proxy({}, { get: () => MISSING });

let tdb: TestDatabase;
let t: TestApp;
let anonymous: Agent;
let staffNone: Agent;
let actingAll: Agent;
let customerA: Agent;
let customerS: Agent;
/** An employee holding only that right, signed in on first use. */
const withRight = new Map<Permission, Promise<Agent>>();

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: { staffNone: { permissions: [] } },
    companies: { a: { name: 'Company A' }, s: { name: 'Company S' } },
    clients: { customerA: { company: 'a' }, customerS: { company: 's' } },
    acting: { actingAll: { admin: true, company: 'a' } },
    anon: true,
  });
  ({ staffNone, actingAll, customerA, customerS, anon: anonymous } = cast);
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

function employeeWith(p: Permission): Promise<Agent> {
  let a = withRight.get(p);
  if (!a) {
    a = (async () => t.signIn(await createEmployee(tdb.db, { permissions: [p] })))();
    withRight.set(p, a);
  }
  return a;
}

/** The application's API routes (HEAD twins, the API docs and the web app's files left out). */
function apiRoutes(): RouteRecord[] {
  return t.app.routeTable.filter(
    (r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && /^\/(api(\/|$)|login$|logout$|sanctum\/)/.test(r.url),
  );
}

const keyOf = (r: RouteRecord) => `${r.method} ${r.url}`;
const accessOf = (r: RouteRecord) => r.config?.access as Access;

async function call(agent: Agent, r: RouteRecord): Promise<InjectResponse> {
  const url = r.url.replace(/:([A-Za-z]+)/g, (_, p: string) => FIXED[p] ?? MISSING);
  // Every id in the body or query names no record too, so no call (a bulk deactivation…) touches the callers themselves.
  const { body, query } = validRouteInput(r, NO_RECORD);
  return agent.request(r.method, url + query, body === undefined ? {} : { body });
}

type Expect = 'refused-401' | 'refused-403' | 'through' | 'any';

interface Case {
  who: string;
  agent: () => Promise<Agent>;
  expect: Expect;
}

/** Who calls the route and what each must get, from the route's declared access alone. */
function casesOf(r: RouteRecord): Case[] {
  const a = accessOf(r);
  const fixed = (x: Agent) => () => Promise.resolve(x);
  const portal = (e: Expect): Case[] => [
    { who: 'an employee with every right, acting as company A', agent: fixed(actingAll), expect: e },
    { who: 'a company user of A', agent: fixed(customerA), expect: e },
    { who: 'a company user of S (selected areas)', agent: fixed(customerS), expect: e },
  ];
  const staff = (anyOf: readonly Permission[]): Case[] => [
    { who: 'an employee without rights', agent: fixed(staffNone), expect: anyOf.length ? 'refused-403' : 'through' },
    ...anyOf.map((p): Case => ({ who: `an employee with only ${p}`, agent: () => employeeWith(p), expect: 'through' })),
  ];
  const nobody: Case = { who: 'nobody signed in', agent: fixed(anonymous), expect: 'refused-401' };
  switch (a.kind) {
    case 'public':
      return [{ ...nobody, expect: 'any' }, ...staff([]).map((c) => ({ ...c, expect: 'any' as const })), ...portal('any')];
    case 'signed-in':
      return [nobody, ...staff([]), ...portal('through')];
    case 'portal':
      return [nobody, { who: 'an employee', agent: fixed(staffNone), expect: 'refused-403' }, ...portal('through')];
    case 'employee':
      return [nobody, ...staff(a.anyOf), ...portal('refused-403')];
    case 'employee-or-portal':
      return [nobody, ...staff(a.anyOf), ...portal('through')];
  }
}

function check(r: RouteRecord, c: Case, res: InjectResponse): string | null {
  const label = `${keyOf(r)} as ${c.who}: ${res.statusCode} ${res.body.slice(0, 160)}`;
  if (res.statusCode >= 500) return `${label} (a 5xx is a bug)`;
  if (c.expect === 'refused-401' && res.statusCode !== 401) return `${label} (expected 401)`;
  if (c.expect === 'refused-403' && res.statusCode !== 403) return `${label} (expected 403)`;
  if (c.expect === 'through' && (res.statusCode === 401 || res.statusCode === 403) && !(keyOf(r) in RECORD_RULES))
    return `${label} (expected the route to run)`;
  return null;
}

describe('access matrix, generated from the registered routes', () => {
  it('covers every API route and every kind of declared access', () => {
    const kinds = new Set(apiRoutes().map((r) => accessOf(r).kind));
    expect([...kinds].sort()).toEqual(['employee', 'employee-or-portal', 'portal', 'public', 'signed-in']);
    expect(apiRoutes().length).toBeGreaterThan(250);
    for (const k of [...Object.keys(RECORD_RULES), ...SESSION_ROUTES])
      expect(apiRoutes().map(keyOf), `${k} is listed but is no route`).toContain(k);
  });

  it('refuses every caller the declared access refuses, with 401 or 403, and changes nothing', async () => {
    const before = await tableDigest(tdb.db);
    const wrong: string[] = [];
    let calls = 0;
    for (const r of apiRoutes()) {
      for (const c of casesOf(r).filter((x) => x.expect === 'refused-401' || x.expect === 'refused-403')) {
        const problem = check(r, c, await call(await c.agent(), r));
        calls++;
        if (problem) wrong.push(problem);
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(800);
    expect(await tableDigest(tdb.db), 'a refused call changed data').toBe(before);
  }, 240_000);

  it('lets every caller the declared access admits reach the route, and never answers 5xx', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const r of apiRoutes()) {
      if (SESSION_ROUTES.has(keyOf(r))) continue;
      for (const c of casesOf(r).filter((x) => x.expect === 'through' || x.expect === 'any')) {
        const problem = check(r, c, await call(await c.agent(), r));
        calls++;
        if (problem) wrong.push(problem);
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(400);
  }, 240_000);
});
