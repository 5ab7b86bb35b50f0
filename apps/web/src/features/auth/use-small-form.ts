import { type FormEvent, useState } from 'react';

type Rules<T> = { [K in keyof T]?: (value: T[K]) => string | null };

/**
 * A few-field form for the sign-in screens, in place of @mantine/form, which would add ~6 KB gzip
 * to the login route (G6). Same behaviour the other forms have: checks on blur
 * and on submit, server fieldErrors shown on their fields.
 */
export function useSmallForm<T extends Record<string, string>>(initial: T, rules: Rules<T>) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  // Leaving a field checks it only once it was typed in: tabbing or clicking past an empty field
  // must not raise errors that shift the layout under the pointer.
  const [changed, setChanged] = useState<Partial<Record<keyof T, true>>>({});

  const check = (key: keyof T, value: T[keyof T]) => rules[key]?.(value as never) ?? null;

  const field = <K extends keyof T>(key: K) => ({
    value: values[key],
    error: errors[key] ?? null,
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value as T[K];
      setValues((v) => ({ ...v, [key]: value }));
      setChanged((c) => (c[key] ? c : { ...c, [key]: true }));
      if (errors[key]) setErrors((er) => ({ ...er, [key]: check(key, value) ?? undefined }));
    },
    onBlur: () => {
      if (changed[key]) setErrors((er) => ({ ...er, [key]: check(key, values[key]) ?? undefined }));
    },
  });

  const onSubmit = (handler: (values: T) => void | Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<keyof T, string>> = {};
    for (const key of Object.keys(values) as (keyof T)[]) {
      const msg = check(key, values[key]);
      if (msg) found[key] = msg;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) void handler(values);
  };

  return { values, field, onSubmit, setErrors: (e: Record<string, string>) => setErrors(e as Partial<Record<keyof T, string>>) };
}
