import type { PlannerEntry } from '@app/shared/planner/planner';
import { PROJECT_PALETTE } from '@app/shared/planner/planner.rules';
import { describe, expect, it } from 'vitest';
import {
  changedEntry,
  DARK_TEXT,
  dayRange,
  type EntryTexts,
  entryBar,
  entryChange,
  entryWeeks,
  personKey,
  personOf,
  resizeLimits,
  textOn,
} from './people-week-bars';

const entry = (over: Partial<PlannerEntry> = {}): PlannerEntry => ({
  id: 5,
  employee: { id: 7, name: 'Daan de Vries' },
  project: { id: 3, name: 'Refit Noordam', color: '#2f7d32' },
  // Tuesday 24 to Thursday 26 November 2026 (week 48).
  start: '2026-11-24T08:00',
  end: '2026-11-26T17:00',
  allDay: false,
  notes: '',
  version: 2,
  updatedAt: '2026-11-20T10:00:00.000Z',
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

const NL_DAYS = ['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo'];
const texts: EntryTexts = {
  weekday: (n) => NL_DAYS[n - 1] ?? '?',
  withDays: (project, days) => `${days} · ${project}`,
  times: (e) => `${e.start} – ${e.end}`,
  name: (label, person, times) => `${label}: ${person}, ${times}`,
};

describe('entryWeeks: the ISO weeks an entry’s days touch', () => {
  it.each([
    ['Tuesday to Thursday', '2026-11-24T08:00', '2026-11-26T17:00', '2026-W48', 1],
    ['a whole week, all day (ends Monday at midnight)', '2026-11-23T00:00', '2026-11-30T00:00', '2026-W48', 1],
    ['Sunday until midnight', '2026-11-29T00:00', '2026-11-30T00:00', '2026-W48', 1],
    ['Sunday until Monday 06:00', '2026-11-29T22:00', '2026-11-30T06:00', '2026-W48', 2],
    ['Friday to the next Tuesday', '2026-11-27T08:00', '2026-12-01T17:00', '2026-W48', 2],
    ['over New Year: week 53 of 2026 to week 1 of 2027', '2026-12-31T08:00', '2027-01-05T17:00', '2026-W53', 2],
    ['1 January 2027 is in week 53 of 2026', '2027-01-01T00:00', '2027-01-02T00:00', '2026-W53', 1],
    ['three weeks and a day', '2026-11-23T08:00', '2026-12-14T12:00', '2026-W48', 4],
  ])('%s', (_, start, end, startWeek, weeks) => {
    expect(entryWeeks({ start, end })).toEqual({ startWeek, weeks });
  });
});

describe('entryBar', () => {
  it('sits in its person’s row over its week, says the days when it is within one week, in the project’s colour with white text', () => {
    expect(entryBar(entry(), true, texts)).toMatchObject({
      id: 5,
      rowKey: 'person:7',
      startWeek: '2026-W48',
      weeks: 1,
      label: 'di–do · Refit Noordam',
      color: '#2f7d32',
      textColor: '#fff',
      title: 'Refit Noordam, Daan de Vries: 2026-11-24T08:00 – 2026-11-26T17:00',
      name: 'di–do · Refit Noordam: Daan de Vries, 2026-11-24T08:00 – 2026-11-26T17:00',
      spokenLabel: 'Refit Noordam',
      editable: true,
    });
    // One day; an all-day entry ending at midnight ends the day before.
    expect(entryBar(entry({ start: '2026-11-27T00:00', end: '2026-11-28T00:00', allDay: true }), true, texts).label).toBe(
      'vr · Refit Noordam',
    );
  });

  it('over more weeks says only the project; a project without a colour gets one from the palette', () => {
    const bar = entryBar(
      entry({ start: '2026-12-31T08:00', end: '2027-01-05T17:00', project: { id: 14, name: 'Kade', color: '' } }),
      true,
      texts,
    );
    expect(bar).toMatchObject({ label: 'Kade', startWeek: '2026-W53', weeks: 2, color: PROJECT_PALETTE[2] });
  });

  it('puts dark text on a project colour too light for white', () => {
    expect(textOn('#2f7d32')).toBe('#fff');
    expect(textOn('#ffeb3b')).toBe(DARK_TEXT);
    expect(entryBar(entry({ project: { id: 3, name: 'Geel', color: '#ffeb3b' } }), true, texts)).toMatchObject({
      color: '#ffeb3b',
      textColor: DARK_TEXT,
    });
    for (const c of PROJECT_PALETTE) expect(textOn(c), c).toBe('#fff');
  });

  it('moves only when the view may plan and the entry allows it', () => {
    expect(entryBar(entry(), false, texts).editable).toBe(false);
    const locked = entry({ abilities: { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN' } } });
    expect(entryBar(locked, true, texts).editable).toBe(false);
  });

  it('names the days Monday first', () => {
    expect(dayRange({ start: '2026-11-23T08:00', end: '2026-11-29T17:00' }, texts.weekday)).toBe('ma–zo');
    expect(dayRange({ start: '2026-11-24T08:00', end: '2026-11-24T12:00' }, texts.weekday)).toBe('di');
  });
});

describe('entryChange: a move by whole weeks', () => {
  const e = entry();
  const bar = entryBar(e, true, texts);

  it('to another week shifts start and end by 7 days a week, keeping the times', () => {
    expect(entryChange(e, bar, { startWeek: '2026-W50' })).toEqual({
      employeeId: 7,
      start: '2026-12-08T08:00',
      end: '2026-12-10T17:00',
    });
    expect(entryChange(e, bar, { startWeek: '2026-W47' })).toEqual({
      employeeId: 7,
      start: '2026-11-17T08:00',
      end: '2026-11-19T17:00',
    });
  });

  it('over New Year: from week 53 of 2026 to week 1 of 2027', () => {
    const nye = entry({ start: '2026-12-29T08:00', end: '2026-12-31T17:00' });
    expect(entryChange(nye, entryBar(nye, true, texts), { startWeek: '2027-W01' })).toEqual({
      employeeId: 7,
      start: '2027-01-05T08:00',
      end: '2027-01-07T17:00',
    });
  });

  it('to another row changes the person', () => {
    expect(entryChange(e, bar, { rowKey: personKey(9) })).toEqual({ employeeId: 9, start: e.start, end: e.end });
    expect(personOf('person:9')).toBe(9);
    expect(personOf('area:9')).toBeNull();
  });

  it('a resize moves only the end, a midnight end too', () => {
    expect(entryChange(e, bar, { weeks: 3 })).toEqual({ employeeId: 7, start: e.start, end: '2026-12-10T17:00' });
    const allDay = entry({ start: '2026-11-23T00:00', end: '2026-11-28T00:00', allDay: true });
    const b = entryBar(allDay, true, texts);
    expect(entryChange(allDay, b, { weeks: 2 })).toEqual({ employeeId: 7, start: allDay.start, end: '2026-12-05T00:00' });
    // A move and a resize together (the keys, sent at once).
    expect(entryChange(allDay, b, { startWeek: '2026-W49', weeks: 2, rowKey: 'person:8' })).toEqual({
      employeeId: 8,
      start: '2026-11-30T00:00',
      end: '2026-12-12T00:00',
    });
  });

  it('a changed entry is drawn with its new person, days and weeks', () => {
    const people = [{ id: 8, name: 'Eva Bakker' }];
    const next = changedEntry(e, { employeeId: 8, start: '2026-11-24T08:00', end: '2026-12-03T17:00' }, people);
    expect(next.employee).toEqual({ id: 8, name: 'Eva Bakker' });
    expect(entryBar(next, true, texts)).toMatchObject({ rowKey: 'person:8', weeks: 2, label: 'Refit Noordam' });
  });
});

describe('resizeLimits', () => {
  it('never ends before the start: at least the entry’s first week', () => {
    expect(resizeLimits(entry(), 1).minWeeks).toBe(1);
    // Friday to Tuesday: one week shorter would end on the Tuesday before it starts.
    expect(resizeLimits({ start: '2026-11-27T08:00', end: '2026-12-01T17:00' }, 2).minWeeks).toBe(2);
    // Monday to Friday two weeks on: it may become a week of Monday to Friday.
    expect(resizeLimits({ start: '2026-11-23T08:00', end: '2026-12-11T17:00' }, 3).minWeeks).toBe(1);
  });

  it('stays within a year and a day', () => {
    // 2 days long: 52 more weeks make 366 days; 53 would be too long.
    expect(resizeLimits({ start: '2026-11-24T08:00', end: '2026-11-26T08:00' }, 1).maxWeeks).toBe(53);
    expect(resizeLimits({ start: '2026-11-24T08:00', end: '2026-11-26T08:01' }, 1).maxWeeks).toBe(52);
  });
});
