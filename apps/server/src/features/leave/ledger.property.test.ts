import { leaveCard, type StoredLine } from '@app/shared/leave/leave.rules';
import { addDays } from '@app/shared/platform/iso-week';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { query } from '../../platform/sql';
import { createScheduleRow, FULL_TIME } from '../hours/hours.fixtures';
import { createProjectRow } from '../projects/projects.fixtures';
import { createContractRow, createHourRuleRow, createLeaveTypeRow } from './leave.fixtures';

// The ledger property on the server (D4): random sequences of requests,
// decisions, cancellations, corrections, collective leave and hour bookings, sent through the
// API as the people who would send them. Afterwards the card the API shows equals leaveCard()
// over the stored lines, every total equals the sum of the lines the API lists for it, and no
// day carries more leave than the schedule has. Whatever the API refuses (409s) changes nothing;
// it never answers 5xx.

let tdb: TestDatabase;
let t: TestApp;
let approver: Agent;
let hr: Agent;
let planner: Agent;
let hoursManager: Agent;
let projectId: number;
let types: { id: number; counts: boolean }[];
let person = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  ({ approver, hr, planner, hoursManager } = await castOf(t, {
    staff: {
      approver: { permissions: ['leave.approve'] },
      hr: { permissions: ['leave.manage'] },
      planner: { permissions: ['collective-leave.manage'] },
      hoursManager: { permissions: ['hours.manage'] },
    },
  }));
  projectId = (await createProjectRow(tdb.db, { name: 'Property project' })).id;
  types = [
    { id: (await createLeaveTypeRow(tdb.db, { code: 'PVAK' })).id, counts: true },
    { id: (await createLeaveTypeRow(tdb.db, { code: 'PBV', countsAgainstBalance: false })).id, counts: false },
    { id: (await createLeaveTypeRow(tdb.db, { code: 'PADV', needsApproval: false })).id, counts: true },
  ];
  await createHourRuleRow(tdb.db, { name: 'Weekend', weekdays: [6, 7], percent: 150 });
  await createHourRuleRow(tdb.db, { name: 'Avond', weekdays: [1, 2, 3, 4, 5], start: '18:00', end: '00:00', percent: 125 });
}, 120_000);
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

// Days from Monday 2 November 2026 to the end of February 2027 (the test clock's today is 21 November).
const FIRST = '2026-11-02';
const SPAN = 118;

type Op =
  | { t: 'request'; at: number; len: number; type: number; part: boolean }
  | { t: 'approve' | 'deny' | 'cancel'; pick: number }
  | { t: 'correction'; at: number; minutes: number }
  | { t: 'collective'; at: number; len: number }
  | { t: 'book'; at: number; start: number; minutes: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('request' as const),
      at: fc.nat(SPAN),
      len: fc.integer({ min: 1, max: 8 }),
      type: fc.nat(2),
      part: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constantFrom('approve' as const, 'deny' as const, 'cancel' as const), pick: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('correction' as const),
      at: fc.nat(SPAN),
      minutes: fc.integer({ min: -600, max: 600 }).filter((m) => m !== 0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('collective' as const), at: fc.nat(SPAN), len: fc.integer({ min: 1, max: 6 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('book' as const),
      at: fc.nat(SPAN),
      start: fc.integer({ min: 0, max: 23 }),
      minutes: fc.integer({ min: 30, max: 600 }),
    }),
  },
);

const ok = (status: number, body: string) => {
  expect(status, body).toBeLessThan(500);
  return status < 300;
};

async function apply(worker: Agent, employeeId: number, ops: Op[]): Promise<void> {
  const requests: number[] = [];
  for (const o of ops) {
    if (o.t === 'request') {
      const startsOn = addDays(FIRST, o.at);
      const res = await worker.post('/api/leave-requests', {
        leaveTypeId: (types[o.type] as { id: number }).id,
        startsOn,
        endsOn: o.part ? startsOn : addDays(startsOn, o.len - 1),
        part: o.part ? { start: '12:00', end: '16:30' } : null,
      });
      if (ok(res.statusCode, res.body)) requests.push(res.json().data.id);
    } else if (o.t === 'approve' || o.t === 'deny' || o.t === 'cancel') {
      if (requests.length === 0) continue;
      const id = requests[o.pick % requests.length] as number;
      const current = (await worker.get(`/api/leave-requests/${id}`)).json().data;
      const agent = o.t === 'cancel' ? worker : approver;
      const res = await agent.post(`/api/leave-requests/${id}/${o.t}`, {
        version: current.version,
        ...(o.t === 'deny' ? { reason: 'Te druk' } : {}),
      });
      ok(res.statusCode, res.body);
    } else if (o.t === 'correction') {
      const res = await hr.post(`/api/users/${employeeId}/leave-corrections`, {
        date: addDays(FIRST, o.at),
        description: 'Correctie',
        minutes: o.minutes,
      });
      ok(res.statusCode, res.body);
    } else if (o.t === 'collective') {
      const startsOn = addDays(FIRST, o.at);
      const res = await planner.post('/api/collective-leaves', {
        name: `Collectief ${o.at}`,
        leaveTypeId: (types[0] as { id: number }).id,
        startsOn,
        endsOn: addDays(startsOn, o.len - 1),
        appliesTo: 'selected',
        employeeIds: [employeeId],
      });
      ok(res.statusCode, res.body);
    } else if (o.t === 'book') {
      const res = await hoursManager.post('/api/hours', {
        employeeId,
        date: addDays(FIRST, o.at),
        startTime: `${String(o.start).padStart(2, '0')}:00`,
        projectId,
        minutes: o.minutes,
        activity: 'installation',
      });
      ok(res.statusCode, res.body);
    }
  }
}

async function linesTotal(agent: Agent, employeeId: number, year: number, bucket: string): Promise<number> {
  let page = 1;
  let sum = 0;
  for (;;) {
    const res = (
      await agent.get(`/api/users/${employeeId}/leave-card/lines?year=${year}&bucket=${bucket}&perPage=100&page=${page}`)
    ).json();
    for (const l of res.data as { minutes: number; counts: boolean }[]) if (l.counts) sum += l.minutes;
    expect(sum === res.totalMinutes || page < res.meta.last_page).toBe(true);
    if (page >= res.meta.last_page) return sum;
    page += 1;
  }
}

describe('the leave ledger through the API, under any sequence of operations', () => {
  it('keeps the card equal to the sums of its lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        person += 1;
        const fx = await createEmployee(tdb.db, { firstName: `Prop${person}` });
        await createContractRow(tdb.db, { employeeId: fx.employeeId, startsOn: '2026-01-01', minutesPerWeek: 2400 });
        await createScheduleRow(tdb.db, { employeeId: fx.employeeId, effectiveFrom: '2026-01-01', days: FULL_TIME });
        const worker = await t.signIn(fx);
        await apply(worker, fx.employeeId, ops);

        const lines = await query<StoredLine>(
          tdb.db.orm,
          sql`SELECT kind, date::text AS date, minutes, counts FROM leave_lines WHERE employee_id = ${fx.employeeId}`,
        );
        for (const year of [2026, 2027]) {
          const card = (await worker.get(`/api/users/${fx.employeeId}/leave-card?year=${year}`)).json();
          const ref = leaveCard({
            year,
            firstYear: 2026,
            today: card.today,
            lines,
            contracts: [{ id: 1, startsOn: '2026-01-01', endsOn: null, minutesPerWeek: 2400 }],
            policy: { fullTimeWeekMinutes: 2400, yearlyMinutes: 12000 },
          });
          expect(card).toMatchObject({
            previousYear: ref.previousYear,
            entitlement: ref.entitlement,
            corrections: ref.corrections,
            overtime: ref.overtime,
            taken: ref.taken,
            planned: ref.planned,
            balance: ref.balance,
          });
          expect(card.balance).toBe(
            card.previousYear + card.entitlement + card.corrections + card.overtime - card.taken - card.planned,
          );
          expect(await linesTotal(worker, fx.employeeId, year, 'corrections')).toBe(card.corrections);
          expect(await linesTotal(worker, fx.employeeId, year, 'overtime')).toBe(card.overtime);
          expect(await linesTotal(worker, fx.employeeId, year, 'taken')).toBe(-card.taken || 0);
          expect(await linesTotal(worker, fx.employeeId, year, 'planned')).toBe(-card.planned || 0);
          expect(card.taken).toBeGreaterThanOrEqual(0);
          expect(card.planned).toBeGreaterThanOrEqual(0);
        }
        // No day carries more leave than the 8 hours it is scheduled for.
        const perDay = new Map<string, number>();
        for (const l of lines)
          if (l.kind === 'leave' || l.kind === 'cancellation') perDay.set(l.date, (perDay.get(l.date) ?? 0) - l.minutes);
        for (const [date, minutes] of perDay) expect(minutes, date).toBeLessThanOrEqual(480);
      }),
      { numRuns: 25 },
    );
  }, 600_000);
});
