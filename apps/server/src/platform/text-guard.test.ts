import { describe, expect, it } from 'vitest';
import { findUnstorableText, hasUnstorableText, INVALID_CHARACTER, isStorableText, printableText } from './text-guard';

const bad = { code: INVALID_CHARACTER };

describe('findUnstorableText', () => {
  it('names each string and key PostgreSQL cannot store by its dotted path under the prefix', () => {
    const body = {
      name: 'ok',
      notes: 'nul\u0000byte',
      lines: [{ text: 'fine' }, { text: 'half\ud800' }],
      tags: ['a', '\udc00b'],
      'key\u0000x': 1,
      nested: { deeper: { emoji: '\ud83d\ude00 whole pair' } },
    };
    expect(findUnstorableText(body, 'body')).toEqual({
      'body.notes': bad,
      'body.lines.1.text': bad,
      'body.tags.1': bad,
      'body.key\ufffdx': bad,
    });
  });

  it('names the value itself "_" without a prefix, and finds nothing in storable values', () => {
    expect(findUnstorableText('a\u0000', '')).toEqual({ _: bad });
    expect(findUnstorableText({ a: [1, true, null, 'x', { b: '\ud83d\ude00' }] }, 'q')).toEqual({});
    expect(findUnstorableText(undefined, 'params')).toEqual({});
  });

  it('stops after 20 problems', () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, '\u0000']));
    expect(Object.keys(findUnstorableText(many, '')).length).toBe(20);
  });

  it('walks a value nested 100,000 levels deep and names the bad string at the bottom', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const found = findUnstorableText({ a: deep }, '');
    expect(Object.keys(found)).toEqual([`a.${Array(100_000).fill('0').join('.')}`]);
  });
});

describe('isStorableText and printableText', () => {
  it('refuse NUL and lone surrogates, keep whole surrogate pairs, and print the bad ones as U+FFFD', () => {
    expect(isStorableText('plain ✓ \ud83d\ude00')).toBe(true);
    expect(isStorableText('\u0000')).toBe(false);
    expect(isStorableText('\ud800x')).toBe(false);
    expect(isStorableText('x\udfff')).toBe(false);
    expect(printableText('a\u0000b\ud800c')).toBe('a\ufffdb\ufffdc');
  });
});

describe('hasUnstorableText', () => {
  it('answers yes exactly where findUnstorableText names something', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const cases: unknown[] = [
      undefined,
      null,
      42,
      'plain ✓ \ud83d\ude00',
      '\u0000',
      '\ud800x',
      'x\udfff',
      { a: [1, true, null, 'x', { b: '\ud83d\ude00' }] },
      { a: [1, { b: ['ok', 'half\ud800'] }] },
      { 'key\u0000x': 1 },
      { ok: { '\udc00': 'value' } },
      Object.assign(Object.create(null), { a: 'b', c: ['d\u0000'] }),
      Object.assign(Object.create({ inherited: '\u0000' }), { own: 'fine' }),
      { a: deep },
    ];
    for (const value of cases) {
      expect(hasUnstorableText(value)).toBe(Object.keys(findUnstorableText(value, '')).length > 0);
    }
  });
});
