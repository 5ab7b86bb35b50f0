import type { FieldError } from '@app/shared/platform/errors';
import type { TFunction } from 'i18next';
import { ApiError } from './api';

/** The sentence a person reads for any failure: errors.<CODE> in their language. */
export function errorMessage(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    const key = `errors.${err.code}`;
    return t(key, { defaultValue: t('errors.UNKNOWN'), ...(err.details ?? {}) });
  }
  return t('errors.UNKNOWN');
}

export interface FieldErrorOptions {
  /** Server field path -> form field path, e.g. { galleryIds: 'gallery' }; a nested path keeps its tail. */
  rename?: Readonly<Record<string, string>>;
  /** A feature's own catalogue of codes, tried before validation.<code>, e.g. 'robox.validation'. */
  prefix?: string;
}

/**
 * The one translator of field errors, from the server or from a shared schema, into a form's
 * errors: each path renamed onto the form's own field (an error on one item of a list of ids goes
 * to the list), each code translated (the feature's catalogue first, then validation.<code>, then
 * validation.invalid). The first error per field wins.
 */
export function translateFieldErrors(
  t: TFunction,
  fieldErrors: Readonly<Record<string, FieldError>>,
  o: FieldErrorOptions = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, e] of Object.entries(fieldErrors)) {
    // 'galleryIds.3' or 'attributeIds.categories.2' (one id of a list) belongs to the list's field.
    const bare = path.replace(/(\.\d+)+$/, '');
    let target = bare;
    for (const [from, to] of Object.entries(o.rename ?? {})) {
      if (bare === from) target = to;
      else if (bare.startsWith(`${from}.`)) target = `${to}${bare.slice(from.length)}`;
    }
    const keys = [...(o.prefix ? [`${o.prefix}.${e.code}`] : []), `validation.${e.code}`, 'validation.invalid'];
    out[target] ??= t(keys, e.params ?? {});
  }
  return out;
}
