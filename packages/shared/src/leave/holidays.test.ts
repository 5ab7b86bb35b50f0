import { describe, expect, it } from 'vitest';
import { isoWeekday } from '../platform/iso-week';
import { easterSunday, holidaySet, publicHolidays } from './holidays';

// Hand-checked against the government's published lists (rijksoverheid.nl, "Officiële feestdagen")
// and a calendar: Ascension is Easter + 39 days, Whit Sunday + 49, Whit Monday + 50.
const TABLES: Record<number, [string, string, boolean][]> = {
  2024: [
    ['2024-01-01', 'newYear', true],
    ['2024-03-31', 'easterSunday', true],
    ['2024-04-01', 'easterMonday', true],
    ['2024-04-27', 'kingsDay', true],
    ['2024-05-05', 'liberationDay', false],
    ['2024-05-09', 'ascension', true],
    ['2024-05-19', 'whitSunday', true],
    ['2024-05-20', 'whitMonday', true],
    ['2024-12-25', 'christmas', true],
    ['2024-12-26', 'boxingDay', true],
  ],
  2025: [
    ['2025-01-01', 'newYear', true],
    ['2025-04-20', 'easterSunday', true],
    ['2025-04-21', 'easterMonday', true],
    // 27 April 2025 is a Sunday: King's Day moves to Saturday the 26th.
    ['2025-04-26', 'kingsDay', true],
    // A lustrum year: liberation day is a day off.
    ['2025-05-05', 'liberationDay', true],
    ['2025-05-29', 'ascension', true],
    ['2025-06-08', 'whitSunday', true],
    ['2025-06-09', 'whitMonday', true],
    ['2025-12-25', 'christmas', true],
    ['2025-12-26', 'boxingDay', true],
  ],
  2026: [
    ['2026-01-01', 'newYear', true],
    ['2026-04-05', 'easterSunday', true],
    ['2026-04-06', 'easterMonday', true],
    ['2026-04-27', 'kingsDay', true],
    ['2026-05-05', 'liberationDay', false],
    ['2026-05-14', 'ascension', true],
    ['2026-05-24', 'whitSunday', true],
    ['2026-05-25', 'whitMonday', true],
    ['2026-12-25', 'christmas', true],
    ['2026-12-26', 'boxingDay', true],
  ],
  2027: [
    ['2027-01-01', 'newYear', true],
    ['2027-03-28', 'easterSunday', true],
    ['2027-03-29', 'easterMonday', true],
    ['2027-04-27', 'kingsDay', true],
    ['2027-05-05', 'liberationDay', false],
    ['2027-05-06', 'ascension', true],
    ['2027-05-16', 'whitSunday', true],
    ['2027-05-17', 'whitMonday', true],
    ['2027-12-25', 'christmas', true],
    ['2027-12-26', 'boxingDay', true],
  ],
};

describe('publicHolidays', () => {
  it.each(Object.keys(TABLES).map(Number))('lists the Dutch public holidays of %i by date', (year) => {
    const expected = (TABLES[year] ?? []).map(([date, key, dayOff]) => ({ date, key, dayOff }));
    expect(publicHolidays(year)).toEqual(expected);
  });

  it.each([
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2011, '2011-04-24'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter Sunday %i is %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
    expect(isoWeekday(date)).toBe(7);
  });

  it("moves King's Day to the 26th only when the 27th is a Sunday", () => {
    const kings = (y: number) => publicHolidays(y).find((h) => h.key === 'kingsDay')?.date;
    expect(kings(2025)).toBe('2025-04-26');
    expect(kings(2031)).toBe('2031-04-26');
    expect(kings(2030)).toBe('2030-04-27');
    expect(kings(2032)).toBe('2032-04-27');
  });

  it('gives liberation day off every fifth year only', () => {
    const off = (y: number) => publicHolidays(y).find((h) => h.key === 'liberationDay')?.dayOff;
    expect([2020, 2025, 2030, 2035].map(off)).toEqual([true, true, true, true]);
    expect([2021, 2024, 2026, 2029].map(off)).toEqual([false, false, false, false]);
  });
});

describe('holidaySet', () => {
  it('spans a year boundary, both ends included', () => {
    expect([...holidaySet('2025-12-20', '2026-01-10')].sort()).toEqual(['2025-12-25', '2025-12-26', '2026-01-01']);
    expect([...holidaySet('2025-12-26', '2026-01-01')].sort()).toEqual(['2025-12-26', '2026-01-01']);
    expect([...holidaySet('2026-12-27', '2027-12-31')].sort()).toEqual(
      (TABLES[2027] ?? []).filter(([, , off]) => off).map(([date]) => date),
    );
  });

  it('holds only days off: 5 May 2025 is in, 5 May 2026 is not', () => {
    expect([...holidaySet('2025-05-01', '2025-05-10')]).toEqual(['2025-05-05']);
    expect([...holidaySet('2026-05-01', '2026-05-10')]).toEqual([]);
  });

  it('is empty for a stretch without holidays and holds one day for a one-day range', () => {
    expect(holidaySet('2026-02-01', '2026-03-31').size).toBe(0);
    expect([...holidaySet('2026-12-25', '2026-12-25')]).toEqual(['2026-12-25']);
    expect([...holidaySet('2024-01-01', '2027-12-31')]).toHaveLength(9 + 10 + 9 + 9);
  });
});
