import * as z from 'zod';
import type { FieldError } from './errors';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

/**
 * Turns every zod issue into a short code (validation.<code> in the web catalogues) instead of an
 * English sentence, so the server's fieldErrors and the forms' own checks speak the same language.
 */
export function issueCode(iss: RawIssue): string {
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined || iss.input === null ? 'required' : 'invalid_type';
    case 'too_small':
      if (iss.origin === 'string') return iss.minimum === 1 ? 'required' : 'too_short';
      if (iss.origin === 'array' || iss.origin === 'set') return 'too_few';
      return 'too_small';
    case 'too_big':
      if (iss.origin === 'string') return 'too_long';
      if (iss.origin === 'array' || iss.origin === 'set') return 'too_many';
      return 'too_big';
    case 'invalid_format':
      return iss.format === 'email' ? 'invalid_email' : 'invalid_format';
    case 'invalid_value':
      return iss.input === undefined ? 'required' : 'invalid_choice';
    case 'unrecognized_keys':
      return 'unknown_field';
    case 'custom':
      return typeof iss.message === 'string' && /^[a-z_]+$/.test(iss.message) ? iss.message : 'invalid';
    default:
      return 'invalid';
  }
}

let configured = false;

/** Installs the code-producing error map once per process (server and web both call it). */
export function configureZod(): void {
  if (configured) return;
  configured = true;
  z.config({ customError: (iss) => issueCode(iss) });
}

configureZod();

function params(iss: Issue): FieldError['params'] {
  if (iss.code === 'too_small') return { min: Number(iss.minimum) };
  if (iss.code === 'too_big') return { max: Number(iss.maximum) };
  return undefined;
}

/** Flattens zod issues into { 'path.to.field': { code, params } }, first issue per field wins. */
export function toFieldErrors(issues: readonly Issue[]): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const iss of issues) {
    if (iss.code === 'unrecognized_keys') {
      for (const key of iss.keys) {
        const path = [...iss.path, key].join('.');
        out[path] ??= { code: 'unknown_field' };
      }
      continue;
    }
    const path = iss.path.length ? iss.path.map(String).join('.') : '_';
    if (out[path]) continue;
    const code = /^[a-z_]+$/.test(iss.message) ? iss.message : issueCode(iss as unknown as RawIssue);
    const p = params(iss);
    out[path] = p ? { code, params: p } : { code };
  }
  return out;
}
