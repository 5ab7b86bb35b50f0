import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../src/app';
import {
  bookedHours,
  collectiveLeaves,
  declarationCategories,
  declarationPaymentTypes,
  declarations,
  employeeContracts,
  employeeDocuments,
  employees,
  exportRuns,
  files,
  hourRules,
  leaveLines,
  leaveRequests,
  leaveTypes,
  overnightStays,
  schedules,
  sickPeriods,
} from '../src/db/schema';
import { createProjectRow } from '../src/features/projects/projects.fixtures';
import type { Access } from '../src/platform/access';
import { createEmployee, type EmployeeFixture } from './factories/identity';
import { type Agent, startTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paramsOf, tableDigest, validRouteInput } from './helpers/route-matrix';

/**
 * The people matrix, generated from the registered routes: an employee's HR record
 * (profile, schedule, hours, declarations, overnight stays, documents, contracts, exports) is
 * theirs, and another person's needs the part's rights (PEOPLE_RIGHTS). A route added later under
 * one of the HR prefixes is covered the day it is added.
 *
 * - Every route with a record parameter, called by an employee without any right on ANOTHER
 *   employee's record: 403 or 404, never 2xx, and no table changes. A parameter without an entry
 *   in FOREIGN fails with a message saying what to add.
 * - Every GET under the HR prefixes, called by that employee: whatever it answers never names the
 *   other employee (lists show one's own rows only).
 * - Every GET with :userId answers the employee's own record (2xx).
 */

const HR_PREFIXES = [
  '/api/users',
  '/api/hours',
  '/api/declarations',
  '/api/overnights',
  '/api/hr',
  '/api/exports',
  '/api/settings/declarations',
  // Leave.
  '/api/leave-requests',
  '/api/sick-periods',
  '/api/leave-types',
  '/api/leave-policy',
  '/api/hour-rules',
  '/api/collective-leaves',
  '/api/public-holidays',
];
const isHrRoute = (url: string) =>
  HR_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`)) || /^\/api\/projects\/:projectId\/hours/.test(url);

/** The other employee's last name: an answer that contains it shows their data. */
const MARK = 'Vreemdeling-QX';

let tdb: TestDatabase;
let t: TestApp;
let plain: Agent;
let me: EmployeeFixture;
let other: EmployeeFixture;
/** The other employee's records, by the path parameter that names them. */
const foreign: Record<string, string> = {};
/** The plain employee's own records, by parameter (where one exists). */
const own: Record<string, string> = {};

async function hrRows(who: EmployeeFixture, projectId: number) {
  const one = async <T>(q: Promise<T[]>) => (await q)[0] as T;
  const [file, docFile] = await Promise.all(
    ['receipt', 'document'].map((name) =>
      one(
        tdb.db.orm
          .insert(files)
          .values({
            storageKey: `people-matrix-${name}-${who.employeeId}`,
            originalName: `${name}.pdf`,
            mime: 'application/pdf',
            size: 10,
            createdBy: who.accountId,
          })
          .returning({ id: files.id }),
      ),
    ),
  );
  const category = await one(
    tdb.db.orm
      .insert(declarationCategories)
      .values({ name: `Reiskosten ${who.employeeId}` })
      .returning({ id: declarationCategories.id }),
  );
  const payment = await one(
    tdb.db.orm
      .insert(declarationPaymentTypes)
      .values({ name: `Eigen rekening ${who.employeeId}` })
      .returning({ id: declarationPaymentTypes.id }),
  );
  const days = { even: [{ weekday: 1, start: '08:00', end: '16:30', breakMinutes: 30 }], odd: [] };
  const schedule = await one(
    tdb.db.orm
      .insert(schedules)
      .values({ employeeId: who.employeeId, effectiveFrom: '2026-01-05', days })
      .returning({ id: schedules.id }),
  );
  const hour = await one(
    tdb.db.orm
      .insert(bookedHours)
      .values({ employeeId: who.employeeId, date: '2026-11-16', projectId, minutes: 480, activity: 'installation' })
      .returning({ id: bookedHours.id }),
  );
  const declaration = await one(
    tdb.db.orm
      .insert(declarations)
      .values({
        employeeId: who.employeeId,
        date: '2026-11-16',
        categoryId: category?.id ?? 0,
        paymentTypeId: payment?.id ?? 0,
        description: 'Parkeren',
        amountCents: 1250,
        receiptFileId: file?.id ?? 0,
      })
      .returning({ id: declarations.id }),
  );
  const overnight = await one(
    tdb.db.orm
      .insert(overnightStays)
      .values({ employeeId: who.employeeId, projectId, date: '2026-11-16', nights: 2, location: 'Papenburg' })
      .returning({ id: overnightStays.id }),
  );
  const document = await one(
    tdb.db.orm
      .insert(employeeDocuments)
      .values({ employeeId: who.employeeId, fileId: docFile?.id ?? 0, type: 'vca', title: 'VCA', expiresOn: '2027-01-01' })
      .returning({ id: employeeDocuments.id }),
  );
  const contract = await one(
    tdb.db.orm
      .insert(employeeContracts)
      .values({ employeeId: who.employeeId, startsOn: '2026-01-01', minutesPerWeek: 2280 })
      .returning({ id: employeeContracts.id }),
  );
  const run = await one(
    tdb.db.orm
      .insert(exportRuns)
      .values({ kind: 'hours', format: 'csv', params: {}, createdBy: who.accountId })
      .returning({ id: exportRuns.id }),
  );
  const leaveType = await one(
    tdb.db.orm
      .insert(leaveTypes)
      .values({ name: `Vakantie ${who.employeeId}`, code: `V${who.employeeId}`, color: '#228be6' })
      .returning({ id: leaveTypes.id }),
  );
  const leaveRequest = await one(
    tdb.db.orm
      .insert(leaveRequests)
      .values({
        employeeId: who.employeeId,
        leaveTypeId: leaveType?.id ?? 0,
        startsOn: '2026-12-07',
        endsOn: '2026-12-07',
        minutes: 480,
      })
      .returning({ id: leaveRequests.id }),
  );
  await tdb.db.orm
    .insert(leaveLines)
    .values({ employeeId: who.employeeId, date: '2026-11-16', kind: 'correction', minutes: 60, description: 'Correctie' });
  const sick = await one(
    tdb.db.orm
      .insert(sickPeriods)
      .values({ employeeId: who.employeeId, startsOn: '2026-10-05', endsOn: '2026-10-07' })
      .returning({ id: sickPeriods.id }),
  );
  const hourRule = await one(
    tdb.db.orm
      .insert(hourRules)
      .values({
        name: 'Weekend',
        weekdays: [6, 7],
        startTime: '00:00',
        endTime: '00:00',
        effectiveFrom: '2026-01-01',
        kind: 'multiplier',
        percent: 150,
      })
      .returning({ id: hourRules.id }),
  );
  const collective = await one(
    tdb.db.orm
      .insert(collectiveLeaves)
      .values({ name: 'Kerst', leaveTypeId: leaveType?.id ?? 0, startsOn: '2026-12-28', endsOn: '2026-12-31' })
      .returning({ id: collectiveLeaves.id }),
  );
  const ids = {
    userId: who.employeeId,
    hourRuleId: hourRule?.id,
    collectiveLeaveId: collective?.id,
    leaveTypeId: leaveType?.id,
    leaveRequestId: leaveRequest?.id,
    sickPeriodId: sick?.id,
    scheduleId: schedule?.id,
    hourId: hour?.id,
    bookedHourId: hour?.id,
    declarationId: declaration?.id,
    categoryId: category?.id,
    paymentTypeId: payment?.id,
    overnightId: overnight?.id,
    documentId: document?.id,
    contractId: contract?.id,
    exportId: run?.id,
    fileId: file?.id,
  };
  return Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, String(v)]));
}

/**
 * `:id` is ambiguous; it names the record of the route's own prefix. Settings lists (categories,
 * payment types) are shared by everyone and are left out of the foreign-record check.
 */
function idParamFor(url: string): string | null {
  if (url.startsWith('/api/hours/')) return 'hourId';
  if (url.startsWith('/api/declarations/')) return 'declarationId';
  if (url.startsWith('/api/overnights/')) return 'overnightId';
  if (url.startsWith('/api/exports/')) return 'exportId';
  return null;
}

const SHARED_PARAMS = new Set([
  'categoryId',
  'paymentTypeId',
  'projectId',
  'kind',
  'leaveTypeId',
  'hourRuleId',
  'collectiveLeaveId',
]);

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  me = await createEmployee(tdb.db, { permissions: [] });
  other = await createEmployee(tdb.db, { permissions: [] });
  await tdb.db.orm.update(employees).set({ lastName: MARK }).where(eq(employees.id, other.employeeId));
  const project = await createProjectRow(tdb.db, { name: 'People matrix project' });
  Object.assign(foreign, await hrRows(other, project.id), { projectId: String(project.id) });
  Object.assign(own, await hrRows(me, project.id), { projectId: String(project.id) });
  plain = t.agent();
  await plain.login(me.email, me.password);
}, 120_000);
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const hrRoutes = (): RouteRecord[] =>
  t.app.routeTable.filter(
    (r) => r.method !== 'HEAD' && isHrRoute(r.url) && (r.config?.access as Access | undefined)?.kind === 'employee',
  );

const named = (url: string, p: string) => (p === 'id' ? idParamFor(url) : p);
const fill = (url: string, values: Record<string, string>) =>
  url.replace(/:([A-Za-z]+)/g, (_, p: string) => values[named(url, p) ?? p] ?? '2147483000');

const digest = () => tableDigest(tdb.db);

describe('people matrix, generated from the registered routes', () => {
  it('finds the HR routes (the generated list is not empty)', () => {
    expect(hrRoutes().length).toBeGreaterThan(20);
  });

  it("refuses another employee's record to an employee without rights: 403 or 404, and nothing changes", async () => {
    const routes = hrRoutes().filter((r) => paramsOf(r.url).length > 0);
    const missing = routes.flatMap((r) =>
      paramsOf(r.url)
        .map((p) => named(r.url, p))
        .filter((p): p is string => p === null || !(p in foreign))
        .map((p) => `${r.method} ${r.url}: add a record for ${p ?? ':id'} to hrRows/idParamFor`),
    );
    expect(missing).toEqual([]);
    const before = await digest();
    for (const r of routes) {
      const recordParams = paramsOf(r.url)
        .map((p) => named(r.url, p) as string)
        .filter((p) => !SHARED_PARAMS.has(p));
      if (recordParams.length === 0) continue;
      const { body, query } = validRouteInput(r, own);
      const res = await plain.request(r.method, fill(r.url, foreign) + query, body === undefined ? {} : { body });
      expect([403, 404], `${r.method} ${fill(r.url, foreign)}: ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(
        res.statusCode,
      );
      expect(res.body).not.toContain(MARK);
    }
    expect(await digest()).toBe(before);
  }, 240_000);

  it('never names another employee in what it answers to an employee without rights (lists show their own rows)', async () => {
    for (const r of hrRoutes().filter((x) => x.method === 'GET')) {
      const { query } = validRouteInput(r, own);
      const res = await plain.request('GET', fill(r.url, own) + query);
      expect(res.statusCode, `GET ${fill(r.url, own)}${query}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      expect(res.body, `GET ${fill(r.url, own)}${query} shows another employee`).not.toContain(MARK);
    }
  }, 240_000);

  it("answers an employee's own record on every GET with :userId", async () => {
    const routes = hrRoutes().filter((r) => r.method === 'GET' && paramsOf(r.url).includes('userId'));
    expect(routes.length).toBeGreaterThan(5);
    for (const r of routes) {
      const { query } = validRouteInput(r, own);
      const res = await plain.request('GET', fill(r.url, own) + query);
      expect(res.statusCode, `GET ${fill(r.url, own)}${query}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    }
  }, 240_000);
});
