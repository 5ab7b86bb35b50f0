import { Calendar } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import { describe, expect, it } from 'vitest';
import { plannerEntry } from './planner-fixtures';
import {
  addMonths,
  fromCalendarDate,
  moveBody,
  movedEntry,
  nowWallClock,
  parseDay,
  parseIds,
  spanOfCalendar,
  stepDay,
  toCalendarEvent,
  touchesDay,
  viewWindow,
  visibleHours,
} from './planner-time';

describe('viewWindow', () => {
  it.each([
    // A month: whole weeks, Monday first, from the week of the 1st to the week of the last day.
    ['month', '2026-11-24', 8, { from: '2026-10-26', to: '2026-12-07' }],
    ['month', '2027-02-10', 8, { from: '2027-02-01', to: '2027-03-01' }],
    // December 2026 ends in week 53; January 2027 starts in it.
    ['month', '2027-01-15', 8, { from: '2026-12-28', to: '2027-02-01' }],
    ['week', '2026-11-29', 8, { from: '2026-11-23', to: '2026-11-30' }],
    ['week', '2027-01-01', 8, { from: '2026-12-28', to: '2027-01-04' }],
    ['day', '2026-12-31', 8, { from: '2026-12-31', to: '2027-01-01' }],
    ['people', '2026-11-26', 8, { from: '2026-11-23', to: '2027-01-18' }],
    ['people', '2026-11-26', 4, { from: '2026-11-23', to: '2026-12-21' }],
  ] as const)('%s around %s (%i weeks)', (view, day, weeks, expected) => {
    expect(viewWindow(view, day, weeks)).toEqual(expected);
  });
});

describe('stepDay and addMonths', () => {
  it.each([
    ['month', '2026-01-31', 1, '2026-02-01'],
    ['month', '2026-01-15', -1, '2025-12-01'],
    ['week', '2026-12-30', 1, '2027-01-06'],
    ['day', '2026-12-31', 1, '2027-01-01'],
    ['people', '2026-11-23', -1, '2026-10-26'],
  ] as const)('%s from %s by %i is %s', (view, day, dir, expected) => {
    expect(stepDay(view, day, dir)).toBe(expected);
  });

  it('keeps the day of the month where it can', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-24', 14)).toBe('2028-01-24');
    expect(addMonths('2026-01-24', -13)).toBe('2024-12-24');
  });
});

describe('the URL', () => {
  it('takes only real days in the years the app plans', () => {
    expect(parseDay('2026-11-24')).toBe('2026-11-24');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('0050-01-01')).toBeNull();
    expect(parseDay('24-11-2026')).toBeNull();
    expect(parseDay(null)).toBeNull();
  });

  it('takes valid ids, each once', () => {
    expect(parseIds('1,2,2,x,0,-3,99999999999,5')).toEqual([1, 2, 5]);
    expect(parseIds('')).toEqual([]);
    expect(parseIds(null)).toEqual([]);
  });
});

describe('wall-clock times through FullCalendar', () => {
  // Times that a zone would move: the hour skipped in spring, the hour twice in autumn, midnight
  // at New Year, late evening (the next day in UTC+1 read back as UTC would be wrong).
  const times = ['2026-03-29T02:30', '2026-10-25T02:30', '2026-12-31T23:45', '2027-01-01T00:00', '2026-11-24T08:00'];

  it.each(times)('%s comes back from FullCalendar exactly as it went in', (time) => {
    const el = document.createElement('div');
    document.body.append(el);
    const calendar = new Calendar(el, {
      plugins: [timeGridPlugin, dayGridPlugin],
      timeZone: 'UTC',
      initialView: 'timeGridWeek',
      initialDate: time.slice(0, 10),
      events: [toCalendarEvent(plannerEntry({ start: time, end: '2027-02-01T10:00' }), { showPerson: true })],
    });
    calendar.render();
    const [event] = calendar.getEvents();
    expect(event && spanOfCalendar(event)).toEqual({ start: time, end: '2027-02-01T10:00', allDay: false });
    calendar.destroy();
    el.remove();
  });

  it('feeds all-day entries as days (end exclusive) and reads them back at midnight', () => {
    const entry = plannerEntry({ allDay: true, start: '2026-11-23T00:00', end: '2026-11-28T00:00' });
    expect(toCalendarEvent(entry, { showPerson: true })).toMatchObject({ start: '2026-11-23', end: '2026-11-28', allDay: true });
    const el = document.createElement('div');
    const calendar = new Calendar(el, {
      plugins: [dayGridPlugin],
      timeZone: 'UTC',
      initialView: 'dayGridMonth',
      initialDate: '2026-11-23',
      events: [toCalendarEvent(entry, { showPerson: true })],
    });
    calendar.render();
    const [event] = calendar.getEvents();
    expect(event && spanOfCalendar(event)).toEqual({ start: '2026-11-23T00:00', end: '2026-11-28T00:00', allDay: true });
    calendar.destroy();
  });

  it('fills in an end FullCalendar leaves out: a day, or an hour', () => {
    const at = new Date('2026-11-24T08:00:00Z');
    expect(spanOfCalendar({ start: at, end: null, allDay: false })).toEqual({
      start: '2026-11-24T08:00',
      end: '2026-11-24T09:00',
      allDay: false,
    });
    expect(spanOfCalendar({ start: new Date('2026-11-24T00:00:00Z'), end: null, allDay: true })).toEqual({
      start: '2026-11-24T00:00',
      end: '2026-11-25T00:00',
      allDay: true,
    });
    expect(fromCalendarDate(new Date('2026-12-31T23:59:00Z'))).toBe('2026-12-31T23:59');
  });

  it("uses Amsterdam's wall clock as 'now' (winter and summer time)", () => {
    expect(nowWallClock(new Date('2026-11-24T07:30:00Z'))).toBe('2026-11-24T08:30:00');
    expect(nowWallClock(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02T00:30:00');
  });
});

describe('events and moves', () => {
  it('colours an event by its project and names the person unless filtered to one', () => {
    const entry = plannerEntry();
    expect(toCalendarEvent(entry, { showPerson: true })).toMatchObject({
      id: '41',
      title: 'Daan de Vries · Nordic Star',
      start: '2026-11-24T08:00:00',
      end: '2026-11-24T16:30:00',
      backgroundColor: '#1c5d99',
      borderColor: '#1c5d99',
      textColor: '#ffffff',
      editable: true,
    });
    expect(toCalendarEvent(entry, { showPerson: false }).title).toBe('Nordic Star');
    const readOnly = plannerEntry({ abilities: { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN' } } });
    expect(toCalendarEvent(readOnly, { showPerson: true }).editable).toBe(false);
  });

  it('sends only what a move changed, with the version', () => {
    const entry = plannerEntry();
    expect(moveBody(entry, { start: '2026-11-25T08:00', end: '2026-11-25T16:30', allDay: false })).toEqual({
      version: 2,
      start: '2026-11-25T08:00',
      end: '2026-11-25T16:30',
    });
    expect(moveBody(entry, { employeeId: 8, start: entry.start, end: entry.end })).toEqual({ version: 2, employeeId: 8 });
    expect(moveBody(entry, { start: entry.start, end: entry.end, allDay: false })).toBeNull();
  });

  it('shows a move to another person with that person', () => {
    const moved = movedEntry(plannerEntry(), { version: 2, employeeId: 8, start: '2026-11-30T08:00' }, [
      { id: 8, name: 'Sanne Jansen' },
    ]);
    expect(moved).toMatchObject({
      employee: { id: 8, name: 'Sanne Jansen' },
      start: '2026-11-30T08:00',
      end: '2026-11-24T16:30',
    });
  });

  it('knows which days an entry touches (end exclusive)', () => {
    const allWeek = { start: '2026-11-23T00:00', end: '2026-11-28T00:00' };
    expect(touchesDay(allWeek, '2026-11-23')).toBe(true);
    expect(touchesDay(allWeek, '2026-11-27')).toBe(true);
    expect(touchesDay(allWeek, '2026-11-28')).toBe(false);
    const night = { start: '2026-11-24T22:00', end: '2026-11-25T06:00' };
    expect(touchesDay(night, '2026-11-24')).toBe(true);
    expect(touchesDay(night, '2026-11-25')).toBe(true);
    expect(touchesDay(night, '2026-11-26')).toBe(false);
  });
});

describe('visibleHours', () => {
  const timed = (start: string, end: string) => ({ start, end, allDay: false });
  it('shows 06:00 to 20:00, widened to the timed entries on screen', () => {
    expect(visibleHours([])).toEqual({ min: '06:00:00', max: '20:00:00' });
    expect(visibleHours([{ start: '2026-11-24T00:00', end: '2026-11-27T00:00', allDay: true }])).toEqual({
      min: '06:00:00',
      max: '20:00:00',
    });
    expect(visibleHours([timed('2026-11-24T05:30', '2026-11-24T20:15')])).toEqual({ min: '05:00:00', max: '21:00:00' });
    expect(visibleHours([timed('2026-11-24T18:00', '2026-11-25T00:00')])).toEqual({ min: '06:00:00', max: '24:00:00' });
    expect(visibleHours([timed('2026-11-24T22:00', '2026-11-25T06:00')])).toEqual({ min: '00:00:00', max: '24:00:00' });
  });
});
