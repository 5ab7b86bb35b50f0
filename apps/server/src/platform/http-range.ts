import type { ByteRange } from './storage';

/** What a download answers to a Range header (RFC 9110 section 14). */
export type RangeAnswer = { kind: 'whole' } | ({ kind: 'partial' } & ByteRange) | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };

/**
 * The part of a file of `size` bytes that a request asks for. One range is served: `bytes=a-b`,
 * `bytes=a-` and `bytes=-n` (the last n bytes), the end cut to the file. A range that starts at
 * or after the end is unsatisfiable (416). Everything else (no header, another unit, a list of
 * ranges, a malformed or reversed range, and any range when If-Range does not name this file's
 * ETag) is answered with the whole file, as the RFC allows.
 */
export function rangeOf(
  headers: { range?: string | string[] | undefined; 'if-range'?: string | string[] | undefined },
  size: number,
  etag: string,
): RangeAnswer {
  const header = headers.range;
  if (typeof header !== 'string') return WHOLE;
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag) return WHOLE;
  const m = /^bytes=([0-9]{0,15})-([0-9]{0,15})$/.exec(header.trim());
  if (!m) return WHOLE;
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return WHOLE;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return WHOLE;
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', start, end };
}
