import type { PlannerEntry } from '@app/shared/planner/planner';
import { addDays, isoWeekOf, mondayOf, mondayOfWeek, parseWeekKey, weekKey } from '@app/shared/platform/iso-week';
import { Alert, Button, Group, Loader, MultiSelect, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlus, IconUserSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { fetchPlannerEntry, useAvailability, useMoveEntry, usePlanner, usePlannerOptions } from '../api';
import { AvailabilityLegend, AvailabilityStrip, WeekTotals } from '../components/AvailabilityTables';
import { FreePeopleModal } from '../components/FreePeople';
import { PeopleWeekView } from '../components/PeopleWeekView';
import { PlannerCalendar } from '../components/PlannerCalendar';
import { type NewPlannerEntry, PlannerEntryModal } from '../components/PlannerEntryModal';
import { ProjectLegend } from '../components/ProjectLegend';
import {
  formatDay,
  formatMonth,
  PLANNER_VIEWS,
  type PlannerView,
  parseDay,
  parseIds,
  parseView,
  stepDay,
  thisWeek,
  today,
  viewWindow,
} from '../planner-time';

/** Below this width the page is a phone's: the day view by default, four weeks of people. */
const NARROW = '(max-width: 48em)';

/** /planner ('Planning'): who works on which project when, in a month, week or day, or people by week. */
export function PlannerPage() {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const view: PlannerView = parseView(params.get('view')) ?? (narrow ? 'day' : 'week');
  const day = parseDay(params.get('date')) ?? today();
  const employees = parseIds(params.get('employees'));
  const projects = parseIds(params.get('projects'));
  const weeks = narrow ? 4 : 8;
  const span = viewWindow(view, day, weeks);

  const list = usePlanner({ ...span, employees, projects });
  // Who is away and who is scheduled, for the same window and people: every view's one source.
  const availability = useAvailability({ ...span, employees });
  const [freeOpen, setFreeOpen] = useState(false);
  const options = usePlannerOptions();
  const move = useMoveEntry();
  const [editing, setEditing] = useState<PlannerEntry | NewPlannerEntry | undefined>();

  const setParam = (values: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [key, value] of Object.entries(values)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const data = list.data;
  const canCreate = data?.abilities.canCreate ?? false;
  const entries = data?.entries ?? [];
  const showPerson = employees.length !== 1;
  const error = list.error ?? options.error;

  const newEntry = (): NewPlannerEntry => {
    const first = view === 'people' ? mondayOf(day) : day;
    return {
      employeeId: employees.length === 1 ? employees[0] : undefined,
      projectId: projects.length === 1 ? projects[0] : undefined,
      start: `${first}T00:00`,
      end: `${addDays(first, view === 'people' ? 5 : 1)}T00:00`,
      allDay: true,
    };
  };

  const people = (options.data?.employees ?? []).filter((e) => employees.length === 0 || employees.includes(e.id));
  const activeProjects = (options.data?.projects ?? []).filter((p) => !p.archived || projects.includes(p.id));

  return (
    <Stack gap="md">
      <PageHeader
        title={t('planner.title')}
        description={t('planner.intro')}
        actions={
          <Group gap="xs" wrap="wrap">
            <Button variant="default" leftSection={<IconUserSearch size={16} />} onClick={() => setFreeOpen(true)}>
              {t('planner.free.open')}
            </Button>
            {canCreate ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(newEntry())}>
                {t('planner.newEntry')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <Group justify="space-between" gap="sm" wrap="wrap" align="center">
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('planner.nav.label')}>
          <Button
            variant="default"
            px="xs"
            aria-label={t(`planner.nav.previous.${view}`)}
            onClick={() => setParam({ date: stepDay(view, day, -1) })}
          >
            <IconChevronLeft size={18} aria-hidden />
          </Button>
          <Button variant="default" onClick={() => setParam({ date: null })}>
            {t('planner.nav.today')}
          </Button>
          <Button
            variant="default"
            px="xs"
            aria-label={t(`planner.nav.next.${view}`)}
            onClick={() => setParam({ date: stepDay(view, day, 1) })}
          >
            <IconChevronRight size={18} aria-hidden />
          </Button>
          <Title order={2} fz="h4" aria-live="polite" data-testid="planner-period">
            {periodTitle(t, view, day, span, i18n.language)}
          </Title>
          {list.isFetching && !list.isLoading ? <Loader size="xs" role="status" aria-label={t('planner.loading')} /> : null}
        </Group>
        {narrow ? (
          <Select
            aria-label={t('planner.views.label')}
            data={PLANNER_VIEWS.map((v) => ({ value: v, label: t(`planner.views.${v}`) }))}
            value={view}
            allowDeselect={false}
            onChange={(v) => setParam({ view: v })}
            w="100%"
          />
        ) : (
          <SegmentedControl
            aria-label={t('planner.views.label')}
            data={PLANNER_VIEWS.map((v) => ({ value: v, label: t(`planner.views.${v}`) }))}
            value={view}
            onChange={(v) => setParam({ view: v })}
          />
        )}
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end" role="search" aria-label={t('planner.filters.label')}>
        <MultiSelect
          label={t('planner.filters.people')}
          placeholder={employees.length === 0 ? t('planner.filters.everyone') : undefined}
          data={(options.data?.employees ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
          value={employees.map(String)}
          onChange={(v) => setParam({ employees: v.join(',') })}
          searchable
          clearable
          nothingFoundMessage={t('planner.filters.nothingFound')}
          disabled={!options.data}
          w={{ base: '100%', sm: 300 }}
        />
        <MultiSelect
          label={t('planner.filters.projects')}
          placeholder={projects.length === 0 ? t('planner.filters.allProjects') : undefined}
          data={activeProjects.map((p) => ({
            value: String(p.id),
            label: p.archived ? t('planner.archived', { name: p.name }) : p.name,
          }))}
          value={projects.map(String)}
          onChange={(v) => setParam({ projects: v.join(',') })}
          searchable
          clearable
          nothingFoundMessage={t('planner.filters.nothingFound')}
          disabled={!options.data}
          w={{ base: '100%', sm: 300 }}
        />
      </Group>
      {list.isLoading || (options.isLoading && view === 'people') ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('planner.loading')}>
          <Skeleton h={40} />
          <Skeleton h={narrow ? 360 : 520} />
        </Stack>
      ) : error || !data ? (
        <ErrorState
          error={error}
          onRetry={() => {
            if (list.error) void list.refetch();
            if (options.error) void options.refetch();
          }}
        />
      ) : (
        <>
          {data.truncated ? <Alert color="yellow">{t('planner.truncated')}</Alert> : null}
          {entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t(canCreate ? 'planner.empty.periodCreate' : 'planner.empty.period')}
            </Text>
          ) : (
            <ProjectLegend entries={entries} />
          )}
          <AvailabilityLegend />
          {view === 'people' ? (
            people.length === 0 ? (
              <EmptyState
                icon={<IconUsers size={32} stroke={1.5} />}
                title={t('planner.empty.noPeople')}
                description={t('planner.empty.noPeopleText')}
              />
            ) : (
              <PeopleWeekView
                from={weekKey(isoWeekOf(mondayOf(day)))}
                weeks={weeks}
                currentWeek={thisWeek()}
                people={people}
                entries={entries}
                absences={availability.data?.people.flatMap((p) =>
                  p.absences.map((a) => ({ ...a, employee: { id: p.employee.id, name: p.employee.name } })),
                )}
                canEdit={entries.some((e) => e.abilities.canEdit)}
                onOpen={(entry) => setEditing(entry)}
                onCreate={
                  canCreate
                    ? (employeeId, week) => {
                        const monday = mondayOfWeekKey(week);
                        if (!monday) return;
                        setEditing({
                          employeeId,
                          projectId: projects.length === 1 ? projects[0] : undefined,
                          start: `${monday}T00:00`,
                          end: `${addDays(monday, 5)}T00:00`,
                          allDay: true,
                        });
                      }
                    : undefined
                }
                onMove={(entry, change) => move(entry, change, { optimistic: true })}
              />
            )
          ) : (
            <PlannerCalendar
              view={view}
              day={day}
              entries={entries}
              showPerson={showPerson}
              canCreate={canCreate}
              narrow={narrow}
              onSelect={(s) =>
                setEditing({
                  ...s,
                  employeeId: employees.length === 1 ? employees[0] : undefined,
                  projectId: projects.length === 1 ? projects[0] : undefined,
                })
              }
              onOpen={(entry) => setEditing(entry)}
              onMove={(entry, s) => move(entry, s)}
              onNavigate={(v, d) => setParam({ view: v, date: d })}
              availability={availability.data}
            />
          )}
          {availability.data && (view === 'people' || view === 'month') ? (
            <WeekTotals availability={availability.data} entries={entries} mondays={mondaysOf(span)} />
          ) : null}
          {availability.data && (view === 'week' || view === 'day') ? (
            <AvailabilityStrip
              availability={availability.data}
              entries={entries}
              days={view === 'day' ? [day] : Array.from({ length: 7 }, (_, i) => addDays(span.from, i))}
              total={view === 'week'}
            />
          ) : null}
        </>
      )}
      {freeOpen ? (
        <FreePeopleModal
          opened={freeOpen}
          onClose={() => setFreeOpen(false)}
          functions={[...new Set((options.data?.employees ?? []).flatMap((e) => (e.function ? [e.function] : [])))].sort()}
          roles={[
            ...new Map(
              (availability.data?.people ?? []).flatMap((p) =>
                p.employee.role ? [[p.employee.role.id, p.employee.role] as const] : [],
              ),
            ).values(),
          ]}
          canPlan={canCreate}
          onPlan={(employeeId, from, last) => {
            setFreeOpen(false);
            setEditing({ employeeId, start: `${from}T00:00`, end: `${addDays(last, 1)}T00:00`, allDay: true });
          }}
        />
      ) : null}
      <PlannerEntryModal
        editing={editing}
        options={options.data}
        onClose={() => setEditing(undefined)}
        reload={fetchPlannerEntry}
      />
    </Stack>
  );
}

/** The Mondays of a window of whole weeks (the people view's weeks, the month grid's rows). */
function mondaysOf(span: { from: string; to: string }): string[] {
  const mondays: string[] = [];
  for (let m = span.from; m < span.to; m = addDays(m, 7)) mondays.push(m);
  return mondays;
}

function mondayOfWeekKey(week: string): string | null {
  const w = parseWeekKey(week);
  return w ? mondayOfWeek(w.year, w.week) : null;
}

type T = ReturnType<typeof useTranslation>['t'];

/** The period on screen: `november 2026`, `Week 48 · 23-11 t/m 29-11-2026`, a day, or the weeks of the people view. */
function periodTitle(t: T, view: PlannerView, day: string, span: { from: string; to: string }, locale: string): string {
  const last = addDays(span.to, -1);
  const dm = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}`;
  switch (view) {
    case 'month': {
      const text = formatMonth(day, locale);
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
    case 'week':
      return t('planner.period.week', {
        week: isoWeekOf(span.from).week,
        from: dm(span.from),
        to: `${dm(last)}-${last.slice(0, 4)}`,
      });
    case 'day': {
      const text = formatDay(day, locale, { weekday: 'long', year: true });
      return t('planner.period.day', { day: text.charAt(0).toUpperCase() + text.slice(1), week: isoWeekOf(day).week });
    }
    case 'people': {
      const a = isoWeekOf(span.from);
      const b = isoWeekOf(last);
      return a.year === b.year
        ? t('planner.period.peopleSameYear', { from: a.week, to: b.week, year: a.year })
        : t('planner.period.peopleTwoYears', { from: a.week, fromYear: a.year, to: b.week, toYear: b.year });
    }
  }
}
