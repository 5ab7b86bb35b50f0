import { addDays, isoWeekOf, mondayOf, mondayOfWeek, parseWeekKey, weekKey } from '@app/shared/platform/iso-week';
import { TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendarWeek } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CalendarButton } from './CalendarButton';

export type WeekFieldProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'rightSection'> & {
  /** An ISO week, `2026-W48`, or what was typed. */
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * An ISO week (Monday to Sunday, numbered as Dutch planning does): typed as `2026-W48`, or picked in a
 * calendar with week numbers where a click on any day takes its week.
 */
export function WeekField({ value = '', onChange, disabled, readOnly, ...rest }: WeekFieldProps) {
  const { t } = useTranslation();
  const week = parseWeekKey(value.trim().toUpperCase());
  const monday = week ? mondayOfWeek(week.year, week.week) : null;
  const sunday = monday ? addDays(monday, 6) : null;
  return (
    <TextInput
      {...rest}
      disabled={disabled}
      readOnly={readOnly}
      value={value}
      autoComplete="off"
      onChange={(e) => onChange?.(e.currentTarget.value)}
      rightSection={
        disabled || readOnly ? null : (
          <CalendarButton
            label={t('common.dates.pickWeek')}
            icon={<IconCalendarWeek size={18} aria-hidden />}
            withWeekNumbers
            defaultDate={monday ?? undefined}
            value={monday}
            onPick={(day) => onChange?.(weekKey(isoWeekOf(mondayOf(day))))}
            getDayProps={(day) => {
              const inWeek = monday !== null && sunday !== null && day >= monday && day <= sunday;
              return { inRange: inWeek, firstInRange: day === monday, lastInRange: day === sunday };
            }}
          />
        )
      }
    />
  );
}
