import { MAX_PROJECT_HOURS_WEEKS, type ProjectHours } from '@app/shared/hours/hours';
import { formatMinutes } from '@app/shared/hours/schedules.rules';
import { ActionIcon, Anchor, Button, Group, Select, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/States';
import { formatDate } from '../../../lib/dates';
import { ProjectShell } from '../../projects/components/ProjectHeader';
import { useProjectHours } from '../api';
import { shiftWeek, today, weekFromParam, weekNumber, weekOfDate, weekSpan } from '../weeks';

const RANGES = [4, 8, 13, 26] as const;
const DEFAULT_WEEKS = 8;

/**
 * projects.hours ('Uren' of a project): who booked how much in which ISO week, for a range of
 * weeks ending with the week in the address (`?to=2026-W48&weeks=8`; default the last 8 weeks),
 * with the totals per week, per person and in all.
 */
export function ProjectHoursPage() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  const [params, setParams] = useSearchParams();
  const thisWeek = weekOfDate(today());
  const to = weekFromParam(params.get('to'));
  const rawWeeks = Number(params.get('weeks'));
  const weeks = (RANGES as readonly number[]).includes(rawWeeks) ? Math.min(rawWeeks, MAX_PROJECT_HOURS_WEEKS) : DEFAULT_WEEKS;
  const from = shiftWeek(to, -(weeks - 1));
  const data = useProjectHours(projectId, from, to);

  const update = (next: { to?: string; weeks?: number }) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.to !== undefined) {
          if (next.to === thisWeek) p.delete('to');
          else p.set('to', next.to);
        }
        if (next.weeks !== undefined) {
          if (next.weeks === DEFAULT_WEEKS) p.delete('weeks');
          else p.set('weeks', String(next.weeks));
        }
        return p;
      },
      { replace: true },
    );

  const current = data.data && data.data.weeks[0] === from && data.data.weeks.at(-1) === to ? data.data : undefined;

  return (
    <ProjectShell projectId={projectId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} fz="xl">
              {t('hours.project.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('hours.project.range', {
                from: weekNumber(from),
                to: weekNumber(to),
                fromDate: formatDate(weekSpan(from).monday),
                toDate: formatDate(weekSpan(to).sunday),
              })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap" align="flex-end">
            <Select
              label={t('hours.project.weeks')}
              w={130}
              allowDeselect={false}
              data={RANGES.map((n) => ({ value: String(n), label: t('hours.project.weeksOption', { count: n }) }))}
              value={String(weeks)}
              onChange={(v) => update({ weeks: Number(v) })}
            />
            <Group gap="xs" wrap="nowrap">
              <Tooltip label={t('hours.project.earlier')}>
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={t('hours.project.earlier')}
                  onClick={() => update({ to: shiftWeek(to, -weeks) })}
                >
                  <IconChevronLeft size={18} />
                </ActionIcon>
              </Tooltip>
              <Button variant="default" onClick={() => update({ to: thisWeek })} disabled={to === thisWeek}>
                {t('hours.project.untilNow')}
              </Button>
              <Tooltip label={t('hours.project.later')}>
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={t('hours.project.later')}
                  onClick={() => update({ to: shiftWeek(to, weeks) })}
                >
                  <IconChevronRight size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        </Group>
        {data.error && !current ? (
          <ErrorState error={data.error} onRetry={() => void data.refetch()} />
        ) : !current ? (
          <Skeleton h={240} aria-busy="true" aria-label={t('common.states.loading')} />
        ) : current.rows.length === 0 ? (
          <EmptyState
            icon={<IconClockHour4 size={32} stroke={1.5} />}
            title={t('hours.project.emptyTitle')}
            description={t('hours.project.emptyText')}
          />
        ) : (
          <Matrix data={current} />
        )}
      </Stack>
    </ProjectShell>
  );
}

const sticky = { position: 'sticky', left: 0, background: 'var(--mantine-color-body)', zIndex: 1 } as const;

function Matrix({ data }: { data: ProjectHours }) {
  const { t } = useTranslation();
  const cell = (m: number) =>
    m ? (
      formatMinutes(m)
    ) : (
      <Text span c="dimmed">
        –
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={200} type="native">
        <Table striped withTableBorder withColumnBorders highlightOnHover fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          <Table.Caption className="visually-hidden">{t('hours.project.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={sticky}>{t('hours.fields.employee')}</Table.Th>
              {data.weeks.map((w) => (
                <Table.Th key={w} ta="right" title={`${formatDate(weekSpan(w).monday)} – ${formatDate(weekSpan(w).sunday)}`}>
                  {t('hours.project.weekShort', { week: weekNumber(w) })}
                </Table.Th>
              ))}
              <Table.Th ta="right">{t('hours.project.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((r) => (
              <Table.Tr key={r.employee.id}>
                <Table.Th scope="row" style={sticky} fw={500}>
                  <Anchor component={Link} to={`/users/${r.employee.id}/booked-hours`} size="sm">
                    {r.employee.name}
                  </Anchor>
                </Table.Th>
                {r.minutes.map((m, i) => (
                  <Table.Td key={data.weeks[i]} ta="right">
                    {r.approved[i] ? (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <IconCircleCheck size={14} color="var(--mantine-color-green-8)" aria-hidden />
                        {cell(m)}
                        <span className="visually-hidden">{t('hours.project.approvedWeek')}</span>
                      </Group>
                    ) : (
                      cell(m)
                    )}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={700}>
                  {formatMinutes(r.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" style={sticky}>
                {t('hours.project.total')}
              </Table.Th>
              {data.totals.map((m, i) => (
                <Table.Td key={data.weeks[i]} ta="right" fw={700}>
                  {cell(m)}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700} data-testid="grand-total">
                {formatMinutes(data.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {data.rows.some((r) => r.approved.includes(true)) ? (
        <Group gap={4} mt="xs" aria-hidden>
          <IconCircleCheck size={14} color="var(--mantine-color-green-8)" />
          <Text size="xs" c="dimmed">
            {t('hours.project.approvedLegend')}
          </Text>
        </Group>
      ) : null}
    </>
  );
}
