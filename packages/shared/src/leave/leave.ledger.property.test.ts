import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ScheduleVersion, scheduledMinutesOn } from '../hours/schedules.rules';
import type { Viewer } from '../platform/abilities';
import { addDays } from '../platform/iso-week';
import { holidaySet } from './holidays';
import {
  cancelVerdict,
  collectiveDays,
  type DayHours,
  decideVerdict,
  entitlementLines,
  type HourRule,
  leaveCard,
  lineBucket,
  overtimeLines,
  requestDays,
  type StoredLine,
} from './leave.rules';

// Property tests of the leave ledger: any sequence of requests, decisions,
// cancellations, corrections, collective leave bookings and hour bookings, applied with the same
// rules the server uses, leaves a card whose figures are sums of its lines and whose balance is
// entitlement + previous year + corrections + overtime - taken - planned.

const TODAY = '2026-06-15';
const FIRST = '2025-01-01';
const DAYS = 730; // 2025 and 2026
const policy = { fullTimeWeekMinutes: 2400, yearlyMinutes: 12000 };
const contracts = [
  { id: 1, startsOn: '2025-01-01', endsOn: '2026-03-31', minutesPerWeek: 2400 },
  { id: 2, startsOn: '2026-04-01', endsOn: null, minutesPerWeek: 1920 },
];
const wd = (weekday: number, start: string, end: string, breakMinutes: number) => ({ weekday, start, end, breakMinutes });
const versions: ScheduleVersion[] = [
  {
    effectiveFrom: '2025-01-01',
    days: {
      even: [1, 2, 3, 4, 5].map((d) => wd(d, '08:00', '16:30', 30)),
      odd: [1, 2, 3, 4, 5].map((d) => wd(d, '08:00', '16:30', 30)),
    },
  },
  // From April 2026 part-time: even weeks Monday-Thursday 8:00, odd weeks Monday-Wednesday 08:00-14:00 with 15 break.
  {
    effectiveFrom: '2026-04-01',
    days: { even: [1, 2, 3, 4].map((d) => wd(d, '08:00', '16:30', 30)), odd: [1, 2, 3].map((d) => wd(d, '08:00', '14:00', 15)) },
  },
];
const rules: HourRule[] = [
  {
    id: 1,
    weekdays: [1, 2, 3, 4, 5],
    start: '18:00',
    end: '00:00',
    effectiveFrom: '2025-01-01',
    kind: 'multiplier',
    percent: 125,
    allowanceMinutes: null,
    feedsOvertime: true,
    active: true,
  },
  {
    id: 2,
    weekdays: [6, 7],
    start: '00:00',
    end: '00:00',
    effectiveFrom: '2025-03-01',
    kind: 'multiplier',
    percent: 150,
    allowanceMinutes: null,
    feedsOvertime: true,
    active: true,
  },
  {
    id: 3,
    weekdays: [1, 2, 3, 4, 5],
    start: '22:00',
    end: '06:00',
    effectiveFrom: '2025-01-01',
    kind: 'allowance',
    percent: null,
    allowanceMinutes: 30,
    feedsOvertime: false,
    active: true,
  },
];
const me: Viewer = { kind: 'employee', permissions: new Set(), roleId: null, companyId: null, employeeId: 1 };
const manager: Viewer = {
  kind: 'employee',
  permissions: new Set(['leave.approve', 'leave.manage']),
  roleId: null,
  companyId: null,
  employeeId: 2,
};
const holidays = holidaySet('2025-01-01', '2026-12-31');

type Op =
  | { t: 'request'; at: number; len: number; counts: boolean; part: boolean }
  | { t: 'decide'; pick: number; approve: boolean }
  | { t: 'cancel'; pick: number }
  | { t: 'correction'; at: number; minutes: number }
  | { t: 'collective'; at: number; len: number; perDay: number | null }
  | { t: 'book'; at: number; start: number | null; minutes: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    t: fc.constant('request' as const),
    at: fc.nat(DAYS - 1),
    len: fc.integer({ min: 1, max: 15 }),
    counts: fc.boolean(),
    part: fc.boolean(),
  }),
  fc.record({ t: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ t: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({
    t: fc.constant('correction' as const),
    at: fc.nat(DAYS - 1),
    minutes: fc.integer({ min: -2400, max: 2400 }).filter((m) => m !== 0),
  }),
  fc.record({
    t: fc.constant('collective' as const),
    at: fc.nat(DAYS - 1),
    len: fc.integer({ min: 1, max: 10 }),
    perDay: fc.option(fc.integer({ min: 60, max: 480 })),
  }),
  fc.record({
    t: fc.constant('book' as const),
    at: fc.nat(DAYS - 1),
    start: fc.option(fc.integer({ min: 0, max: 1439 })),
    minutes: fc.integer({ min: 1, max: 720 }),
  }),
);

interface Request {
  status: 'pending' | 'approved' | 'denied' | 'cancelled';
  from: string;
  till: string;
  part: { start: string; end: string } | null;
  days: DayHours[];
  counts: boolean;
  lines: StoredLine[];
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Applies the operations as the server does and returns the stored lines. */
function run(ops: Op[]): StoredLine[] {
  const lines: StoredLine[] = [];
  const requests: Request[] = [];
  const leaveOn = (from: string, till: string, which: 'collective' | 'request') => {
    const net = new Map<string, number>();
    for (const l of lines) {
      const tagged = (l as StoredLine & { source?: string }).source;
      if ((l.kind === 'leave' || l.kind === 'cancellation') && tagged === which && l.date >= from && l.date <= till) {
        net.set(l.date, (net.get(l.date) ?? 0) + l.minutes);
      }
    }
    return new Set([...net].filter(([, m]) => m < 0).map(([d]) => d));
  };
  for (const o of ops) {
    if (o.t === 'request') {
      const from = addDays(FIRST, o.at);
      const till = o.part ? from : addDays(from, o.len - 1);
      // The server refuses a request that overlaps a pending or approved one (LEAVE_OVERLAP).
      if (requests.some((r) => (r.status === 'pending' || r.status === 'approved') && r.from <= till && r.till >= from)) continue;
      const part = o.part ? { start: '12:00', end: '16:30' } : null;
      requests.push({ status: 'pending', from, till, part, days: [], counts: o.counts, lines: [] });
    } else if (o.t === 'decide' && requests.length) {
      const r = requests[o.pick % requests.length] as Request;
      if (decideVerdict(manager, { employeeId: 1, status: r.status }) !== true) continue;
      r.status = o.approve ? 'approved' : 'denied';
      if (o.approve) {
        // Approving computes the days again, as they stand now (collective leave booked since is left out).
        r.days = requestDays({
          versions,
          from: r.from,
          till: r.till,
          part: r.part,
          holidays,
          collective: leaveOn(r.from, r.till, 'collective'),
        });
        r.lines = r.days
          .filter((d) => d.minutes > 0)
          .map((d) =>
            Object.assign({ kind: 'leave' as const, date: d.date, minutes: -d.minutes, counts: r.counts }, { source: 'request' }),
          );
        lines.push(...r.lines);
      }
    } else if (o.t === 'cancel' && requests.length) {
      const r = requests[o.pick % requests.length] as Request;
      if (cancelVerdict(me, { employeeId: 1, status: r.status, startsOn: r.from }, TODAY) !== true) continue;
      if (r.status === 'approved') {
        lines.push(
          ...r.lines.map((l) =>
            Object.assign(
              { kind: 'cancellation' as const, date: l.date, minutes: -l.minutes, counts: l.counts },
              { source: 'request' },
            ),
          ),
        );
      }
      r.status = 'cancelled';
    } else if (o.t === 'correction') {
      lines.push({ kind: 'correction', date: addDays(FIRST, o.at), minutes: o.minutes, counts: true });
    } else if (o.t === 'collective') {
      const from = addDays(FIRST, o.at);
      const till = addDays(from, o.len - 1);
      const days = collectiveDays({
        versions,
        from,
        till,
        minutesPerDay: o.perDay,
        holidays,
        alreadyOnLeave: new Set([...leaveOn(from, till, 'request'), ...leaveOn(from, till, 'collective')]),
      });
      lines.push(
        ...days
          .filter((d) => d.minutes > 0)
          .map((d) =>
            Object.assign({ kind: 'leave' as const, date: d.date, minutes: -d.minutes, counts: true }, { source: 'collective' }),
          ),
      );
    } else if (o.t === 'book') {
      const date = addDays(FIRST, o.at);
      for (const ot of overtimeLines({ date, startTime: o.start === null ? null : hhmm(o.start), minutes: o.minutes }, rules)) {
        lines.push({ kind: 'overtime', date, minutes: ot.minutes, counts: ot.counts });
      }
    }
  }
  return lines;
}

const sumOf = (ls: StoredLine[]) => ls.reduce((s, l) => s + l.minutes, 0);

describe('the leave ledger under any sequence of operations', () => {
  it('keeps every total the sum of its lines and the balance the sum of the parts', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const lines = run(ops);
        for (const year of [2025, 2026]) {
          const card = leaveCard({ year, firstYear: 2025, today: TODAY, lines, contracts, policy });
          const ofYear = lines.filter((l) => l.counts && Number(l.date.slice(0, 4)) === year);
          const bucket = (b: string) => ofYear.filter((l) => lineBucket(l.kind, l.date, TODAY) === b);
          // Every total is the sum of its lines.
          expect(card.entitlement).toBe(entitlementLines(contracts, year, policy).reduce((s, l) => s + l.minutes, 0));
          expect(card.corrections).toBe(sumOf(bucket('corrections')));
          expect(card.overtime).toBe(sumOf(bucket('overtime')));
          expect(card.taken).toBe(0 - sumOf(bucket('taken')));
          expect(card.planned).toBe(0 - sumOf(bucket('planned')));
          // The balance is the sum of its parts ...
          expect(card.balance).toBe(
            card.previousYear + card.entitlement + card.corrections + card.overtime - card.taken - card.planned,
          );
          // ... and, independently, every entitlement so far plus every counting line so far.
          let entitled = 0;
          for (let y = 2025; y <= year; y++)
            entitled += entitlementLines(contracts, y, policy).reduce((s, l) => s + l.minutes, 0);
          expect(card.balance).toBe(entitled + sumOf(lines.filter((l) => l.counts && Number(l.date.slice(0, 4)) <= year)));
          // Cancellations never give back more than was taken or planned.
          expect(card.taken).toBeGreaterThanOrEqual(0);
          expect(card.planned).toBeGreaterThanOrEqual(0);
        }
        // No day carries more leave than the schedule has on it (collective leave and requests never double up).
        const perDay = new Map<string, number>();
        for (const l of lines)
          if (l.kind === 'leave' || l.kind === 'cancellation') perDay.set(l.date, (perDay.get(l.date) ?? 0) - l.minutes);
        for (const [date, taken] of perDay) expect(taken).toBeLessThanOrEqual(Math.max(scheduledMinutesOn(versions, date), 480));
      }),
      { numRuns: 300 },
    );
  });
});
