import { describe, expect, it } from 'vitest';
import { isoWeekOf, weekKey } from '../platform/iso-week';
import {
  againstSchedule,
  dayMinutes,
  formatMinutes,
  parseDuration,
  type ScheduleDay,
  type ScheduleVersion,
  scheduledDays,
  scheduledMinutes,
  scheduledMinutesOn,
  scheduleOn,
  timeToMinutes,
  weekMinutes,
  weekParity,
} from './schedules.rules';

const day = (weekday: number, start = '08:00', end = '16:30', breakMinutes = 30): ScheduleDay => ({
  weekday,
  start,
  end,
  breakMinutes,
});
/** Monday to Friday, 8 hours a day (08:00-16:30 with half an hour's break). */
const fullTime = [1, 2, 3, 4, 5].map((d) => day(d));

describe('even and odd ISO weeks (by the week number, across year boundaries)', () => {
  it.each([
    // date, ISO week, parity
    ['2026-12-28', '2026-W53', 'odd'],
    ['2026-12-31', '2026-W53', 'odd'],
    ['2027-01-03', '2026-W53', 'odd'], // a Sunday: still the 53rd week of 2026
    ['2027-01-04', '2027-W01', 'odd'], // two odd weeks in a row
    ['2027-01-10', '2027-W01', 'odd'],
    ['2027-01-11', '2027-W02', 'even'],
    ['2020-12-31', '2020-W53', 'odd'],
    ['2021-01-01', '2020-W53', 'odd'],
    ['2021-01-03', '2020-W53', 'odd'],
    ['2021-01-04', '2021-W01', 'odd'],
    ['2021-01-11', '2021-W02', 'even'],
    ['2025-12-29', '2026-W01', 'odd'], // the Monday of 2026's first week lies in 2025
    ['2026-01-01', '2026-W01', 'odd'],
    ['2026-01-05', '2026-W02', 'even'],
    ['2024-12-30', '2025-W01', 'odd'],
    ['2024-12-29', '2024-W52', 'even'], // a Sunday
    ['2026-11-23', '2026-W48', 'even'],
    ['2026-11-30', '2026-W49', 'odd'],
  ])('%s is %s (%s)', (date, week, parity) => {
    expect(weekKey(isoWeekOf(date))).toBe(week);
    expect(weekParity(date)).toBe(parity);
  });
});

describe('dayMinutes: end minus start minus the break', () => {
  it.each([
    [{ start: '08:00', end: '16:30', breakMinutes: 30 }, 480],
    [{ start: '07:15', end: '15:45', breakMinutes: 45 }, 465],
    [{ start: '09:00', end: '13:00', breakMinutes: 0 }, 240],
    [{ start: '00:00', end: '23:59', breakMinutes: 0 }, 1439],
    [{ start: '10:00', end: '10:30', breakMinutes: 60 }, 0], // never below 0
    [{ start: '16:00', end: '08:00', breakMinutes: 0 }, 0], // end before start
    [{ start: '8:00', end: '16:00', breakMinutes: 0 }, 0], // not HH:MM
    [{ start: '24:00', end: '25:00', breakMinutes: 0 }, 0],
  ])('%o counts %i minutes', (d, minutes) => {
    expect(dayMinutes(d)).toBe(minutes);
  });

  it('timeToMinutes reads HH:MM and nothing else', () => {
    expect(timeToMinutes('00:00')).toBe(0);
    expect(timeToMinutes('23:59')).toBe(1439);
    expect(timeToMinutes('07:05')).toBe(425);
    for (const bad of ['7:05', '24:00', '12:60', '', '12:00:00', ' 12:00']) expect(timeToMinutes(bad)).toBeNaN();
  });
});

describe('scheduled minutes', () => {
  // A part-time person: even weeks Monday to Wednesday, odd weeks Monday and Tuesday (8 hours a day).
  const partTime: ScheduleVersion = {
    effectiveFrom: '2026-01-01',
    days: { even: [day(1), day(2), day(3)], odd: [day(1), day(2)] },
  };

  it('weekMinutes per parity', () => {
    expect(weekMinutes({ even: fullTime, odd: fullTime }, 'even')).toBe(2400);
    expect(weekMinutes(partTime.days, 'even')).toBe(1440);
    expect(weekMinutes(partTime.days, 'odd')).toBe(960);
    expect(weekMinutes({ even: [], odd: [] }, 'odd')).toBe(0);
  });

  it.each([
    // week (Monday to Sunday), parity, minutes
    ['2026-01-05', '2026-01-11', 1440], // W02 even
    ['2026-01-12', '2026-01-18', 960], // W03 odd
    ['2026-12-28', '2027-01-03', 960], // W53 odd
    ['2027-01-04', '2027-01-10', 960], // W01 odd: two odd weeks in a row
    ['2027-01-11', '2027-01-17', 1440], // W02 even
    ['2026-01-05', '2026-01-18', 2400], // two weeks
  ])('a part-timer with different even and odd weeks: %s to %s is %i minutes', (from, to, minutes) => {
    expect(scheduledMinutes([partTime], from, to)).toBe(minutes);
  });

  it('a schedule change in the middle of a period applies from its date; earlier days keep the old version', () => {
    const versions: ScheduleVersion[] = [
      { effectiveFrom: '2026-01-05', days: { even: fullTime, odd: fullTime } },
      // From Wednesday 14 January: mornings only (09:00-13:00), Monday to Thursday.
      {
        effectiveFrom: '2026-01-14',
        days: {
          even: [1, 2, 3, 4].map((d) => day(d, '09:00', '13:00', 0)),
          odd: [1, 2, 3, 4].map((d) => day(d, '09:00', '13:00', 0)),
        },
      },
    ];
    const days = scheduledDays(versions, '2026-01-12', '2026-01-18');
    expect(days).toEqual([
      { date: '2026-01-12', minutes: 480 },
      { date: '2026-01-13', minutes: 480 },
      { date: '2026-01-14', minutes: 240 },
      { date: '2026-01-15', minutes: 240 },
      { date: '2026-01-16', minutes: 0 },
      { date: '2026-01-17', minutes: 0 },
      { date: '2026-01-18', minutes: 0 },
    ]);
    expect(scheduledMinutes(versions, '2026-01-12', '2026-01-18')).toBe(1440);
    // Before the first version nothing is scheduled.
    expect(scheduledMinutes(versions, '2025-12-29', '2026-01-04')).toBe(0);
    expect(scheduleOn(versions, '2026-01-04')).toBeNull();
    expect(scheduleOn(versions, '2026-01-13')?.effectiveFrom).toBe('2026-01-05');
    expect(scheduleOn(versions, '2026-01-14')?.effectiveFrom).toBe('2026-01-14');
    // The order the versions come in does not matter.
    expect(scheduledMinutes([...versions].reverse(), '2026-01-12', '2026-01-18')).toBe(1440);
  });

  it('scheduledMinutesOn: the weekday of the parity of the date', () => {
    expect(scheduledMinutesOn([partTime], '2026-01-07')).toBe(480); // Wednesday, even week
    expect(scheduledMinutesOn([partTime], '2026-01-14')).toBe(0); // Wednesday, odd week
    expect(scheduledMinutesOn([partTime], '2026-01-10')).toBe(0); // Saturday
    expect(scheduledMinutesOn([], '2026-01-05')).toBe(0);
  });

  it('totals against the schedule: booked minus scheduled', () => {
    expect(againstSchedule(2500, 2400)).toEqual({ booked: 2500, scheduled: 2400, difference: 100 });
    expect(againstSchedule(900, 960)).toEqual({ booked: 900, scheduled: 960, difference: -60 });
    expect(againstSchedule(0, 0).difference).toBe(0);
  });
});

describe('durations', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [450, '7:30'],
    [480, '8:00'],
    [1440, '24:00'],
    [2465, '41:05'],
    [-90, '-1:30'],
    [-5, '-0:05'],
  ])('formatMinutes(%i) is %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });

  it.each([
    ['7:30', 450],
    ['07:30', 450],
    ['7,5', 450],
    ['7.5', 450],
    ['8', 480],
    [' 8 ', 480],
    ['0:15', 15],
    ['0,25', 15],
    ['24:00', 1440],
    ['24', 1440],
    ['1,33', 80],
  ])('parseDuration(%j) is %i minutes', (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it.each(['', '0', '0:00', '24:01', '25', '7:60', '7:5', 'abc', '-1', '7,555', '1e1', '100'])(
    'parseDuration(%j) is null',
    (text) => {
      expect(parseDuration(text)).toBeNull();
    },
  );
});
