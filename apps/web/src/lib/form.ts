import { toFieldErrors } from '@app/shared/platform/validation';
import type { TFunction } from 'i18next';
import type * as z from 'zod';
import { translateFieldErrors } from './errors';

/** A Mantine form validate function from a shared zod schema, with translated messages. */
export function zodValidate<T>(schema: z.ZodType<T>, t: TFunction) {
  return (values: unknown): Record<string, string> => {
    const r = schema.safeParse(values);
    return r.success ? {} : translateFieldErrors(t, toFieldErrors(r.error.issues));
  };
}
