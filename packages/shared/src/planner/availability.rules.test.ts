import { describe, expect, it } from 'vitest';
import {
  absentMinutes,
  entryConflicts,
  holidaysIn,
  isAway,
  type PersonAvailability,
  personDay,
  plannedMinutesOn,
  planningState,
  totalsOf,
} from './availability.rules';

const day = (weekday: number) => ({ weekday, start: '08:00', end: '16:30', breakMinutes: 30 });
/** Even weeks Monday to Friday, odd weeks Monday to Wednesday: 8 h a day. */
const person: PersonAvailability = {
  employee: { id: 1, name: 'Daan' },
  schedules: [{ effectiveFrom: '2026-01-05', days: { even: [1, 2, 3, 4, 5].map(day), odd: [1, 2, 3].map(day) } }],
  absences: [
    {
      kind: 'leave',
      status: 'pending',
      from: '2026-11-26',
      till: '2026-11-26',
      label: 'Vakantie',
      code: 'VAK',
      color: '',
      part: null,
    },
  ],
};

describe('availability rules', () => {
  it("reads a day from the even or odd week and the day's absences", () => {
    expect(personDay(person, [], '2026-11-26')).toMatchObject({
      minutes: 480,
      start: '08:00',
      absences: [{ status: 'pending' }],
    }); // week 48, even
    expect(personDay(person, [], '2026-12-03')).toMatchObject({ minutes: 0, start: null, absences: [] }); // week 49, odd Thursday
    expect(personDay(person, [], '2026-01-04')).toMatchObject({ minutes: 0 }); // before the first version
  });

  it('lists the public holidays that are days off in a window, end exclusive', () => {
    expect(holidaysIn('2026-12-21', '2026-12-26')).toEqual([{ date: '2026-12-25', key: 'christmas' }]);
    expect(holidaysIn('2026-05-04', '2026-05-06')).toEqual([]); // 5 May: a day off every fifth year only
  });

  it('counts an all-day entry as the scheduled minutes, a timed one by its minutes within the day', () => {
    expect(plannedMinutesOn({ start: '2026-11-23T00:00', end: '2026-11-28T00:00', allDay: true }, '2026-11-24', 480)).toBe(480);
    expect(plannedMinutesOn({ start: '2026-11-23T22:00', end: '2026-11-24T02:00', allDay: false }, '2026-11-24', 480)).toBe(120);
    expect(plannedMinutesOn({ start: '2026-11-23T08:00', end: '2026-11-23T12:00', allDay: false }, '2026-11-24', 480)).toBe(0);
  });

  it('totals a week: leave takes the day out of what is available; over and under by planned against available', () => {
    const week = (entries: { start: string; end: string; allDay: boolean }[]) =>
      totalsOf(person, [], entries, '2026-11-23', '2026-11-30');
    const allWeek = week([{ start: '2026-11-23T00:00', end: '2026-11-28T00:00', allDay: true }]);
    expect(allWeek).toEqual({ scheduled: 2400, available: 1920, planned: 2400, free: 0 });
    expect(planningState(allWeek)).toBe('over');
    const monday = week([{ start: '2026-11-23T08:00', end: '2026-11-23T12:00', allDay: false }]);
    expect(monday).toEqual({ scheduled: 2400, available: 1920, planned: 240, free: 1680 });
    expect(planningState(monday)).toBe('under');
    expect(planningState({ available: 0, planned: 0 })).toBe('none');
    expect(planningState({ available: 60, planned: 60 })).toBe('even');
  });

  it('merges the days off of a timed entry across days into one reason, and finds overlaps by the minute', () => {
    const span = { start: '2026-12-03T08:00', end: '2026-12-05T12:00', allDay: false };
    expect(entryConflicts(span, person, [], [])).toEqual([{ code: 'day_off', from: '2026-12-03', till: '2026-12-05' }]);
    const other = { id: 9, project: { name: 'Kade' }, start: '2026-11-24T00:00', end: '2026-11-25T00:00', allDay: true };
    expect(entryConflicts({ start: '2026-11-24T10:00', end: '2026-11-24T12:00', allDay: false }, person, [], [other])).toEqual([
      { code: 'overlap', entryId: 9, project: 'Kade', start: '2026-11-24T00:00', end: '2026-11-25T00:00' },
    ]);
    expect(entryConflicts({ start: '2026-11-25T00:00', end: '2026-11-25T08:00', allDay: false }, person, [], [other])).toEqual([
      { code: 'outside_hours', date: '2026-11-25', start: '08:00', end: '16:30' },
    ]);
  });

  it('takes only the hours of part-day leave: from what is available, and as a conflict only where a timed entry reaches them', () => {
    const afternoonOff: PersonAvailability = {
      ...person,
      absences: [
        {
          kind: 'leave',
          status: 'approved',
          from: '2026-11-24',
          till: '2026-11-24',
          label: 'Vakantie',
          code: 'VAK',
          color: '',
          part: { start: '13:00', end: '16:30' },
        },
      ],
    };
    const tuesday = personDay(afternoonOff, [], '2026-11-24');
    expect(isAway(tuesday)).toBe(false);
    expect(absentMinutes(tuesday)).toBe(210);
    const morning = { start: '2026-11-24T08:00', end: '2026-11-24T12:00', allDay: false };
    expect(totalsOf(afternoonOff, [], [morning], '2026-11-24', '2026-11-25')).toEqual({
      scheduled: 480,
      available: 270,
      planned: 240,
      free: 30,
    });
    expect(entryConflicts(morning, afternoonOff, [], [])).toEqual([]);
    const intoTheAfternoon = { start: '2026-11-24T12:00', end: '2026-11-24T14:00', allDay: false };
    expect(entryConflicts(intoTheAfternoon, afternoonOff, [], [])).toEqual([
      { code: 'leave', status: 'approved', from: '2026-11-24', till: '2026-11-24', label: 'Vakantie' },
    ]);
    const wholeDay = { start: '2026-11-24T00:00', end: '2026-11-25T00:00', allDay: true };
    expect(entryConflicts(wholeDay, afternoonOff, [], [])).toHaveLength(1);
  });
});
