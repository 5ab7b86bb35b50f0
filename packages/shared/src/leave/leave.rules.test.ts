import { describe, expect, it } from 'vitest';
import type { ScheduleDay, ScheduleVersion } from '../hours/schedules.rules';
import {
  chainYears,
  collectiveDays,
  entitlementLines,
  type HourRule,
  leaveCard,
  lineBucket,
  overtimeLines,
  partDayMinutes,
  requestDays,
  type StoredLine,
} from './leave.rules';

// Hand-computed cases. Every expected figure was worked out on paper from the rule in
// the comment, not by running the code.

const day = (weekday: number, start: string, end: string, breakMinutes = 30): ScheduleDay => ({
  weekday,
  start,
  end,
  breakMinutes,
});
const weekdays = (start: string, end: string, breakMinutes = 30, days = [1, 2, 3, 4, 5]) =>
  days.map((d) => day(d, start, end, breakMinutes));
/** 08:00-16:30 with 30 minutes break: 8:00 (480) Monday to Friday, even and odd. */
const fullTime: ScheduleVersion = {
  effectiveFrom: '2020-01-01',
  days: { even: weekdays('08:00', '16:30'), odd: weekdays('08:00', '16:30') },
};
const none = new Set<string>();
const sum = (days: { minutes: number }[]) => days.reduce((s, d) => s + d.minutes, 0);

describe('requestDays: the hours of a request from the schedule', () => {
  it('follows even and odd weeks', () => {
    // Even weeks Monday-Thursday 8:00, odd weeks Monday-Friday 08:00-12:00 (no break) = 4:00.
    const partTime: ScheduleVersion = {
      effectiveFrom: '2026-01-01',
      days: { even: weekdays('08:00', '16:30', 30, [1, 2, 3, 4]), odd: weekdays('08:00', '12:00', 0) },
    };
    // 2026-11-23 is a Monday of ISO week 48 (even): 4 x 480 = 1920; week 49 (odd, 30 Nov - 6 Dec): 5 x 240 = 1200.
    const days = requestDays({ versions: [partTime], from: '2026-11-23', till: '2026-12-06', holidays: none, collective: none });
    expect(days).toHaveLength(14);
    expect(sum(days)).toBe(3120);
    expect(days.find((d) => d.date === '2026-11-27')).toEqual({ date: '2026-11-27', minutes: 0, excluded: 'not_scheduled' });
    expect(days.find((d) => d.date === '2026-12-04')).toEqual({ date: '2026-12-04', minutes: 240, excluded: null });
  });

  it('takes a schedule change in the period from its date', () => {
    // Full time until Tuesday 24 November, from Wednesday 25 November 08:00-14:30 with 30 break = 6:00.
    const later: ScheduleVersion = {
      effectiveFrom: '2026-11-25',
      days: { even: weekdays('08:00', '14:30'), odd: weekdays('08:00', '14:30') },
    };
    const days = requestDays({
      versions: [fullTime, later],
      from: '2026-11-23',
      till: '2026-11-27',
      holidays: none,
      collective: none,
    });
    // 480 + 480 + 360 + 360 + 360
    expect(sum(days)).toBe(2040);
  });

  it('leaves out public holidays and collective leave', () => {
    // 21 Dec 2026 - 1 Jan 2027: weekdays 21-25 and 28 Dec - 1 Jan; 25 Dec and 1 Jan are holidays, 28-31 Dec collective.
    const holidays = new Set(['2026-12-25', '2026-12-26', '2027-01-01']);
    const collective = new Set(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31']);
    const days = requestDays({ versions: [fullTime], from: '2026-12-21', till: '2027-01-01', holidays, collective });
    // 21, 22, 23, 24 December: 4 x 480
    expect(sum(days)).toBe(1920);
    expect(days.filter((d) => d.excluded === 'holiday').map((d) => d.date)).toEqual(['2026-12-25', '2026-12-26', '2027-01-01']);
    expect(days.filter((d) => d.excluded === 'collective')).toHaveLength(4);
  });

  it('counts part of a day within the scheduled time, at most the day', () => {
    const d = day(3, '08:00', '16:30', 30);
    expect(partDayMinutes(d, { start: '12:00', end: '16:30' })).toBe(270);
    expect(partDayMinutes(d, { start: '08:00', end: '16:30' })).toBe(480);
    expect(partDayMinutes(d, { start: '07:00', end: '09:00' })).toBe(60);
    expect(partDayMinutes(d, { start: '17:00', end: '18:00' })).toBe(0);
    // Wednesday 25 November 2026, 12:00-16:30: 4:30
    const days = requestDays({
      versions: [fullTime],
      from: '2026-11-25',
      till: '2026-11-25',
      part: { start: '12:00', end: '16:30' },
      holidays: none,
      collective: none,
    });
    expect(days).toEqual([{ date: '2026-11-25', minutes: 270, excluded: null }]);
    // On a Saturday a part of the day takes nothing.
    const saturday = requestDays({
      versions: [fullTime],
      from: '2026-11-28',
      till: '2026-11-28',
      part: { start: '09:00', end: '12:00' },
      holidays: none,
      collective: none,
    });
    expect(saturday).toEqual([{ date: '2026-11-28', minutes: 0, excluded: 'not_scheduled' }]);
  });

  it('is nothing before the first schedule', () => {
    const later: ScheduleVersion = { ...fullTime, effectiveFrom: '2026-11-26' };
    const days = requestDays({ versions: [later], from: '2026-11-23', till: '2026-11-27', holidays: none, collective: none });
    // Thursday and Friday only
    expect(sum(days)).toBe(960);
  });
});

describe('collectiveDays: collective leave by each person their own schedule', () => {
  it('takes the scheduled hours, or the fixed hours on scheduled days, skipping holidays and leave already taken', () => {
    const holidays = new Set(['2026-12-25', '2026-12-26']);
    const onLeave = new Set(['2026-12-22']);
    const scheduled = collectiveDays({
      versions: [fullTime],
      from: '2026-12-21',
      till: '2026-12-27',
      minutesPerDay: null,
      holidays,
      alreadyOnLeave: onLeave,
    });
    // 21, 23, 24 December: 3 x 480
    expect(sum(scheduled)).toBe(1440);
    const fixed = collectiveDays({
      versions: [fullTime],
      from: '2026-12-21',
      till: '2026-12-27',
      minutesPerDay: 420,
      holidays,
      alreadyOnLeave: onLeave,
    });
    expect(sum(fixed)).toBe(1260);
  });
});

describe('overtimeLines: hour rules at midnight and weekend boundaries', () => {
  const rule = (r: Partial<HourRule> & Pick<HourRule, 'id'>): HourRule => ({
    weekdays: [1, 2, 3, 4, 5],
    start: '18:00',
    end: '00:00',
    effectiveFrom: '2026-01-01',
    kind: 'multiplier',
    percent: 125,
    allowanceMinutes: null,
    feedsOvertime: true,
    active: true,
    ...r,
  });
  const evening = rule({ id: 1 });
  const weekend = rule({ id: 2, weekdays: [6, 7], start: '00:00', end: '00:00', percent: 150 });
  const night = rule({
    id: 3,
    start: '22:00',
    end: '06:00',
    kind: 'allowance',
    percent: null,
    allowanceMinutes: 30,
    feedsOvertime: false,
  });
  const rules = [evening, weekend, night];

  it('splits a Friday night shift at midnight into the evening and the weekend', () => {
    // Friday 27 Nov 2026 22:00 for 4:00: 120 min Friday evening x 1.25 = 150; 120 min Saturday x 1.5 = 180; the night allowance 30, not on the balance.
    expect(overtimeLines({ date: '2026-11-27', startTime: '22:00', minutes: 240 }, rules)).toEqual([
      { hourRuleId: 1, matchedMinutes: 120, minutes: 150, counts: true },
      { hourRuleId: 2, matchedMinutes: 120, minutes: 180, counts: true },
      { hourRuleId: 3, matchedMinutes: 240, minutes: 30, counts: false },
    ]);
  });

  it('ends the weekend at Sunday midnight', () => {
    // Sunday 29 Nov 23:00 for 2:00: 60 min Sunday x 1.5 = 90; Monday 00:00-01:00 is no window (the evening starts at 18:00, the night on Monday at 22:00).
    expect(overtimeLines({ date: '2026-11-29', startTime: '23:00', minutes: 120 }, rules)).toEqual([
      { hourRuleId: 2, matchedMinutes: 60, minutes: 90, counts: true },
    ]);
  });

  it('lets the highest multiplier win where windows overlap', () => {
    // A Saturday evening rule at 200 % over the weekend's 150 %: Saturday 28 Nov 17:00-21:00 = 60 at 150 % + 180 at 200 %.
    const saturdayEvening = rule({ id: 4, weekdays: [6], start: '18:00', end: '00:00', percent: 200 });
    expect(overtimeLines({ date: '2026-11-28', startTime: '17:00', minutes: 240 }, [weekend, saturdayEvening])).toEqual([
      { hourRuleId: 2, matchedMinutes: 60, minutes: 90, counts: true },
      { hourRuleId: 4, matchedMinutes: 180, minutes: 360, counts: true },
    ]);
  });

  it('matches a booking without a start time by whole-day windows only', () => {
    expect(overtimeLines({ date: '2026-11-28', startTime: null, minutes: 480 }, rules)).toEqual([
      { hourRuleId: 2, matchedMinutes: 480, minutes: 720, counts: true },
    ]);
    expect(overtimeLines({ date: '2026-11-25', startTime: null, minutes: 600 }, rules)).toEqual([]);
  });

  it('applies a rule from its date and only while active', () => {
    const later = rule({ id: 5, weekdays: [6, 7], start: '00:00', end: '00:00', percent: 150, effectiveFrom: '2026-11-29' });
    expect(overtimeLines({ date: '2026-11-28', startTime: '10:00', minutes: 60 }, [later])).toEqual([]);
    expect(overtimeLines({ date: '2026-11-29', startTime: '10:00', minutes: 60 }, [later])).toHaveLength(1);
    expect(overtimeLines({ date: '2026-11-29', startTime: '10:00', minutes: 60 }, [{ ...later, active: false }])).toEqual([]);
  });

  it('counts a window past midnight for the day it starts on', () => {
    // Tuesday 24 Nov 03:00-05:00 falls in Monday's night window (22:00-06:00).
    expect(overtimeLines({ date: '2026-11-24', startTime: '03:00', minutes: 120 }, [night])).toEqual([
      { hourRuleId: 3, matchedMinutes: 120, minutes: 30, counts: false },
    ]);
    // Saturday 28 Nov 03:00: Friday's night window runs until Saturday 06:00; Saturday's own does not exist (Mon-Fri).
    expect(overtimeLines({ date: '2026-11-28', startTime: '03:00', minutes: 60 }, [night])).toHaveLength(1);
    // Monday 23 Nov 03:00: Sunday has no night window.
    expect(overtimeLines({ date: '2026-11-23', startTime: '03:00', minutes: 60 }, [night])).toEqual([]);
  });
});

describe('entitlementLines: pro rata for part-time and for joining or leaving mid-year', () => {
  const policy = { fullTimeWeekMinutes: 2400, yearlyMinutes: 12000 };

  it('gives a full-time year its full entitlement, leap years too', () => {
    const c = [{ id: 1, startsOn: '2020-01-01', endsOn: null, minutesPerWeek: 2400 }];
    expect(entitlementLines(c, 2026, policy).map((l) => l.minutes)).toEqual([12000]);
    expect(entitlementLines(c, 2028, policy)[0]).toMatchObject({ days: 366, daysInYear: 366, minutes: 12000 });
  });

  it('is pro rata for 32 hours a week from 1 July', () => {
    // 12000 x 1920/2400 x 184/365 = 4839.45 -> 4839
    const c = [{ id: 2, startsOn: '2026-07-01', endsOn: null, minutesPerWeek: 1920 }];
    expect(entitlementLines(c, 2026, policy)).toEqual([
      { contractId: 2, from: '2026-07-01', till: '2026-12-31', days: 184, daysInYear: 365, minutesPerWeek: 1920, minutes: 4839 },
    ]);
    expect(entitlementLines(c, 2025, policy)).toEqual([]);
  });

  it('is pro rata for a leaver and per contract when the hours change', () => {
    // Full time until 31 March (90 days): 12000 x 90/365 = 2958.9 -> 2959; then 24 hours a week (275 days): 12000 x 0.6 x 275/365 = 5424.66 -> 5425.
    const c = [
      { id: 3, startsOn: '2024-05-01', endsOn: '2026-03-31', minutesPerWeek: 2400 },
      { id: 4, startsOn: '2026-04-01', endsOn: null, minutesPerWeek: 1440 },
    ];
    expect(entitlementLines(c, 2026, policy).map((l) => [l.days, l.minutes])).toEqual([
      [90, 2959],
      [275, 5425],
    ]);
  });
});

describe('the card: buckets, the year-end carry-over, the balance', () => {
  const today = '2026-11-24';
  const policy = { fullTimeWeekMinutes: 2400, yearlyMinutes: 12000 };
  const contracts = [{ id: 1, startsOn: '2025-01-01', endsOn: null, minutesPerWeek: 2400 }];

  it('puts leave by its day in taken or planned', () => {
    expect(lineBucket('leave', '2026-11-24', today)).toBe('taken');
    expect(lineBucket('cancellation', '2026-11-25', today)).toBe('planned');
    expect(lineBucket('correction', '2027-01-01', today)).toBe('corrections');
    expect(lineBucket('overtime', '2026-01-01', today)).toBe('overtime');
  });

  it('carries the closing balance over as the next year first line', () => {
    const lines: StoredLine[] = [
      // 2025: ten days taken (4800), a correction of +4:00.
      ...Array.from({ length: 10 }, (_, i) => ({
        kind: 'leave' as const,
        date: `2025-08-${String(i + 4).padStart(2, '0')}`,
        minutes: -480,
        counts: true,
      })),
      { kind: 'correction', date: '2025-12-31', minutes: 240, counts: true },
      // 2026: a day taken, a day planned, a planned day cancelled, overtime, special leave that does not count.
      { kind: 'leave', date: '2026-03-02', minutes: -480, counts: true },
      { kind: 'leave', date: '2026-12-01', minutes: -480, counts: true },
      { kind: 'leave', date: '2026-12-02', minutes: -480, counts: true },
      { kind: 'cancellation', date: '2026-12-02', minutes: 480, counts: true },
      { kind: 'overtime', date: '2026-06-06', minutes: 90, counts: true },
      { kind: 'leave', date: '2026-05-04', minutes: -480, counts: false },
    ];
    const card = leaveCard({ year: 2026, firstYear: 2025, today, lines, contracts, policy });
    // 2025: 12000 + 240 - 4800 = 7440
    expect(card.years[0]).toMatchObject({ year: 2025, balance: 7440 });
    // 2026: 7440 + 12000 + 0 + 90 - 480 - 480 = 18570
    expect(card).toMatchObject({
      previousYear: 7440,
      entitlement: 12000,
      corrections: 0,
      overtime: 90,
      taken: 480,
      planned: 480,
      balance: 18570,
    });
    // A late correction in 2025 flows into 2026's carry-over without rewriting anything.
    const later = leaveCard({
      year: 2026,
      firstYear: 2025,
      today,
      lines: [...lines, { kind: 'correction', date: '2025-06-01', minutes: -60, counts: true }],
      contracts,
      policy,
    });
    expect(later.previousYear).toBe(7380);
    expect(later.balance).toBe(18510);
  });

  it('chains years that have no lines', () => {
    const card = chainYears(2024, 2026, (y) => ({
      year: y,
      entitlement: 100,
      corrections: 0,
      overtime: 0,
      taken: 0,
      planned: 0,
    }));
    expect(card.years.map((y) => y.balance)).toEqual([100, 200, 300]);
    expect(card.previousYear).toBe(200);
  });
});
