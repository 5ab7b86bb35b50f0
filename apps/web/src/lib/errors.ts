import type { FieldError } from '@app/shared/errors';
import { toFieldErrors } from '@app/shared/validation';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api';

/** The sentence a person reads for any failure: errors.<CODE> in their language. */
export function errorMessage(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    const key = `errors.${err.code}`;
    return t(key, { defaultValue: t('errors.UNKNOWN'), ...(err.details ?? {}) });
  }
  return t('errors.UNKNOWN');
}

/** Translates field errors (from the server or from the shared schema) for a form. */
export function translateFieldErrors(t: TFunction, fieldErrors: Record<string, FieldError>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, e]) => [field, t(`validation.${e.code}`, { defaultValue: t('validation.invalid'), ...(e.params ?? {}) })]),
  );
}

/** A Mantine form validate function from a shared zod schema, with translated messages. */
export function zodValidate<T>(schema: z.ZodType<T>, t: TFunction) {
  return (values: unknown): Record<string, string> => {
    const r = schema.safeParse(values);
    return r.success ? {} : translateFieldErrors(t, toFieldErrors(r.error.issues));
  };
}
