import { type BookedHour, HOUR_ACTIVITIES, hoursListQuerySchema } from '@app/shared/hours/hours';
import { formatMinutes } from '@app/shared/hours/schedules.rules';
import { Anchor, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconClockHour4, IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { DateField } from '../../../components/dates/DateField';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/States';
import { formatDate } from '../../../lib/dates';
import { useListParams } from '../../../lib/use-list-params';
import { useEmployeeOptions } from '../../projects/employees-api';
import { useHourProjects, useHoursList } from '../api';
import { monthSpan, today, weekOfDate, weekSpan } from '../weeks';

type Preset = 'week' | 'month' | 'lastMonth' | 'custom';

function presetSpan(p: Exclude<Preset, 'custom'>, date: string): { from: string; to: string } {
  if (p === 'week') {
    const { monday, sunday } = weekSpan(weekOfDate(date));
    return { from: monday, to: sunday };
  }
  return monthSpan(date, p === 'month' ? 0 : -1);
}

/** A typed date as the list's query takes it (a real calendar day), else undefined. */
const validDate = (v: string) => hoursListQuerySchema.shape.from.safeParse(v || undefined).data;

/**
 * hours.index ('Uren op projecten', hours.manage): every booking across projects and people,
 * filtered by period (this week, this month, last month or typed), project, employee and
 * activity, paged and sorted on the server, with the total of every matching row. All filters
 * live in the address. Without a period in the address it shows this month.
 */
export function ProjectsHoursPage() {
  const { t } = useTranslation();
  const list$ = useListParams(hoursListQuerySchema);
  const { from: fromParam, to: toParam, projectId, employeeId, activity } = list$.query;
  const now = today();
  const month = presetSpan('month', now);
  const from = fromParam ?? (toParam ? undefined : month.from);
  const to = toParam ?? (fromParam ? undefined : month.to);

  const preset: Preset =
    (['week', 'month', 'lastMonth'] as const).find((p) => {
      const s = presetSpan(p, now);
      return s.from === from && s.to === to;
    }) ?? 'custom';
  const [custom, setCustom] = useState(preset === 'custom');
  const isPhone = useMediaQuery('(max-width: 36em)');

  const q = { page: list$.page, perPage: 25, sort: list$.sort, from, to, projectId, employeeId, activity };
  const list = useHoursList(q);
  const filtered = !!(projectId || employeeId || activity);

  const [projectSearch, setProjectSearch] = useState('');
  const [debounced] = useDebouncedValue(projectSearch.trim(), 250);
  const projects = useHourProjects(debounced);
  const employees = useEmployeeOptions();
  const [projectName, setProjectName] = useState<string | null>(null);
  const projectOptions = (projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  if (projectId && !projectOptions.some((o) => o.value === String(projectId))) {
    const known = list.data?.data.find((r) => r.project.id === projectId)?.project.name ?? projectName;
    projectOptions.unshift({ value: String(projectId), label: known ?? `#${projectId}` });
  }

  const setPeriod = (f: string | undefined, tt: string | undefined) => list$.setFilters({ from: f ?? null, to: tt ?? null });

  const handlePreset = (v: string) => {
    if (v === 'custom') {
      setCustom(true);
      return;
    }
    setCustom(false);
    const s = presetSpan(v as Exclude<Preset, 'custom'>, now);
    // This month is the default: the address stays clean.
    if (v === 'month') setPeriod(undefined, undefined);
    else setPeriod(s.from, s.to);
  };

  const columns: Column<BookedHour>[] = [
    { key: 'date', header: t('hours.fields.date'), sortKey: 'date', width: 120, render: (r) => formatDate(r.date) },
    {
      key: 'name',
      header: t('hours.fields.employee'),
      sortKey: 'employee',
      render: (r) => (
        <Anchor component={Link} to={`/users/${r.employee.id}/booked-hours?week=${weekOfDate(r.date)}`} fw={500}>
          {r.employee.name}
        </Anchor>
      ),
    },
    {
      key: 'project',
      header: t('hours.fields.project'),
      sortKey: 'project',
      render: (r) => (
        <Anchor component={Link} to={`/projects/${r.project.id}/hours`}>
          {r.project.name}
        </Anchor>
      ),
    },
    {
      key: 'target',
      header: t('hours.fields.target'),
      render: (r) =>
        r.area?.name ??
        r.task?.title ?? (
          <Text span c="dimmed" size="sm">
            –
          </Text>
        ),
    },
    { key: 'activity', header: t('hours.fields.activity'), render: (r) => t(`hours.activities.${r.activity}`) },
    {
      key: 'minutes',
      header: t('hours.fields.duration'),
      sortKey: 'minutes',
      width: 90,
      render: (r) => (
        <Text style={{ fontVariantNumeric: 'tabular-nums' }} size="sm" fw={600} span>
          {formatMinutes(r.minutes)}
        </Text>
      ),
    },
    {
      key: 'notes',
      header: t('hours.fields.notes'),
      render: (r) => <span style={{ overflowWrap: 'anywhere' }}>{r.notes}</span>,
    },
  ];

  const empty = (
    <EmptyState
      icon={filtered ? <IconFilterOff size={32} stroke={1.5} /> : <IconClockHour4 size={32} stroke={1.5} />}
      title={t('hours.index.emptyTitle')}
      description={filtered ? t('hours.index.emptyFiltered') : t('hours.index.emptyText')}
    />
  );

  return (
    <>
      <PageHeader
        title={t('hours.index.title')}
        description={t('hours.index.intro')}
        actions={
          <ExportMenu
            path="/api/hours/export"
            params={{
              sort: q.sort,
              from: q.from,
              to: q.to,
              projectId: q.projectId,
              employeeId: q.employeeId,
              activity: q.activity,
            }}
          />
        }
      />
      <Stack gap="md">
        <Card withBorder padding="md" component="section" aria-label={t('hours.index.filters')}>
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="hours-period-label">
                {t('hours.index.period')}
              </Text>
              <SegmentedControl
                aria-labelledby="hours-period-label"
                value={custom ? 'custom' : preset}
                onChange={handlePreset}
                orientation={isPhone ? 'vertical' : 'horizontal'}
                fullWidth={!!isPhone}
                data={(['week', 'month', 'lastMonth', 'custom'] as const).map((p) => ({
                  value: p,
                  label: t(`hours.index.presets.${p}`),
                }))}
                style={{ alignSelf: isPhone ? 'stretch' : 'flex-start' }}
              />
            </Stack>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
              <DateField
                label={t('hours.index.from')}
                value={from ?? ''}
                onChange={(v) => {
                  setCustom(true);
                  setPeriod(validDate(v), to);
                }}
              />
              <DateField
                label={t('hours.index.to')}
                value={to ?? ''}
                onChange={(v) => {
                  setCustom(true);
                  setPeriod(from, validDate(v));
                }}
              />
              <Select
                label={t('hours.fields.project')}
                placeholder={t('hours.index.allProjects')}
                searchable
                clearable
                searchValue={projectSearch}
                onSearchChange={setProjectSearch}
                filter={({ options }) => options}
                nothingFoundMessage={t('hours.form.noProjects')}
                data={projectOptions}
                value={projectId ? String(projectId) : null}
                onChange={(v, option) => {
                  setProjectName(option?.label ?? null);
                  list$.setFilters({ projectId: v });
                }}
              />
              <Select
                label={t('hours.fields.employee')}
                placeholder={t('hours.index.allEmployees')}
                searchable
                clearable
                data={(employees.data ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
                value={employeeId ? String(employeeId) : null}
                onChange={(v) => list$.setFilters({ employeeId: v })}
              />
              <Select
                label={t('hours.fields.activity')}
                placeholder={t('hours.index.allActivities')}
                clearable
                data={HOUR_ACTIVITIES.map((a) => ({ value: a, label: t(`hours.activities.${a}`) }))}
                value={activity ?? null}
                onChange={(v) => list$.setFilters({ activity: v })}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        <Group justify="space-between" gap="sm" wrap="wrap" aria-live="polite">
          <Text fw={600} data-testid="hours-total">
            {list.data
              ? t('hours.index.total', { time: formatMinutes(list.data.totalMinutes), count: list.data.meta.total })
              : '\u00a0'}
          </Text>
          <Text size="sm" c="dimmed">
            {from || to ? t('hours.index.periodShown', { from: formatDate(from) || '…', to: formatDate(to) || '…' }) : null}
          </Text>
        </Group>
        <DataTable
          caption={t('hours.index.caption')}
          columns={columns}
          rows={list.data?.data}
          meta={list.data?.meta}
          rowKey={(r) => r.id}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          sort={list$.sort}
          onSort={list$.setSort}
          onPage={list$.setPage}
          empty={empty}
        />
      </Stack>
    </>
  );
}
