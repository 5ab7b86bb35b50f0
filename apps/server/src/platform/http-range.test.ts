import { describe, expect, it } from 'vitest';
import { rangeOf } from './http-range';

const ETAG = '"f1-100"';
const at = (range: string | undefined, size = 100, ifRange?: string) =>
  rangeOf({ range, ...(ifRange === undefined ? {} : { 'if-range': ifRange }) }, size, ETAG);

describe('rangeOf (RFC 9110 section 14, single ranges only)', () => {
  it('serves one range, cut to the file, including suffix and open-ended ranges', () => {
    expect(at('bytes=0-9')).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(at('bytes=90-')).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(at('bytes=-10')).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(at('bytes=-1000')).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(at('bytes=50-1000')).toEqual({ kind: 'partial', start: 50, end: 99 });
    expect(at(' bytes=5-5 ')).toEqual({ kind: 'partial', start: 5, end: 5 });
    expect(at('bytes=0-3', 100, ETAG)).toEqual({ kind: 'partial', start: 0, end: 3 });
  });

  it('is unsatisfiable when the range starts at or past the end, or asks for nothing', () => {
    expect(at('bytes=100-')).toEqual({ kind: 'unsatisfiable' });
    expect(at('bytes=100-200')).toEqual({ kind: 'unsatisfiable' });
    expect(at('bytes=-0')).toEqual({ kind: 'unsatisfiable' });
    expect(at('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(at('bytes=999999999999999-')).toEqual({ kind: 'unsatisfiable' });
  });

  it('answers the whole file to everything else', () => {
    for (const r of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=0-1,4-5',
      'bytes=5-2',
      'items=0-1',
      'bytes=a-b',
      'bytes=1.5-2',
      'bytes=0x10-',
      'bytes=9999999999999999-',
    ]) {
      expect(at(r), String(r)).toEqual({ kind: 'whole' });
    }
    expect(at('bytes=0-3', 100, '"f2-100"')).toEqual({ kind: 'whole' });
    expect(at('bytes=0-3', 100, 'Wed, 21 Oct 2015 07:28:00 GMT')).toEqual({ kind: 'whole' });
    expect(rangeOf({ range: ['bytes=0-1', 'bytes=2-3'] }, 100, ETAG)).toEqual({ kind: 'whole' });
  });
});
