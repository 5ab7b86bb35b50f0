import type { HoursWeek } from '@app/shared/hours/hours';
import { formatMinutes } from '@app/shared/hours/schedules.rules';
import type { Timesheet, TimesheetRow } from '@app/shared/hours/timesheets';
import type { TimesheetState } from '@app/shared/hours/timesheets.rules';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconChevronLeft, IconChevronRight, IconLockOpen, IconMessageReply } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { type TimesheetDecisionInput, useDecideTimesheet, useHoursWeek, useTimesheets } from '../api';
import { differenceColor, signedMinutes } from '../components/HoursWeekView';
import { shiftWeek, today, weekFromParam, weekNumber, weekOfDate, weekSpan } from '../weeks';

/** The colour of a week's state. */
export const STATE_COLOR: Record<TimesheetState, string> = { open: 'gray', approved: 'teal', returned: 'orange' };

/**
 * hours.timesheets ('Urenverantwoording', hours.approve): per ISO week (?week=2026-W48) every
 * person with their booked hours against their schedule and the week's state. Open a person's week
 * to see its days and approve it, send it back with a comment or reopen it; open weeks can be
 * approved together. Nobody decides on their own week (the server says why).
 */
export function TimesheetsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const thisWeek = weekOfDate(today());
  const week = weekFromParam(params.get('week'));
  const list = useTimesheets(week);
  const [opened, setOpened] = useState<TimesheetRow | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const decide = useDecideTimesheet();
  const [bulkBusy, setBulkBusy] = useState(false);

  const goTo = (key: string) => {
    setSelected(new Set());
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (key === thisWeek) p.delete('week');
        else p.set('week', key);
        return p;
      },
      { replace: true },
    );
  };
  const { monday, sunday } = weekSpan(week);
  const data = list.data && list.data.week === week ? list.data : undefined;
  const selectable = (data?.rows ?? []).filter((r) => r.timesheet.state === 'open' && r.timesheet.abilities.canApprove);
  const chosen = selectable.filter((r) => selected.has(r.employee.id));
  const count = (s: TimesheetState) => (data?.rows ?? []).filter((r) => r.timesheet.state === s).length;

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const approveSelected = async () => {
    setBulkBusy(true);
    let done = 0;
    for (const r of chosen) {
      try {
        await decide.mutateAsync({ action: 'approve', employeeId: r.employee.id, week, version: r.timesheet.version });
        done += 1;
      } catch {
        // Decided meanwhile by someone else: counted as not done, said below.
      }
    }
    setBulkBusy(false);
    setSelected(new Set());
    if (done === chosen.length) notify.success(t('hours.timesheets.approvedMany', { count: done }));
    else notify.error(t('hours.timesheets.approvedSome', { done, total: chosen.length }));
  };

  return (
    <>
      <PageHeader title={t('hours.timesheets.title')} description={t('hours.timesheets.intro')} />
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap" align="center">
          <Stack gap={2}>
            <Title order={2} fz={{ base: 20, sm: 22 }}>
              {t('hours.week.title', { week: weekNumber(week) })}
            </Title>
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

        {list.error && !data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : !data ? (
          <Stack gap="sm" aria-busy="true" aria-label={t('common.states.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={64} />
            ))}
          </Stack>
        ) : data.rows.length === 0 ? (
          <EmptyState title={t('hours.timesheets.emptyTitle')} description={t('hours.timesheets.emptyText')} />
        ) : (
          <Stack gap="sm" component="section" aria-label={t('hours.timesheets.people', { week: weekNumber(week) })}>
            <Group justify="space-between" gap="sm" wrap="wrap" align="center">
              <Text size="sm" c="dimmed" data-testid="timesheets-summary">
                {t('hours.timesheets.summary', { open: count('open'), returned: count('returned'), approved: count('approved') })}
              </Text>
              {selectable.length ? (
                <Group gap="sm" wrap="wrap">
                  <Checkbox
                    label={t('hours.timesheets.selectAll')}
                    checked={chosen.length === selectable.length}
                    indeterminate={chosen.length > 0 && chosen.length < selectable.length}
                    onChange={(e) =>
                      setSelected(e.currentTarget.checked ? new Set(selectable.map((r) => r.employee.id)) : new Set())
                    }
                  />
                  <Button
                    leftSection={<IconCheck size={18} />}
                    disabled={chosen.length === 0}
                    loading={bulkBusy}
                    onClick={() => void approveSelected()}
                  >
                    {t('hours.timesheets.approveSelected')}
                    {chosen.length ? ` (${chosen.length})` : ''}
                  </Button>
                </Group>
              ) : null}
            </Group>
            {data.rows.map((r) => (
              <PersonRow
                key={r.employee.id}
                row={r}
                selectable={selectable.includes(r)}
                selected={selected.has(r.employee.id)}
                onSelect={(on) => toggle(r.employee.id, on)}
                onOpen={() => setOpened(r)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <TimesheetModal row={opened} week={week} onClose={() => setOpened(null)} />
    </>
  );
}

function StateBadge({ state }: { state: TimesheetState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATE_COLOR[state]} data-testid="timesheet-state">
      {t(`hours.timesheets.states.${state}`)}
    </Badge>
  );
}

function PersonRow(props: {
  row: TimesheetRow;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { row } = props;
  const name = row.employee.name;
  const difference = row.bookedMinutes - row.scheduledMinutes;
  return (
    <Card withBorder padding="sm" data-testid={`timesheet-${row.employee.id}`}>
      <Group justify="space-between" gap="sm" wrap="nowrap" align="center">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          {props.selectable ? (
            <Checkbox
              aria-label={t('hours.timesheets.select', { name })}
              checked={props.selected}
              onChange={(e) => props.onSelect(e.currentTarget.checked)}
            />
          ) : null}
          <Stack gap={2} style={{ minWidth: 0 }}>
            {/* The name opens the week (its visible text is its name, as axe wants). */}
            <UnstyledButton onClick={props.onOpen} title={t('hours.timesheets.open', { name })}>
              <Text fw={600} c="blue.8" td="underline" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
            </UnstyledButton>
            <Text size="sm" c="dimmed">
              {t('hours.timesheets.ofScheduled', {
                booked: formatMinutes(row.bookedMinutes),
                scheduled: formatMinutes(row.scheduledMinutes),
              })}{' '}
              <Text span size="sm" c={`${differenceColor(difference)}.8`} fw={600}>
                ({signedMinutes(difference)})
              </Text>
            </Text>
          </Stack>
        </Group>
        <StateBadge state={row.timesheet.state} />
      </Group>
    </Card>
  );
}

/** A person's week for the approver: the days with their bookings, the totals, the decision and its buttons. */
function TimesheetModal({ row, week, onClose }: { row: TimesheetRow | null; week: string; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const name = row?.employee.name ?? '';
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      fullScreen={!!isPhone}
      size="lg"
      title={t('hours.timesheets.weekOf', { week: weekNumber(week), name })}
    >
      {row ? <TimesheetWeek employeeId={row.employee.id} name={name} week={week} onDone={onClose} /> : null}
    </Modal>
  );
}

function TimesheetWeek({
  employeeId,
  name,
  week,
  onDone,
}: {
  employeeId: number;
  name: string;
  week: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const data = useHoursWeek(employeeId, week);
  const w = data.data && data.data.week === week && data.data.employee.id === employeeId ? data.data : undefined;
  if (data.error && !w) return <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  if (!w) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.states.loading')}>
        <Skeleton h={48} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          {t('hours.timesheets.booked')}: <b data-testid="timesheet-booked">{formatMinutes(w.totals.booked)}</b>
        </Text>
        <Text size="sm">
          {t('hours.timesheets.scheduled')}: <b>{formatMinutes(w.totals.scheduled)}</b>
        </Text>
        <Text size="sm" c={`${differenceColor(w.totals.difference)}.8`} fw={600}>
          {signedMinutes(w.totals.difference)}
        </Text>
        <StateBadge state={w.timesheet.state} />
      </Group>
      <Decision timesheet={w.timesheet} />
      <Days week={w} />
      <Actions timesheet={w.timesheet} employeeId={employeeId} name={name} week={week} onDone={onDone} />
    </Stack>
  );
}

function Decision({ timesheet }: { timesheet: Timesheet }) {
  const { t } = useTranslation();
  if (timesheet.state === 'open' || !timesheet.decidedAt) return null;
  const line = t('hours.timesheets.decidedBy', {
    state: t(`hours.timesheets.states.${timesheet.state}`),
    by: timesheet.decidedBy ?? '?',
    date: formatDateTime(timesheet.decidedAt),
  });
  return (
    <Alert color={STATE_COLOR[timesheet.state]} variant="light" title={line}>
      {timesheet.comment ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="timesheet-comment">
          “{timesheet.comment}”
        </Text>
      ) : null}
    </Alert>
  );
}

function Days({ week }: { week: HoursWeek }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      {week.days
        .filter((d) => d.entries.length > 0 || d.scheduledMinutes > 0)
        .map((d) => {
          const long = dayjs(d.date).format('dddd D MMMM');
          return (
            <Stack key={d.date} gap={2} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <Text fw={600}>{long.charAt(0).toUpperCase() + long.slice(1)}</Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('hours.day.summary', {
                    scheduled: formatMinutes(d.scheduledMinutes),
                    booked: formatMinutes(d.bookedMinutes),
                  })}
                </Text>
              </Group>
              {d.entries.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('hours.timesheets.noHours')}
                </Text>
              ) : (
                d.entries.map((e) => (
                  <Group key={e.id} justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {e.project.name} · {t(`hours.activities.${e.activity}`)}
                      {e.notes ? ` · ${e.notes}` : ''}
                    </Text>
                    <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMinutes(e.minutes)}
                    </Text>
                  </Group>
                ))
              )}
            </Stack>
          );
        })}
    </Stack>
  );
}

function Actions(props: { timesheet: Timesheet; employeeId: number; name: string; week: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { timesheet, employeeId, name, week } = props;
  const attempt = useAttempt();
  const decide = useDecideTimesheet();
  const [returning, setReturning] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const facts = { week: weekNumber(week), name };
  const base = { employeeId, week, version: timesheet.version };

  const run = (input: TimesheetDecisionInput, done: string) =>
    attempt(async () => {
      await decide.mutateAsync(input);
      notify.success(t(done, facts));
      props.onDone();
    });

  const handleReopen = async () => {
    const ok = await confirmAction({
      title: t('hours.timesheets.reopenTitle'),
      message: t('hours.timesheets.reopenText', facts),
      confirmLabel: t('hours.timesheets.reopen'),
      danger: true,
    });
    if (ok) await run({ action: 'reopen', ...base }, 'hours.timesheets.reopened');
  };

  const handleReturn = async () => {
    if (!comment.trim()) {
      setError(t('hours.timesheets.commentRequired'));
      return;
    }
    await run({ action: 'return', ...base, comment: comment.trim() }, 'hours.timesheets.returned');
  };

  const own = timesheet.abilities.reasons.canApprove === 'TIMESHEET_OWN_WEEK';
  if (own) {
    return (
      <Alert color="gray" variant="light">
        {t('hours.timesheets.ownWeek')}
      </Alert>
    );
  }
  if (returning) {
    return (
      <Stack gap="sm">
        <Textarea
          label={t('hours.timesheets.comment')}
          description={t('hours.timesheets.commentHint', { name })}
          required
          autosize
          minRows={3}
          maxLength={1000}
          data-autofocus
          value={comment}
          error={error}
          onChange={(e) => {
            setComment(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setReturning(false)}>
            {t('hours.timesheets.cancel')}
          </Button>
          <Button color="orange" loading={decide.isPending} onClick={() => void handleReturn()}>
            {t('hours.timesheets.returnSubmit')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const reopenDenied = deniedReason(t, timesheet.abilities, 'canReopen');
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      {!reopenDenied ? (
        <Button variant="default" leftSection={<IconLockOpen size={18} />} onClick={() => void handleReopen()}>
          {t('hours.timesheets.reopen')}
        </Button>
      ) : null}
      {timesheet.abilities.canReturn ? (
        <Button variant="light" color="orange" leftSection={<IconMessageReply size={18} />} onClick={() => setReturning(true)}>
          {t('hours.timesheets.return')}
        </Button>
      ) : null}
      {timesheet.abilities.canApprove ? (
        <Button
          color="teal"
          leftSection={<IconCheck size={18} />}
          loading={decide.isPending}
          onClick={() => void run({ action: 'approve', ...base }, 'hours.timesheets.approved')}
        >
          {t('hours.timesheets.approve')}
        </Button>
      ) : null}
    </Group>
  );
}
