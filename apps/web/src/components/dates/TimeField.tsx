import { TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from './date-text';

export type TimeFieldProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'step'> & {
  /** `HH:mm`, or ''. */
  value?: string;
  /** Called with `HH:mm` once what is typed is a time of day, otherwise with the text as typed (the form's check then says what is wrong). */
  onChange?: (value: string) => void;
};

/**
 * A time of day on a 24-hour clock, typed as `8`, `830`, `8:30` or `08.30` and shown as `08:30` once
 * the field is left. The browser's own time input follows the browser's language (AM/PM in an English
 * browser); this one follows the Dutch convention in both languages.
 */
export function TimeField({ value = '', onChange, onBlur, placeholder, ...rest }: TimeFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // A value set from outside (a reset, a chosen template) replaces what is shown, unless it is what was typed.
  useEffect(() => {
    setText((shown) => (parseTime(shown) === value || shown === value ? shown : value));
  }, [value]);
  return (
    <TextInput
      {...rest}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder ?? t('common.dates.timePlaceholder')}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        onChange?.(parseTime(typed) ?? typed.trim());
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        const time = parseTime(text);
        if (time) setText(time);
        onBlur?.(e);
      }}
    />
  );
}
