import { ActionIcon, Popover } from '@mantine/core';
import { DatePicker, type DatePickerProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/nl';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dates.module.css';

/**
 * The button at the end of a date or week field and the calendar it opens: Monday first, month and
 * day names in the app's language, the arrows named for a screen reader (the header's month button
 * keeps its visible text as its name). `onPick` gets the clicked day, `YYYY-MM-DD`; the calendar closes.
 */
export function CalendarButton({
  label,
  icon,
  onPick,
  ...picker
}: { label: string; icon: ReactNode; onPick: (day: string) => void } & Omit<DatePickerProps, 'onChange' | 'type'>) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover opened={open} onChange={setOpen} position="bottom-end" trapFocus returnFocus shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {icon}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('common.dates.calendar')}>
        <DatePicker
          {...picker}
          ariaLabels={{
            nextMonth: t('common.dates.nextMonth'),
            previousMonth: t('common.dates.previousMonth'),
            nextYear: t('common.dates.nextYear'),
            previousYear: t('common.dates.previousYear'),
            nextDecade: t('common.dates.nextDecade'),
            previousDecade: t('common.dates.previousDecade'),
          }}
          className={classes.calendar}
          hideOutsideDates
          locale={i18n.language === 'en' ? 'en' : 'nl'}
          firstDayOfWeek={1}
          onChange={(day) => {
            if (day) onPick(day);
            setOpen(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
