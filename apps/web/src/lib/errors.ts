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

/** Translates field errors (from the server or from the shared schema) for a form. */
export function translateFieldErrors(t: TFunction, fieldErrors: Record<string, FieldError>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, e]) => [
      field,
      t(`validation.${e.code}`, { defaultValue: t('validation.invalid'), ...(e.params ?? {}) }),
    ]),
  );
}
