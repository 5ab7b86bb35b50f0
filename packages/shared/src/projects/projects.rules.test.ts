import { describe, expect, it } from 'vitest';
import { completionCounts, completionPercent, MAX_BULK_AREAS, parseBulkAreas } from './projects.rules';

const numbers = (text: string) => {
  const r = parseBulkAreas(text);
  if (!r.ok) throw new Error(`not ok: ${r.code} on line ${r.line}`);
  return r.areas.map((a) => a.number);
};

describe('parseBulkAreas', () => {
  it('turns "Name 5001-5120" into one area per number, named after the label', () => {
    const r = parseBulkAreas('Cabin 5001-5120');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.areas).toHaveLength(120);
    expect(r.areas[0]).toEqual({ number: '5001', name: 'Cabin 5001' });
    expect(r.areas[119]).toEqual({ number: '5120', name: 'Cabin 5120' });
  });

  it.each([
    ['001-003', ['001', '002', '003']],
    ['08-11', ['08', '09', '10', '11']],
    ['A01-A12', ['A01', 'A02', 'A03', 'A04', 'A05', 'A06', 'A07', 'A08', 'A09', 'A10', 'A11', 'A12']],
    ['Suite B7 - B9', ['B7', 'B8', 'B9']],
    ['A1-12', ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10', 'A11', 'A12']],
    ['9-11', ['9', '10', '11']],
    ['5001-5001', ['5001']],
  ])('reads the range %s with its leading zeros and prefix', (text, expected) => {
    expect(numbers(text)).toEqual(expected);
  });

  it('names a bare range by its numbers', () => {
    const r = parseBulkAreas('A01-A02');
    expect(r).toEqual({
      ok: true,
      areas: [
        { number: 'A01', name: 'A01' },
        { number: 'A02', name: 'A02' },
      ],
    });
  });

  it('reads "5001 Name" and "Name 5001" as one numbered area and any other line as a name without a number', () => {
    expect(parseBulkAreas('5001 Owner suite\nA12 Spa\n\n  Main   lobby  \r\nCabin 5002\nCorridor B7')).toEqual({
      ok: true,
      areas: [
        { number: '5001', name: 'Owner suite' },
        { number: 'A12', name: 'Spa' },
        { number: '', name: 'Main lobby' },
        { number: '5002', name: 'Cabin 5002' },
        { number: 'B7', name: 'Corridor B7' },
      ],
    });
    // The same number twice, whichever way it is written, is a duplicate.
    expect(parseBulkAreas('Cabin 5001-5003\nCabin 5002')).toEqual({ ok: false, line: 2, code: 'duplicate_number' });
  });

  it('mixes lines, and answers nothing for an empty text', () => {
    expect(numbers('Lobby\nCabin 1-3\n10 Galley')).toEqual(['', '1', '2', '3', '10']);
    expect(parseBulkAreas('')).toEqual({ ok: true, areas: [] });
    expect(parseBulkAreas('\n  \n')).toEqual({ ok: true, areas: [] });
  });

  it.each([
    ['Cabin 5120-5001', 1],
    ['Lobby\nA01-B12', 2],
  ])('refuses a reversed or mixed range (%s) on its line', (text, line) => {
    expect(parseBulkAreas(text)).toEqual({ ok: false, line, code: 'range_invalid' });
  });

  it('refuses more areas than the maximum, in one range or summed over lines', () => {
    expect(parseBulkAreas(`Cabin 1-${MAX_BULK_AREAS + 1}`)).toEqual({ ok: false, line: 1, code: 'range_too_large' });
    expect(numbers(`Cabin 1-${MAX_BULK_AREAS}`)).toHaveLength(MAX_BULK_AREAS);
    expect(parseBulkAreas('1-300\n\n301-600')).toEqual({ ok: false, line: 3, code: 'range_too_large' });
    expect(parseBulkAreas('1-10\nA', 10)).toEqual({ ok: false, line: 2, code: 'range_too_large' });
  });

  it.each([
    ['5001 Cabin\n5001 Suite', 2],
    ['Cabin 5001-5010\n5005 Suite', 2],
    ['a1 Spa\nA1 Gym', 2],
    ['1-3\n2-4', 2],
  ])('refuses a number that comes twice (%s), whatever its case', (text, line) => {
    expect(parseBulkAreas(text)).toEqual({ ok: false, line, code: 'duplicate_number' });
  });

  it('allows the same name without a number twice', () => {
    expect(numbers('Corridor\nCorridor')).toEqual(['', '']);
  });
});

describe('completionCounts', () => {
  it('counts what the percentage counts: one task done with two sub-tasks open is 1 of 3, 33%', () => {
    const c = { tasksDone: 1, tasksTotal: 1, subtasksDone: 0, subtasksTotal: 2 };
    expect(completionCounts(c)).toEqual({ done: 1, total: 3, withSubtasks: true });
    expect(completionPercent(c)).toBe(33);
  });

  it('says tasks only when there are no sub-tasks', () => {
    expect(completionCounts({ tasksDone: 2, tasksTotal: 5, subtasksDone: 0, subtasksTotal: 0 })).toEqual({
      done: 2,
      total: 5,
      withSubtasks: false,
    });
  });
});
