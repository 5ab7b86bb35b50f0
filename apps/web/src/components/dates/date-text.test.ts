import { describe, expect, it } from 'vitest';
import { formatDay, parseDay, parseTime } from './date-text';

describe('parseDay', () => {
  it.each([
    ['30-11-2026', '2026-11-30'],
    ['1-2-2027', '2027-02-01'],
    ['01/02/2027', '2027-02-01'],
    ['29.02.2028', '2028-02-29'],
    [' 2026-11-30 ', '2026-11-30'],
  ])('reads %s as %s', (typed, iso) => expect(parseDay(typed)).toBe(iso));

  it.each(['', '3', '30-11', '30-11-26', '31-11-2026', '29-02-2027', '00-01-2026', '2026-13-01', '11/30/2026'])(
    'takes %j for no day',
    (typed) => expect(parseDay(typed)).toBeNull(),
  );
});

describe('formatDay', () => {
  it('writes a day as dd-mm-yyyy and leaves anything else alone', () => {
    expect(formatDay('2026-01-05')).toBe('05-01-2026');
    expect(formatDay('')).toBe('');
    expect(formatDay('later')).toBe('later');
  });
});

describe('parseTime', () => {
  it.each([
    ['8', '08:00'],
    ['8:30', '08:30'],
    ['08.30', '08:30'],
    ['830', '08:30'],
    ['0830', '08:30'],
    ['23:59', '23:59'],
    ['0:00', '00:00'],
    ['17h15', '17:15'],
  ])('reads %s as %s', (typed, time) => expect(parseTime(typed)).toBe(time));

  it.each(['', 'acht', '24:00', '12:60', '8:3', '12345', '8 pm', '8:30 AM'])('takes %j for no time', (typed) =>
    expect(parseTime(typed)).toBeNull(),
  );
});
