import { toFieldErrors } from '@app/shared/platform/validation';
import type { TFunction } from 'i18next';
import type * as z from 'zod';
import { type FieldErrorOptions, translateFieldErrors } from './errors';

interface ValidateOptions<V> extends FieldErrorOptions {
  /** The form's values as the schema takes them (trimmed, ids instead of objects, …); the values themselves when omitted. */
  from?: (values: V) => unknown;
}

/**
 * A Mantine form validate function from a shared zod schema: the same codes the server would
 * answer, translated and put on the form's fields by the one translator (`translateFieldErrors`).
 */
export function zodValidate<V>(schema: z.ZodType, t: TFunction, o: ValidateOptions<V> = {}) {
  return (values: V): Record<string, string> => {
    const r = schema.safeParse(o.from ? o.from(values) : values);
    return r.success ? {} : translateFieldErrors(t, toFieldErrors(r.error.issues), o);
  };
}
