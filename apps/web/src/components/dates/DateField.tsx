import { TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { type FocusEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarButton } from './CalendarButton';
import { formatDay, parseDay } from './date-text';

export type DateFieldProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max'> & {
  /** `YYYY-MM-DD`, or '' for none. */
  value?: string;
  /** Called with `YYYY-MM-DD` once what is typed is a day, or with '' when the field is emptied. */
  onChange?: (value: string) => void;
  /** The first and last day that can be chosen, `YYYY-MM-DD`. */
  min?: string;
  max?: string;
};

/**
 * A day, typed `dd-mm-jjjj` (or `YYYY-MM-DD`) or picked from a calendar behind the field's button
 * that starts on Monday and names its months in the app's language. The browser's own date input
 * follows the browser's language instead: an English browser would show mm/dd/yyyy. The form keeps
 * `YYYY-MM-DD`; text that is no day is kept in the field and said to be wrong once the field is left.
 */
export function DateField({
  value = '',
  onChange,
  onBlur,
  min,
  max,
  placeholder,
  error,
  disabled,
  readOnly,
  ...rest
}: DateFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatDay(value));
  const [wrong, setWrong] = useState(false);
  // A value set from outside (a reset, the next day) replaces what is shown, unless it is what was typed.
  useEffect(() => {
    setText((shown) => (parseDay(shown) === value || (shown.trim() === '' && value === '') ? shown : formatDay(value)));
    setWrong(false);
  }, [value]);
  const inRange = (day: string) => (!min || day >= min) && (!max || day <= max);
  const pick = (day: string) => {
    setText(formatDay(day));
    setWrong(false);
    onChange?.(day);
  };
  return (
    <TextInput
      {...rest}
      disabled={disabled}
      readOnly={readOnly}
      value={text}
      autoComplete="off"
      placeholder={placeholder ?? t('common.dates.dayPlaceholder')}
      error={error ?? (wrong ? t('common.dates.dayInvalid') : undefined)}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        const day = parseDay(typed);
        if (day && inRange(day)) onChange?.(day);
        else if (typed.trim() === '') onChange?.('');
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        const day = parseDay(text);
        if (day && inRange(day)) setText(formatDay(day));
        setWrong(text.trim() !== '' && !(day && inRange(day)));
        onBlur?.(e);
      }}
      rightSection={
        disabled || readOnly ? null : (
          <CalendarButton
            label={t('common.dates.pickDay')}
            icon={<IconCalendar size={18} aria-hidden />}
            defaultDate={value || max || undefined}
            minDate={min || undefined}
            maxDate={max || undefined}
            value={value || null}
            onPick={pick}
          />
        )
      }
    />
  );
}
