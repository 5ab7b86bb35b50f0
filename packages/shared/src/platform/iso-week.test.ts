import { describe, expect, it } from 'vitest';
import {
  addDays,
  addWeeks,
  isCalendarDate,
  isEvenWeek,
  isIsoWeek,
  isoWeekday,
  isoWeekOf,
  localDateString,
  MAX_WEEK_YEAR,
  MIN_WEEK_YEAR,
  mondayOf,
  mondayOfWeek,
  parseWeekKey,
  weekKey,
  weeksBetween,
  weeksInYear,
} from './iso-week';

describe('isoWeekOf', () => {
  it.each([
    // date, ISO year, week
    ['2026-01-01', 2026, 1], // a Thursday: week 1 of its own year
    ['2025-12-29', 2026, 1], // the Monday of 2026-W01 is still in 2025
    ['2025-12-28', 2025, 52], // the Sunday before
    ['2026-12-31', 2026, 53], // 2026 has 53 weeks
    ['2027-01-03', 2026, 53], // a Sunday in January still in 2026-W53
    ['2027-01-04', 2027, 1], // 2027-W01 starts on Monday 4 January
    ['2021-01-03', 2020, 53],
    ['2021-01-04', 2021, 1],
    ['2024-12-30', 2025, 1], // Monday 30 December 2024 starts 2025-W01
    ['2024-02-29', 2024, 9], // a leap day
    ['2026-11-23', 2026, 48],
    ['2026-11-29', 2026, 48], // Sunday closes the week (Monday first)
    ['2026-11-30', 2026, 49],
  ])('%s is week %i-%i', (date, year, week) => {
    expect(isoWeekOf(date)).toEqual({ year, week });
  });

  it.each([
    // Years 0 to 99: Date.UTC would read them as 1900 to 1999.
    ['0001-01-01', 1, 1],
    ['0004-01-05', 4, 2],
    ['0048-02-29', 48, 9], // a leap day in a two-digit year
    ['0050-03-07', 50, 10],
    ['0099-12-31', 99, 53],
    ['1900-01-01', 1900, 1],
    ['2999-12-31', 3000, 1],
    ['9999-12-31', 9999, 52],
  ])('%s is week %i-%i, whatever the four-digit year', (date, year, week) => {
    expect(isCalendarDate(date)).toBe(true);
    expect(isoWeekOf(date)).toEqual({ year, week });
  });

  it('counts days in two-digit years as their own', () => {
    expect(isCalendarDate('0050-02-29')).toBe(false); // 50 is no leap year (1950 is not either, 1948 is)
    expect(addDays('0050-03-01', -1)).toBe('0050-02-28');
    expect(addDays('0048-02-28', 1)).toBe('0048-02-29');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(isoWeekday('0050-03-07')).toBe(1);
    expect(weeksInYear(50)).toBe(52);
    expect(weeksInYear(4)).toBe(53);
    expect(mondayOfWeek(50, 10)).toBe('0050-03-07');
  });

  it('refuses what is not a calendar day', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '']) {
      expect(isCalendarDate(bad), bad).toBe(false);
      expect(() => isoWeekOf(bad), bad).toThrow(RangeError);
    }
  });
});

describe('weeks of a year', () => {
  it.each([
    [2015, 53],
    [2020, 53],
    [2021, 52],
    [2024, 52],
    [2025, 52],
    [2026, 53],
    [2027, 52],
    [2032, 53],
  ])('%i has %i weeks', (year, weeks) => {
    expect(weeksInYear(year)).toBe(weeks);
    expect(isIsoWeek(year, weeks)).toBe(true);
    expect(isIsoWeek(year, weeks + 1)).toBe(false);
  });

  it.each([
    [2026, 1, '2025-12-29'],
    [2026, 53, '2026-12-28'],
    [2027, 1, '2027-01-04'],
    [2025, 1, '2024-12-30'],
    [2026, 48, '2026-11-23'],
  ])('%i-W%i starts on Monday %s', (year, week, monday) => {
    expect(mondayOfWeek(year, week)).toBe(monday);
    expect(isoWeekday(monday)).toBe(1);
    expect(isoWeekOf(monday)).toEqual({ year, week });
  });

  it('refuses a week the year does not have', () => {
    expect(() => mondayOfWeek(2027, 53)).toThrow(RangeError);
    expect(() => mondayOfWeek(2026, 0)).toThrow(RangeError);
    expect(() => mondayOfWeek(2026, 1.5)).toThrow(RangeError);
  });
});

describe('moving by weeks', () => {
  it.each([
    [{ year: 2026, week: 52 }, 1, { year: 2026, week: 53 }],
    [{ year: 2026, week: 53 }, 1, { year: 2027, week: 1 }],
    [{ year: 2027, week: 1 }, -1, { year: 2026, week: 53 }],
    [{ year: 2025, week: 52 }, 1, { year: 2026, week: 1 }],
    [{ year: 2026, week: 10 }, 0, { year: 2026, week: 10 }],
    [{ year: 2026, week: 1 }, 105, { year: 2028, week: 1 }],
  ])('%o + %i weeks is %o', (from, n, to) => {
    expect(addWeeks(from, n)).toEqual(to);
    expect(weeksBetween(from, to)).toBe(n);
  });

  it('days and Mondays', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(mondayOf('2027-01-03')).toBe('2026-12-28');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});

describe('week keys', () => {
  it('writes and reads 2026-W05', () => {
    expect(weekKey({ year: 2026, week: 5 })).toBe('2026-W05');
    expect(parseWeekKey('2026-W53')).toEqual({ year: 2026, week: 53 });
    expect(parseWeekKey('2027-W53')).toBeNull();
    expect(parseWeekKey('2026-W5')).toBeNull();
    expect(parseWeekKey('2026W05')).toBeNull();
  });

  it.each([
    ['1900-W01', { year: 1900, week: 1 }],
    ['2999-W52', { year: 2999, week: 52 }],
    ['1899-W52', null],
    ['3000-W01', null],
    ['0050-W10', null],
    ['0001-W01', null],
    ['0000-W01', null],
    ['9999-W40', null],
    ['9999-W52', null],
  ])('reads %s as %o', (key, week) => {
    expect(parseWeekKey(key)).toEqual(week);
  });

  it('accepts the years MIN_WEEK_YEAR to MAX_WEEK_YEAR', () => {
    expect([MIN_WEEK_YEAR, MAX_WEEK_YEAR]).toEqual([1900, 2999]);
    expect(isIsoWeek(MIN_WEEK_YEAR, 1)).toBe(true);
    expect(isIsoWeek(MAX_WEEK_YEAR, 52)).toBe(true);
    expect(isIsoWeek(MIN_WEEK_YEAR - 1, 1)).toBe(false);
    expect(isIsoWeek(MAX_WEEK_YEAR + 1, 1)).toBe(false);
    expect(isIsoWeek(50, 10)).toBe(false);
    expect(isIsoWeek(9999, 52)).toBe(false);
  });

  it('sorts as text in week order', () => {
    const keys = ['2027-W01', '2026-W53', '2026-W09', '2026-W10'].sort();
    expect(keys).toEqual(['2026-W09', '2026-W10', '2026-W53', '2027-W01']);
  });
});

describe('even and odd weeks, and the local day', () => {
  it('follows the ISO week number', () => {
    expect(isEvenWeek('2026-11-23')).toBe(true); // week 48
    expect(isEvenWeek('2026-11-30')).toBe(false); // week 49
    // Across New Year two odd weeks follow each other (53, then 1).
    expect(isEvenWeek('2026-12-28')).toBe(false);
    expect(isEvenWeek('2027-01-04')).toBe(false);
  });

  it('takes the day as Amsterdam sees it', () => {
    // 23:30 UTC on 31 December is already New Year in Amsterdam.
    expect(localDateString(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(localDateString(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(localDateString(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });
});
