import type { FieldError } from '@app/shared/platform/errors';
import type { TFunction } from 'i18next';

interface Options {
  /** Server field path -> form field path, e.g. { galleryIds: 'gallery' }; nested paths keep their tail. */
  rename?: Record<string, string>;
  /** A feature's own catalogue of codes tried before validation.<code>, e.g. 'robox.validation'. */
  prefix?: string;
}

/**
 * Server (or schema) field errors as a Mantine form's errors: each path renamed onto the form's own
 * field (an error on one id of a list goes to the list) and each code translated (feature catalogue first, then validation.<code>).
 */
export function toFormErrors(t: TFunction, fieldErrors: Record<string, FieldError>, o: Options = {}): Record<string, string> {
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
