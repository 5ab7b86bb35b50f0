import type { FieldError } from '@app/shared/platform/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';

/** The validation code of a value PostgreSQL cannot store; the web app translates validation.invalid_character. */
export const INVALID_CHARACTER = 'invalid_character';

// NUL, or a UTF-16 surrogate without its partner. PostgreSQL refuses the first in text and jsonb
// ("invalid byte sequence for encoding UTF8: 0x00") and the second in jsonb, and the drivers turn
// a lone surrogate in text into U+FFFD without a word.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Whether PostgreSQL can store a string as text or inside jsonb unchanged (I10). */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** Any NUL or surrogate at all: a string without one is storable, and the full test is skipped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the two things looked for.
const SUSPECT = /[\u0000\ud800-\udfff]/;

function storable(s: string): boolean {
  return !SUSPECT.test(s) || isStorableText(s);
}

/**
 * Whether any string or object key in a parsed value cannot be stored: the walk of
 * findUnstorableText without its places, paths or closures, for the common case of nothing to
 * report (every request runs it on its request line and body). Also without recursion.
 */
export function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return !storable(value);
  if (value === null || typeof value !== 'object') return false;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!storable(v)) return true;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else if (v !== null && typeof v === 'object') {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        if (!storable(key)) return true;
        stack.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** The string with every NUL and lone surrogate replaced by U+FFFD, for naming a bad value (a field path, a log line). */
export function printableText(s: string): string {
  return s.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATES, '\ufffd');
}

/** Most problems named in one answer: enough to find them, bounded for a body full of them. */
const MAX_REPORTED = 20;

/** A place in the walked value: its parent and its key there (an array index stays a number). */
interface Place {
  parent: Place | null;
  key: string | number;
}

/** The dotted path of a place under prefix; keys that cannot be printed are shown with U+FFFD. */
function pathOf(place: Place | null, prefix: string): string {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(typeof p.key === 'number' ? String(p.key) : printableText(p.key));
  if (prefix) keys.push(prefix);
  return keys.reverse().join('.');
}

/**
 * Walks a parsed value without recursion (a body may nest 100,000 levels deep) and names every
 * string, and every object key, that cannot be stored, as dotted paths under prefix. A path is
 * only spelled out for a place that is reported: building one for every node made a deeply nested
 * body cost time in the square of its depth (10,000 levels: paths of 20,000 characters each).
 */
export function findUnstorableText(value: unknown, prefix: string): Record<string, FieldError> {
  const found: Record<string, FieldError> = {};
  let count = 0;
  const report = (place: Place | null) => {
    found[pathOf(place, prefix) || '_'] = { code: INVALID_CHARACTER };
    count++;
  };
  const stack: [unknown, Place | null][] = [[value, null]];
  while (stack.length > 0 && count < MAX_REPORTED) {
    const [v, place] = stack.pop() as [unknown, Place | null];
    if (typeof v === 'string') {
      if (!isStorableText(v)) report(place);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], { parent: place, key: i }]);
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const at: Place = { parent: place, key };
        if (isStorableText(key)) stack.push([child, at]);
        else report(at);
      }
    }
  }
  return found;
}

function refuse(found: Record<string, FieldError>): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: 'Text with a NUL character or a lone UTF-16 surrogate cannot be stored',
    fieldErrors: found,
  });
}

function checkRequestLine(req: FastifyRequest): Record<string, FieldError> {
  return {
    ...findUnstorableText(req.params, 'params'),
    // The prefix schema validation uses for the query too (fieldErrors 'querystring.page').
    ...findUnstorableText(req.query, 'querystring'),
    // Every header, not only the ones read today (Acting-As, X-XSRF-TOKEN, User-Agent...), so a
    // header read tomorrow is covered too. Real HTTP parsers refuse NUL here already.
    ...findUnstorableText(req.headers, 'headers'),
    ...findUnstorableText(req.cookies, 'cookies'),
  };
}

/**
 * One check at the door for text PostgreSQL cannot store (I10): path parameters, query, headers
 * and cookies before the session is loaded, the parsed body before validation. Refused with 400
 * VALIDATION_FAILED naming each place, so nothing downstream (a buffer, an audit row) is poisoned.
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  // The quick yes-or-no first; the places are named only for a request that has one.
  app.addHook('onRequest', (req, _reply, done) => {
    if (
      !hasUnstorableText(req.params) &&
      !hasUnstorableText(req.query) &&
      !hasUnstorableText(req.headers) &&
      !hasUnstorableText(req.cookies)
    ) {
      done();
      return;
    }
    const found = checkRequestLine(req);
    done(Object.keys(found).length > 0 ? refuse(found) : undefined);
  });
  // After parsing: a "\ud800" escape in JSON becomes a lone surrogate only then.
  app.addHook('preValidation', (req, _reply, done) => {
    if (!hasUnstorableText(req.body)) {
      done();
      return;
    }
    const found = findUnstorableText(req.body, '');
    done(Object.keys(found).length > 0 ? refuse(found) : undefined);
  });
});
