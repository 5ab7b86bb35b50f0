import { type Schedule, type ScheduleInput, scheduleDaySchema } from '@app/shared/hours/schedules';
import { dayMinutes, formatMinutes, type Parity } from '@app/shared/hours/schedules.rules';
import { addDays, mondayOf } from '@app/shared/platform/iso-week';
import { toFieldErrors } from '@app/shared/platform/validation';
import { workDateSchema } from '@app/shared/users/people';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCopy, IconLock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { EditorButtons } from '../../../components/EditorButtons';
import { useEditor } from '../../../components/use-editor';
import { formatDate } from '../../../lib/dates';
import { translateFieldErrors } from '../../../lib/errors';
import { useCreateSchedule, useUpdateSchedule } from '../api';
import { today } from '../weeks';

interface DayRow {
  works: boolean;
  start: string;
  end: string;
  breakMinutes: number | string;
}

export interface ScheduleValues {
  effectiveFrom: string;
  even: DayRow[];
  odd: DayRow[];
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const OFF: DayRow = { works: false, start: '08:00', end: '16:30', breakMinutes: 30 };
const PARITIES: Parity[] = ['even', 'odd'];

function rowsOf(days: Schedule['days']['even']): DayRow[] {
  return WEEKDAYS.map((wd) => {
    const d = days.find((x) => x.weekday === wd);
    return d ? { works: true, start: d.start, end: d.end, breakMinutes: d.breakMinutes } : { ...OFF };
  });
}

/** A new version: from next Monday, with the days of the version it starts from (or Monday to Friday 8:00). */
export function newScheduleValues(from: Schedule | undefined): ScheduleValues {
  const nextMonday = addDays(mondayOf(today()), 7);
  if (from) return { effectiveFrom: nextMonday, even: rowsOf(from.days.even), odd: rowsOf(from.days.odd) };
  const week = () => WEEKDAYS.map((wd) => ({ ...OFF, works: wd <= 5 }));
  return { effectiveFrom: nextMonday, even: week(), odd: week() };
}

export const scheduleValues = (s: Schedule): ScheduleValues => ({
  effectiveFrom: s.effectiveFrom,
  even: rowsOf(s.days.even),
  odd: rowsOf(s.days.odd),
});

/** A time as typed ("8:00", "8.30", "0830"…) written as HH:MM where it can be; else as typed (the check says so). */
export function normalTime(text: string): string {
  const s = text.trim().replace('.', ':');
  const m = /^(\d{1,2}):?(\d{2})$/.exec(s);
  return m ? `${m[1]?.padStart(2, '0')}:${m[2]}` : s;
}

/** Times are typed (uu:mm), not picked: a native time field's width and 12/24-hour clock differ per browser. */
const TIME_INPUT = {
  size: 'sm',
  w: 70,
  style: { flexShrink: 0 },
  placeholder: 'uu:mm',
  maxLength: 5,
  inputMode: 'numeric',
  autoComplete: 'off',
} as const;

const breakOf = (r: DayRow) => (typeof r.breakMinutes === 'number' ? r.breakMinutes : Number(r.breakMinutes) || 0);

export function toScheduleInput(v: ScheduleValues): ScheduleInput {
  const week = (rows: DayRow[]) =>
    rows.flatMap((r, i) =>
      r.works ? [{ weekday: i + 1, start: normalTime(r.start), end: normalTime(r.end), breakMinutes: breakOf(r) }] : [],
    );
  return { effectiveFrom: v.effectiveFrom, days: { even: week(v.even), odd: week(v.odd) } };
}

const rowMinutes = (r: DayRow) =>
  r.works ? dayMinutes({ start: normalTime(r.start), end: normalTime(r.end), breakMinutes: breakOf(r) }) : 0;
const weekTotal = (rows: DayRow[]) => rows.reduce((s, r) => s + rowMinutes(r), 0);

interface Props {
  userId: number;
  /** The version being changed; undefined for a new one. */
  schedule: Schedule | undefined;
  initialValues: ScheduleValues;
  /** Why it cannot be changed (no rights, or it starts in a locked period); null: editable. */
  readOnlyReason: string | null;
  onSaved: (s: Schedule) => void;
  onCancel?: () => void;
}

/**
 * One schedule version: the date it applies from, and per weekday of the even and the odd week
 * whether the person works, from when to when, the break and the day's hours (live), with the
 * week totals. "Kopieer even naar oneven" makes both weeks the same.
 */
export function ScheduleEditor({ userId, schedule, initialValues, readOnlyReason, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const create = useCreateSchedule(userId);
  const update = useUpdateSchedule(userId);
  const [tab, setTab] = useState<Parity>('even');
  const wide = useMediaQuery('(min-width: 62em)');
  const readOnly = readOnlyReason !== null;

  const validate = (v: ScheduleValues) => {
    const errors: Record<string, string> = {};
    const date = workDateSchema.safeParse(v.effectiveFrom);
    if (!date.success)
      Object.assign(errors, { effectiveFrom: Object.values(translateFieldErrors(t, toFieldErrors(date.error.issues)))[0] });
    for (const parity of PARITIES) {
      v[parity].forEach((r, i) => {
        if (!r.works) return;
        const day = scheduleDaySchema.safeParse({
          weekday: i + 1,
          start: normalTime(r.start),
          end: normalTime(r.end),
          breakMinutes: breakOf(r),
        });
        if (day.success) return;
        const errs = translateFieldErrors(t, toFieldErrors(day.error.issues), { prefix: 'hours.validation' });
        for (const [field, message] of Object.entries(errs)) errors[`${parity}.${i}.${field}`] = message;
      });
    }
    return errors;
  };

  const editor = useEditor<ScheduleValues, Schedule>({
    initialValues,
    base: schedule,
    validate,
    fieldErrors: { prefix: 'hours.validation' },
    save: (v, base) =>
      base
        ? update.mutateAsync({ id: base.id, ...toScheduleInput(v), version: base.version })
        : create.mutateAsync(toScheduleInput(v)),
    toValues: scheduleValues,
    savedMessage: (s) => t(schedule ? 'hours.schedule.saved' : 'hours.schedule.created', { date: formatDate(s.effectiveFrom) }),
    onSaved,
  });
  const { form } = editor;
  const errorsIn = (p: Parity) => Object.keys(form.errors).some((k) => k.startsWith(`${p}.`));

  const copyEvenToOdd = () => {
    form.setFieldValue(
      'odd',
      form.values.even.map((r) => ({ ...r })),
    );
  };

  const weekTable = (parity: Parity) => (
    <WeekTable
      parity={parity}
      rows={form.values[parity]}
      readOnly={readOnly}
      inputProps={(i, field) =>
        form.getInputProps(`${parity}.${i}.${field}`, field === 'works' ? { type: 'checkbox' } : undefined)
      }
    />
  );

  return (
    <form {...editor.formProps}>
      <Card withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          {editor.banner}
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Title order={2} fz="lg">
              {schedule
                ? t('hours.schedule.editTitle', { date: formatDate(schedule.effectiveFrom) })
                : t('hours.schedule.newTitle')}
            </Title>
          </Group>
          {readOnlyReason ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
              {readOnlyReason}
            </Alert>
          ) : null}
          <DateField
            label={t('hours.schedule.effectiveFrom')}
            description={t('hours.schedule.effectiveFromHint')}
            required
            readOnly={readOnly}
            w={{ base: '100%', sm: 260 }}
            {...form.getInputProps('effectiveFrom')}
          />
          {wide ? (
            <SimpleGrid cols={2} spacing="lg">
              {PARITIES.map((p) => (
                <Stack key={p} gap="xs">
                  <Title order={3} fz="md">
                    {t(`hours.parity.${p}Week`)}
                  </Title>
                  {weekTable(p)}
                </Stack>
              ))}
            </SimpleGrid>
          ) : (
            <Stack gap="xs">
              <SegmentedControl
                fullWidth
                value={tab}
                onChange={(v) => setTab(v as Parity)}
                aria-label={t('hours.schedule.weekChoice')}
                data={PARITIES.map((p) => ({
                  value: p,
                  label: `${t(`hours.parity.${p}Week`)}${errorsIn(p) ? ' ⚠' : ''}`,
                }))}
              />
              {weekTable(tab)}
            </Stack>
          )}
          <Group justify="space-between" wrap="wrap" gap="sm">
            {readOnly ? (
              <span />
            ) : (
              <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copyEvenToOdd}>
                {t('hours.schedule.copyEvenToOdd')}
              </Button>
            )}
            {readOnly ? null : (
              <Group gap="sm">
                {onCancel ? (
                  <Button variant="default" onClick={onCancel}>
                    {t('common.actions.cancel')}
                  </Button>
                ) : null}
                <EditorButtons editor={editor} createLabel={schedule ? undefined : t('hours.schedule.create')} />
              </Group>
            )}
          </Group>
        </Stack>
      </Card>
    </form>
  );
}

type Field = keyof DayRow;

interface WeekTableProps {
  parity: Parity;
  rows: DayRow[];
  readOnly: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: Mantine's getInputProps answer
  inputProps: (i: number, field: Field) => any;
}

function WeekTable({ parity, rows, readOnly, inputProps }: WeekTableProps) {
  const { t } = useTranslation();
  const total = weekTotal(rows);
  return (
    <Stack gap={0} data-testid={`week-${parity}`}>
      <Group gap="xs" wrap="nowrap" visibleFrom="sm" aria-hidden pb={4} c="dimmed" fz="xs" fw={600}>
        <Text w={130} fz="xs" fw={600}>
          {t('hours.schedule.day')}
        </Text>
        <Text w={70} fz="xs" fw={600}>
          {t('hours.schedule.start')}
        </Text>
        <Text w={70} fz="xs" fw={600}>
          {t('hours.schedule.end')}
        </Text>
        <Text w={76} fz="xs" fw={600}>
          {t('hours.schedule.breakShort')}
        </Text>
        <Text ml="auto" fz="xs" fw={600}>
          {t('hours.schedule.duration')}
        </Text>
      </Group>
      {rows.map((r, i) => {
        const name = dayjs('2024-01-01').add(i, 'day').format('dddd');
        const label = (what: string) =>
          `${t(`hours.schedule.${what}`)} (${name}, ${t(`hours.parity.${parity}Week`).toLowerCase()})`;
        return (
          <Group
            key={name}
            gap="xs"
            py={8}
            wrap="wrap"
            align="flex-start"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Switch
              w={130}
              mt={6}
              label={
                <Text tt="capitalize" size="sm" fw={500} component="span">
                  {name}
                </Text>
              }
              aria-label={t('hours.schedule.works', { day: name })}
              disabled={readOnly}
              {...inputProps(i, 'works')}
            />
            {r.works ? (
              // Beside the day where it fits; on a phone on a line of its own under it.
              <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 250px' }}>
                <TextInput {...TIME_INPUT} aria-label={label('start')} readOnly={readOnly} {...inputProps(i, 'start')} />
                <TextInput {...TIME_INPUT} aria-label={label('end')} readOnly={readOnly} {...inputProps(i, 'end')} />
                <NumberInput
                  size="sm"
                  w={76}
                  style={{ flexShrink: 0 }}
                  min={0}
                  max={600}
                  step={5}
                  allowDecimal={false}
                  hideControls
                  suffix="m"
                  aria-label={label('break')}
                  readOnly={readOnly}
                  {...inputProps(i, 'breakMinutes')}
                />
                <Text
                  size="sm"
                  fw={600}
                  mt={6}
                  ml="auto"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                  aria-label={label('duration')}
                >
                  {formatMinutes(rowMinutes(r))}
                </Text>
              </Group>
            ) : (
              <Text size="sm" c="dimmed" mt={6}>
                {t('hours.schedule.off')}
              </Text>
            )}
          </Group>
        );
      })}
      <Group justify="space-between" pt="sm">
        <Text fw={600}>{t('hours.schedule.weekTotal')}</Text>
        <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`week-total-${parity}`}>
          {formatMinutes(total)}
        </Text>
      </Group>
    </Stack>
  );
}
