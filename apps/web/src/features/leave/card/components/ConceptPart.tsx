import { formatMinutes } from '@app/shared/hours/schedules.rules';
import type { LeaveCard, LeaveRequest } from '@app/shared/leave/leave';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../../components/DataTable';
import { EmptyState } from '../../../../components/States';
import { formatDate } from '../../../../lib/dates';
import { usePendingRequests } from '../api';
import classes from './card.module.css';
import { PER_PAGE, TotalBar, usePageParam } from './LinesParts';

/** A request's period: one day (with its window for part of a day) or from-till. */
export function periodText(r: Pick<LeaveRequest, 'startsOn' | 'endsOn' | 'part'>): string {
  if (r.startsOn === r.endsOn) return r.part ? `${formatDate(r.startsOn)} ${r.part.start}–${r.part.end}` : formatDate(r.startsOn);
  return `${formatDate(r.startsOn)} – ${formatDate(r.endsOn)}`;
}

/**
 * The concept sub-page: the person's requests of the year that wait for a decision, with their
 * hours. They are not in the balance yet: approved, they become leave lines (taken or planned).
 */
export function ConceptPart({ userId, year, card }: { userId: number; year: number; card: LeaveCard | undefined }) {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = usePendingRequests(userId, year, page, PER_PAGE);
  const columns: Column<LeaveRequest>[] = [
    {
      key: 'name',
      header: t('leave.card.concept.period'),
      render: (r) => (
        <Text size="sm" fw={500} className={classes.amount}>
          {periodText(r)}
        </Text>
      ),
    },
    {
      key: 'type',
      header: t('leave.card.lines.type'),
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <span className={classes.swatch} style={{ background: r.leaveType.color }} aria-hidden />
          <Text size="sm">
            {r.leaveType.name} ({r.leaveType.code})
          </Text>
        </Group>
      ),
    },
    {
      key: 'minutes',
      header: t('leave.card.lines.hours'),
      width: 100,
      render: (r) => (
        <Text size="sm" fw={600} className={classes.amount}>
          {formatMinutes(r.minutes)}
        </Text>
      ),
    },
    {
      key: 'createdAt',
      header: t('leave.card.concept.requestedOn'),
      width: 140,
      render: (r) => <span className={classes.amount}>{formatDate(r.createdAt)}</span>,
    },
    {
      key: 'note',
      header: t('leave.card.concept.note'),
      render: (r) => (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {r.note || '—'}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="md">
      {card ? (
        <TotalBar
          label={t('leave.card.concept.total')}
          minutes={card.pending.minutes}
          count={card.pending.count}
          countKey="leave.card.concept.count"
          hint={t('leave.card.concept.hint')}
        />
      ) : null}
      <DataTable
        caption={t('leave.card.concept.caption', { year })}
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        rowKey={(r) => r.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        onPage={setPage}
        cardSort={false}
        empty={
          <EmptyState
            icon={<IconHourglass size={32} stroke={1.5} />}
            title={t('leave.card.concept.empty', { year })}
            description={t('leave.card.concept.emptyText')}
          />
        }
      />
      <Text size="sm">
        <Anchor component={Link} to="/users/leave">
          {t('leave.card.concept.toRequests')}
        </Anchor>
      </Text>
    </Stack>
  );
}
