import { formatMinutes } from '@app/shared/hours/schedules.rules';
import type { LeaveCard, LeaveLine } from '@app/shared/leave/leave';
import type { LeaveBucket } from '@app/shared/leave/leave.rules';
import { Badge, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBeach, IconClockPlus, IconListDetails } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../../../components/DataTable';
import { ExportMenu } from '../../../../components/ExportMenu';
import { EmptyState } from '../../../../components/States';
import { formatDate } from '../../../../lib/dates';
import { type LinePage, useLeaveLines } from '../api';
import { formatDays, signedMinutes } from '../minutes';
import classes from './card.module.css';

export const PER_PAGE = 25;

/** The list's page in the address (?page), and a setter that keeps the rest of the query. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const setPage = (p: number) =>
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        if (p === 1) q.delete('page');
        else q.set('page', String(p));
        return q;
      },
      { replace: true },
    );
  return [page, setPage];
}

/** The date cell of a line. */
export const dateColumn = <T extends { date: string }>(header: string): Column<T> => ({
  key: 'date',
  header,
  width: 120,
  render: (l) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(l.date)}</span>,
});

/** A line's minutes as its effect on the balance (+ gives, - takes); a non-counting one greyed. */
export function Amount({ minutes, counts = true }: { minutes: number; counts?: boolean }) {
  return (
    <Text
      component="span"
      size="sm"
      fw={counts ? 600 : 400}
      className={classes.amount}
      c={counts ? (minutes > 0 ? 'teal.9' : undefined) : 'dimmed'}
      td={counts ? undefined : 'line-through'}
    >
      {signedMinutes(minutes)}
    </Text>
  );
}

export function NotCountedBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="gray" variant="light" size="sm">
      {t('leave.card.lines.notCounted')}
    </Badge>
  );
}

/** The line of a list's total: what the card shows for it, and how many lines it is the sum of. */
export function TotalBar({
  label,
  minutes,
  count,
  hint,
  countKey = 'leave.card.lines.count',
}: {
  label: string;
  minutes: number;
  count: number;
  hint?: ReactNode;
  /** What is counted: lines, or requests. */
  countKey?: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="sm" px="md" py="xs" role="status">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>
          {label}: <span data-testid="leave-lines-total">{formatMinutes(minutes)}</span>
        </Text>
        <Text size="sm" c="dimmed">
          {t(countKey, { count })}
        </Text>
      </Group>
      {hint ? (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

interface LinesListProps {
  userId: number;
  year: number;
  bucket: LeaveBucket;
  columns: Column<LeaveLine>[];
  caption: string;
  /** The total's label on the bar above the list. */
  totalLabel: string;
  /** From the page's sum (signed) to the figure the card shows. */
  figure: (page: LinePage) => number;
  empty: ReactNode;
  hint?: ReactNode;
  /** Above the total: buttons such as "add a correction". */
  actions?: ReactNode;
}

/** The lines behind one of the card's totals: the total (the card's figure), then the paged list. */
export function LinesList(p: LinesListProps) {
  const [page, setPage] = usePageParam();
  const list = useLeaveLines(p.userId, { year: p.year, bucket: p.bucket, page, perPage: PER_PAGE });
  const data = list.data;
  return (
    <Stack gap="md">
      {data?.meta.total ? (
        <Group justify="flex-end" gap="sm">
          {p.actions}
          <ExportMenu path={`/api/users/${p.userId}/leave-card/lines/export`} params={{ year: p.year, bucket: p.bucket }} />
        </Group>
      ) : (
        p.actions
      )}
      {data ? <TotalBar label={p.totalLabel} minutes={p.figure(data)} count={data.meta.total} hint={p.hint} /> : null}
      <DataTable
        caption={p.caption}
        columns={p.columns}
        rows={data?.data}
        meta={data?.meta}
        rowKey={(l) => l.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        onPage={setPage}
        empty={p.empty}
        cardSort={false}
      />
    </Stack>
  );
}

function LeaveTypeCell({ line }: { line: LeaveLine }) {
  const { t } = useTranslation();
  const type = line.leaveType;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        {type ? <span className={classes.swatch} style={{ background: type.color }} aria-hidden /> : null}
        <Text size="sm" fw={500} c={line.counts ? undefined : 'dimmed'}>
          {type ? `${type.name} (${type.code})` : t('leave.card.lines.leave')}
        </Text>
      </Group>
      <Group gap={4}>
        {line.kind === 'cancellation' ? (
          <Badge color="teal" variant="light" size="sm">
            {t('leave.card.lines.cancellation')}
          </Badge>
        ) : null}
        {line.collectiveLeave ? (
          <Badge color="grape" variant="light" size="sm">
            {t('leave.card.lines.collective')}
          </Badge>
        ) : null}
        {line.counts ? null : <NotCountedBadge />}
      </Group>
    </Stack>
  );
}

/** The text of a line: its own description, or what it came from. */
function describe(line: LeaveLine, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (line.description) return line.description;
  if (line.collectiveLeave) return line.collectiveLeave.name;
  if (line.requestId !== null) return t('leave.card.lines.fromRequest', { id: line.requestId });
  return '';
}

/**
 * The leave sub-page: the leave lines of the year, taken (up to today) or planned (after today),
 * ?show=planned. Leave is negative; a cancellation gives the hours back (+); leave of a type that
 * does not count against the balance is shown but greyed.
 */
export function LeaveLinesPart({ userId, year, card }: { userId: number; year: number; card: LeaveCard | undefined }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const bucket: 'taken' | 'planned' = params.get('show') === 'planned' ? 'planned' : 'taken';
  const show = (v: string) =>
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        if (v === 'planned') q.set('show', 'planned');
        else q.delete('show');
        q.delete('page');
        return q;
      },
      { replace: true },
    );
  const columns: Column<LeaveLine>[] = [
    dateColumn(t('leave.card.lines.date')),
    { key: 'type', header: t('leave.card.lines.type'), card: 'title', render: (l) => <LeaveTypeCell line={l} /> },
    {
      key: 'description',
      header: t('leave.card.lines.description'),
      render: (l) => <Text size="sm">{describe(l, t)}</Text>,
    },
    {
      key: 'minutes',
      header: t('leave.card.lines.hours'),
      width: 110,
      card: 'actions',
      render: (l) => <Amount minutes={l.minutes} counts={l.counts} />,
    },
  ];
  return (
    <Stack gap="md">
      <SegmentedControl
        value={bucket}
        onChange={show}
        data={[
          { value: 'taken', label: `${t('leave.card.totals.taken')}${card ? ` (${formatMinutes(card.taken)})` : ''}` },
          { value: 'planned', label: `${t('leave.card.totals.planned')}${card ? ` (${formatMinutes(card.planned)})` : ''}` },
        ]}
        aria-label={t('leave.card.lines.which')}
        style={{ alignSelf: 'flex-start' }}
      />
      <LinesList
        key={bucket}
        userId={userId}
        year={year}
        bucket={bucket}
        columns={columns}
        caption={t(`leave.card.lines.${bucket}Caption`, { year })}
        totalLabel={t(`leave.card.totals.${bucket}`)}
        figure={(p) => -p.totalMinutes}
        hint={t(`leave.card.lines.${bucket}Hint`, { date: card ? formatDate(card.today) : '' })}
        empty={
          <EmptyState
            icon={<IconBeach size={32} stroke={1.5} />}
            title={t(`leave.card.lines.${bucket}Empty`, { year })}
            description={t('leave.card.lines.leaveEmptyText')}
          />
        }
      />
    </Stack>
  );
}

/**
 * The overtime sub-page: the lines hour rules made of booked hours (date, rule, the booking: project,
 * start and time, and the minutes credited). A rule that does not feed the balance makes lines
 * that are shown greyed, "not on the balance".
 */
export function OvertimePart({ userId, year }: { userId: number; year: number; card: LeaveCard | undefined }) {
  const { t } = useTranslation();
  const columns: Column<LeaveLine>[] = [
    dateColumn(t('leave.card.lines.date')),
    {
      key: 'rule',
      header: t('leave.card.lines.rule'),
      card: 'title',
      render: (l) => (
        <Stack gap={2}>
          <Text size="sm" fw={500} c={l.counts ? undefined : 'dimmed'}>
            {l.hourRule?.name ?? l.description}
          </Text>
          {l.counts ? null : <NotCountedBadge />}
        </Stack>
      ),
    },
    {
      key: 'booking',
      header: t('leave.card.lines.booking'),
      render: (l) =>
        l.bookedHour ? (
          <Text size="sm" c={l.counts ? undefined : 'dimmed'}>
            {t('leave.card.lines.bookingText', {
              project: l.bookedHour.project,
              start: l.bookedHour.startTime ?? t('leave.card.lines.noStart'),
              time: formatMinutes(l.bookedHour.minutes),
            })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('leave.card.lines.bookingGone')}
          </Text>
        ),
    },
    {
      key: 'minutes',
      header: t('leave.card.lines.credited'),
      width: 120,
      card: 'actions',
      render: (l) => <Amount minutes={l.minutes} counts={l.counts} />,
    },
  ];
  return (
    <LinesList
      userId={userId}
      year={year}
      bucket="overtime"
      columns={columns}
      caption={t('leave.card.lines.overtimeCaption', { year })}
      totalLabel={t('leave.card.totals.overtime')}
      figure={(p) => p.totalMinutes}
      hint={t('leave.card.lines.overtimeHint')}
      empty={
        <EmptyState
          icon={<IconClockPlus size={32} stroke={1.5} />}
          title={t('leave.card.lines.overtimeEmpty', { year })}
          description={t('leave.card.lines.overtimeEmptyText')}
        />
      }
    />
  );
}

/** The columns of the corrections list (the corrections sub-page adds the form). */
export function useCorrectionColumns(): Column<LeaveLine>[] {
  const { t, i18n } = useTranslation();
  return [
    dateColumn(t('leave.card.lines.date')),
    {
      key: 'name',
      header: t('leave.card.lines.description'),
      render: (l) => (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {l.description}
        </Text>
      ),
    },
    {
      key: 'minutes',
      header: t('leave.card.lines.hours'),
      width: 160,
      card: 'actions',
      render: (l) => (
        <Stack gap={0}>
          <Amount minutes={l.minutes} />
          {l.days !== null ? (
            <Text size="xs" c="dimmed">
              {t('leave.card.lines.days', { count: Math.abs(l.days), days: formatDays(l.days, i18n.language) })}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'by',
      header: t('leave.card.lines.by'),
      render: (l) => (
        <Text size="sm" c="dimmed">
          {l.createdBy ?? '—'}
        </Text>
      ),
    },
  ];
}

export const correctionsIcon = <IconListDetails size={32} stroke={1.5} />;
