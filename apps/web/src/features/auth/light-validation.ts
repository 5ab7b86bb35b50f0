import type { TFunction } from 'i18next';

// The sign-in screens check their two fields by hand instead of with the shared zod schema: zod
// would add ~20 KB gzip to the login route (G6). The server still validates with
// the shared schema and its fieldErrors land on the same fields.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function emailRule(t: TFunction) {
  return (value: string): string | null => {
    const v = value.trim();
    if (!v) return t('validation.required');
    if (v.length > 254 || !EMAIL.test(v)) return t('validation.invalid_email');
    return null;
  };
}

export function requiredRule(t: TFunction) {
  return (value: string): string | null => (value ? null : t('validation.required'));
}
