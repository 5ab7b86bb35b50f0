import type { BookedHour, HoursWeek } from '@app/shared/hours/hours';
import { formatMinutes } from '@app/shared/hours/schedules.rules';
import { ActionIcon, Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconLock,
  IconMessageReply,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { ErrorState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useDeleteBookedHours, useHoursWeek } from '../api';
import { shiftWeek, today, weekFromParam, weekNumber, weekOfDate, weekSpan } from '../weeks';
import { BookingModal, type BookingTarget } from './BookingModal';

/** Booked against scheduled: over is blue, under orange, on the dot green. */
export const differenceColor = (minutes: number) => (minutes === 0 ? 'teal' : minutes > 0 ? 'blue' : 'orange');

/** A difference with its sign: +1:30, -0:45, 0:00. */
export const signedMinutes = (minutes: number) => (minutes > 0 ? `+${formatMinutes(minutes)}` : formatMinutes(minutes));

/**
 * One person's ISO week of booked hours (the week in the address, `?week=2026-W48`): the week
 * switcher, the week's totals against the schedule, and a card per day with its entries and
 * "Uren boeken". Locked days (payroll ran) show a lock and no buttons.
 */
export function HoursWeekView({ employeeId }: { employeeId: number | undefined }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const thisWeek = weekOfDate(today());
  const week = weekFromParam(params.get('week'));
  const data = useHoursWeek(employeeId, week);
  const [booking, setBooking] = useState<BookingTarget>(undefined);

  const goTo = (key: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (key === thisWeek) p.delete('week');
        else p.set('week', key);
        return p;
      },
      { replace: true },
    );

  const { monday, sunday } = weekSpan(week);
  const w = data.data && data.data.week === week ? data.data : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="center">
        <Stack gap={2}>
          <Group gap="xs" align="center">
            <Title order={2} fz={{ base: 20, sm: 22 }}>
              {t('hours.week.title', { week: weekNumber(week) })}
            </Title>
            {w ? (
              <Badge variant="light" color={w.parity === 'even' ? 'grape' : 'cyan'}>
                {t(`hours.parity.${w.parity}`)}
              </Badge>
            ) : null}
            {w ? (
              <Badge variant="light" color={{ open: 'gray', approved: 'teal', returned: 'orange' }[w.timesheet.state]}>
                {w.timesheet.state === 'open' ? t('hours.week.stateOpen') : t(`hours.timesheets.states.${w.timesheet.state}`)}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t('hours.week.span', { from: formatDate(monday), to: formatDate(sunday) })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t('hours.week.previous')}>
            <ActionIcon
              variant="default"
              size="xl"
              aria-label={t('hours.week.previous')}
              onClick={() => goTo(shiftWeek(week, -1))}
            >
              <IconChevronLeft size={20} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" size="md" onClick={() => goTo(thisWeek)} disabled={week === thisWeek}>
            {t('hours.week.current')}
          </Button>
          <Tooltip label={t('hours.week.next')}>
            <ActionIcon variant="default" size="xl" aria-label={t('hours.week.next')} onClick={() => goTo(shiftWeek(week, 1))}>
              <IconChevronRight size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {data.error && !w ? (
        <ErrorState error={data.error} onRetry={() => void data.refetch()} />
      ) : !w ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.states.loading')}>
          <Skeleton h={72} />
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={96} />
          ))}
        </Stack>
      ) : (
        <WeekBody week={w} onBook={setBooking} />
      )}
      <BookingModal target={booking} employeeId={employeeId} onClose={() => setBooking(undefined)} />
    </Stack>
  );
}

function WeekBody({ week, onBook }: { week: HoursWeek; onBook: (b: BookingTarget) => void }) {
  const { t } = useTranslation();
  const locked = (date: string) => week.lockedThrough !== null && date <= week.lockedThrough;
  const anyLocked = week.days.some((d) => locked(d.date));
  return (
    <Stack gap="md">
      <Totals week={week} />
      <TimesheetBanner timesheet={week.timesheet} />
      {!week.canBook && week.cannotBookReason !== 'HOURS_WEEK_APPROVED' ? (
        <Alert color="yellow" variant="light" title={t('hours.week.cannotBook')}>
          {t(`errors.${week.cannotBookReason ?? 'FORBIDDEN'}`, { defaultValue: t('errors.FORBIDDEN') })}
        </Alert>
      ) : null}
      {anyLocked && week.lockedThrough ? (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          {t('hours.week.locked', { date: formatDate(week.lockedThrough) })}
        </Alert>
      ) : null}
      <Stack gap="sm">
        {week.days.map((day) => (
          <DayCard key={day.date} day={day} locked={locked(day.date)} canBook={week.canBook} onBook={onBook} />
        ))}
      </Stack>
    </Stack>
  );
}

/** The week's decision: approved (read only, by whom and when) or sent back (the comment and a call to correct). */
function TimesheetBanner({ timesheet }: { timesheet: HoursWeek['timesheet'] }) {
  const { t } = useTranslation();
  const facts = { by: timesheet.decidedBy ?? '?', date: formatDateTime(timesheet.decidedAt) };
  if (timesheet.state === 'approved') {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconLock size={18} />}
        title={t('hours.week.stateApproved')}
        data-testid="week-state"
      >
        {t('hours.week.approvedText', facts)}
      </Alert>
    );
  }
  if (timesheet.state === 'returned') {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconMessageReply size={18} />}
        title={t('hours.week.stateReturned')}
        data-testid="week-state"
      >
        <Stack gap={6}>
          <Text size="sm">{t('hours.week.returnedText', facts)}</Text>
          <Text size="sm" fw={600} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="week-comment">
            “{timesheet.comment}”
          </Text>
          <Text size="sm">{t('hours.week.returnedCall')}</Text>
        </Stack>
      </Alert>
    );
  }
  return null;
}

function Totals({ week }: { week: HoursWeek }) {
  const { t } = useTranslation();
  const { scheduled, booked, difference } = week.totals;
  return (
    <Card withBorder padding="md" component="section" aria-label={t('hours.week.totals')}>
      <SimpleGrid cols={3} spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('hours.week.scheduled')}
          </Text>
          <Text fz="xl" fw={700} data-testid="total-scheduled">
            {formatMinutes(scheduled)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('hours.week.booked')}
          </Text>
          <Text fz="xl" fw={700} data-testid="total-booked">
            {formatMinutes(booked)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('hours.week.difference')}
          </Text>
          <Text fz="xl" fw={700} c={`${differenceColor(difference)}.8`} data-testid="total-difference">
            {signedMinutes(difference)}
          </Text>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

interface DayProps {
  day: HoursWeek['days'][number];
  locked: boolean;
  canBook: boolean;
  onBook: (b: BookingTarget) => void;
}

function DayCard({ day, locked, canBook, onBook }: DayProps) {
  const { t } = useTranslation();
  const isToday = day.date === today();
  const long = dayjs(day.date).format('dddd D MMMM');
  const title = long.charAt(0).toUpperCase() + long.slice(1);
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-label={title}
      data-testid={`day-${day.date}`}
      style={isToday ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Group gap={6} align="center">
            {locked ? <IconLock size={16} aria-label={t('hours.day.locked')} /> : null}
            <Title order={3} fz="md">
              {title}
            </Title>
            {isToday ? (
              <Badge size="sm" variant="light">
                {t('hours.day.today')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t('hours.day.summary', { scheduled: formatMinutes(day.scheduledMinutes), booked: formatMinutes(day.bookedMinutes) })}
          </Text>
        </Stack>
        {canBook && !locked ? (
          <Button
            variant="light"
            size="md"
            leftSection={<IconPlus size={18} />}
            onClick={() => onBook({ kind: 'new', date: day.date })}
            aria-label={t('hours.day.bookOn', { date: title })}
          >
            {t('hours.day.book')}
          </Button>
        ) : null}
      </Group>
      {day.entries.length ? (
        <Stack gap={0} mt="sm">
          {day.entries.map((e) => (
            <EntryRow key={e.id} entry={e} locked={locked} onEdit={() => onBook({ kind: 'edit', entry: e })} />
          ))}
        </Stack>
      ) : null}
    </Card>
  );
}

function EntryRow({ entry, locked, onEdit }: { entry: BookedHour; locked: boolean; onEdit: () => void }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const remove = useDeleteBookedHours();
  const part = entry.area?.name ?? entry.task?.title ?? null;
  const label = `${entry.project.name} ${formatMinutes(entry.minutes)}`;

  const handleDelete = async () => {
    const ok = await confirmAction({
      title: t('hours.delete.title'),
      message: t('hours.delete.text', {
        time: formatMinutes(entry.minutes),
        project: entry.project.name,
        date: formatDate(entry.date),
      }),
      confirmLabel: t('hours.delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(entry);
      notify.success(t('hours.delete.done', { time: formatMinutes(entry.minutes), project: entry.project.name }));
    });
  };

  const editDenied = deniedReason(t, entry.abilities, 'canEdit');
  const deleteDenied = deniedReason(t, entry.abilities, 'canDelete');
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid={`entry-${entry.id}`}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="wrap" align="center">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {entry.project.name}
          </Text>
          <Badge variant="light" color="gray" size="sm">
            {t(`hours.activities.${entry.activity}`)}
          </Badge>
          {entry.startTime ? (
            <Text size="sm" c="dimmed" data-testid={`entry-${entry.id}-start`}>
              {t('hours.entry.startsAt', { time: entry.startTime })}
            </Text>
          ) : null}
        </Group>
        {part ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {part}
          </Text>
        ) : null}
        {entry.notes ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {entry.notes}
          </Text>
        ) : null}
      </Stack>
      <Group gap={4} wrap="nowrap" align="center">
        <Text fw={700} mr={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatMinutes(entry.minutes)}
        </Text>
        {!locked && !editDenied ? (
          <ActionIcon variant="subtle" size="lg" aria-label={t('hours.entry.edit', { name: label })} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        ) : null}
        {!locked && !deleteDenied ? (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('hours.entry.delete', { name: label })}
            onClick={() => void handleDelete()}
            loading={remove.isPending}
          >
            <IconTrash size={18} />
          </ActionIcon>
        ) : null}
      </Group>
    </Group>
  );
}
