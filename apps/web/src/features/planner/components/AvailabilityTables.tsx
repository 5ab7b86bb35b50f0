import { formatMinutes } from '@app/shared/hours/schedules.rules';
import type { Availability, PlannerEntry } from '@app/shared/planner/planner';
import { addDays, isoWeekOf } from '@app/shared/platform/iso-week';
import { Group, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { absenceBackground, dayCell, entriesOf, holidaysOf, personTotals, SICK_COLOR, totalsText } from '../availability-view';
import { formatDay } from '../planner-time';
import classes from './PlannerCalendar.module.css';

const TONE_STYLE: Record<string, React.CSSProperties> = {
  leave: {
    background: absenceBackground({
      kind: 'leave',
      status: 'approved',
      from: '',
      till: '',
      label: '',
      code: '',
      color: '#2f9e44',
      part: null,
    }),
  },
  pending: {
    background: absenceBackground({
      kind: 'leave',
      status: 'pending',
      from: '',
      till: '',
      label: '',
      code: '',
      color: '#2f9e44',
      part: null,
    }),
    border: '1px dashed #495057',
  },
  sick: {
    background: absenceBackground({
      kind: 'sick',
      status: 'approved',
      from: '',
      till: '',
      label: '',
      code: '',
      color: SICK_COLOR,
      part: null,
    }),
  },
  holiday: { background: '#fff3bf' },
  off: { background: '#e9ecef' },
  scheduled: {},
  none: {},
};

/** Over or under: a word and a colour, never the colour alone. */
/** Text and background per state: every pair reads at 4.5:1 or more (WCAG AA). */
const STATE_COLORS: Record<string, { fg: string; bg: string }> = {
  over: { fg: '#8f1d1d', bg: '#ffe3e3' },
  under: { fg: '#6b4200', bg: '#fff3bf' },
  even: { fg: '#1b5e20', bg: '#d3f9d8' },
  none: { fg: '#343a40', bg: '#f1f3f5' },
};

function StateBadge({ state, text }: { state: string; text: string }) {
  const c = STATE_COLORS[state] ?? STATE_COLORS.none;
  return (
    <Text
      component="span"
      fz="xs"
      fw={500}
      px={6}
      py={2}
      data-state={state}
      style={{ display: 'inline-block', borderRadius: 4, background: c?.bg, color: c?.fg }}
    >
      {text}
    </Text>
  );
}

/**
 * The week and day views' strip: per person and day what keeps them away (leave, pending leave,
 * sick, a holiday, a day off) or their scheduled hours, and the hours planned; in the week view a
 * last column with planned against available hours, over- and under-planning marked.
 */
export function AvailabilityStrip(p: {
  availability: Availability;
  entries: readonly PlannerEntry[];
  days: string[];
  total: boolean;
}) {
  const { t, i18n } = useTranslation();
  const holidays = holidaysOf(p.availability);
  const fmt = formatMinutes;
  if (p.availability.people.length === 0) return null;
  return (
    <section aria-labelledby="planner-availability-title">
      <Title order={3} fz="h5" id="planner-availability-title" mb="xs">
        {t('planner.availability.title')}
      </Title>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable from the keyboard */}
      <section tabIndex={0} aria-labelledby="planner-availability-title" className={classes.scroll}>
        <Table
          withTableBorder
          withColumnBorders
          fz="xs"
          aria-label={t('planner.availability.label')}
          data-testid="planner-availability"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('planner.availability.person')}</Table.Th>
              {p.days.map((d) => (
                <Table.Th key={d} scope="col" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(d, i18n.language)}
                </Table.Th>
              ))}
              {p.total ? <Table.Th scope="col">{t('planner.availability.total')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.availability.people.map((person) => {
              const mine = entriesOf(p.entries, person.employee.id);
              const first = p.days[0] ?? p.availability.from;
              const totals = personTotals(person, holidays, mine, first, addDays(p.days.at(-1) ?? first, 1));
              const sum = totalsText(t, totals, fmt);
              return (
                <Table.Tr key={person.employee.id} data-testid={`availability-${person.employee.id}`}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                    {person.employee.name}
                  </Table.Th>
                  {p.days.map((d) => {
                    const cell = dayCell(t, person, holidays, mine, d);
                    return (
                      <Table.Td key={d} data-date={d} style={{ minWidth: 96 }}>
                        {cell.labels.map((l) => (
                          <Text
                            key={l.text}
                            component="div"
                            fz="xs"
                            px={4}
                            style={{ ...TONE_STYLE[l.tone], borderRadius: 3 }}
                            data-tone={l.tone}
                          >
                            {l.text}
                          </Text>
                        ))}
                        {cell.planned > 0 ? (
                          <Text component="div" fz="xs" fw={600} px={4}>
                            {t('planner.availability.planned', { hours: fmt(cell.planned) })}
                          </Text>
                        ) : null}
                      </Table.Td>
                    );
                  })}
                  {p.total ? (
                    <Table.Td>
                      <StateBadge state={sum.state} text={sum.text} />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </section>
    </section>
  );
}

/**
 * The people and month views' totals: per person and ISO week, the schedule's hours and planned
 * against available hours, over and under marked.
 */
export function WeekTotals(p: { availability: Availability; entries: readonly PlannerEntry[]; mondays: string[] }) {
  const { t } = useTranslation();
  const holidays = holidaysOf(p.availability);
  if (p.availability.people.length === 0) return null;
  return (
    <section aria-labelledby="planner-weeks-title">
      <Title order={3} fz="h5" id="planner-weeks-title" mb="xs">
        {t('planner.availability.weeksTitle')}
      </Title>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable from the keyboard */}
      <section tabIndex={0} aria-labelledby="planner-weeks-title" className={classes.scroll}>
        <Table
          withTableBorder
          withColumnBorders
          fz="xs"
          aria-label={t('planner.availability.weeksLabel')}
          data-testid="planner-week-totals"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('planner.availability.person')}</Table.Th>
              {p.mondays.map((m) => (
                <Table.Th key={m} scope="col" style={{ whiteSpace: 'nowrap' }}>
                  {t('planner.availability.week', { week: isoWeekOf(m).week })}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.availability.people.map((person) => {
              const mine = entriesOf(p.entries, person.employee.id);
              return (
                <Table.Tr key={person.employee.id} data-testid={`week-totals-${person.employee.id}`}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                    {person.employee.name}
                  </Table.Th>
                  {p.mondays.map((m) => {
                    const totals = personTotals(person, holidays, mine, m, addDays(m, 7));
                    const sum = totalsText(t, totals, formatMinutes);
                    return (
                      <Table.Td key={m} data-week={m}>
                        {/* The schedule's hours of that week (even and odd weeks differ), before leave and holidays. */}
                        <Text component="div" fz="xs" mb={2} style={{ whiteSpace: 'nowrap' }}>
                          {person.schedules.length === 0
                            ? t('planner.availability.noSchedule')
                            : t('planner.availability.scheduledWeek', { hours: formatMinutes(totals.scheduled) })}
                        </Text>
                        <StateBadge state={sum.state} text={sum.text} />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </section>
    </section>
  );
}

/** What the stripes, shades and marks mean, in words beside each sample. */
export function AvailabilityLegend() {
  const { t } = useTranslation();
  const items: [string, React.CSSProperties][] = [
    [t('planner.availability.leave'), TONE_STYLE.leave ?? {}],
    [t('planner.availability.leavePending'), TONE_STYLE.pending ?? {}],
    [t('planner.availability.sick'), TONE_STYLE.sick ?? {}],
    [t('planner.availability.collective'), TONE_STYLE.leave ?? {}],
    [t('planner.availability.holiday'), TONE_STYLE.holiday ?? {}],
    [t('planner.availability.dayOff'), TONE_STYLE.off ?? {}],
  ];
  return (
    <Group
      gap="xs"
      wrap="wrap"
      role="list"
      aria-label={t('planner.availability.legend')}
      data-testid="planner-availability-legend"
    >
      {items.map(([label, style]) => (
        <Group key={label} gap={4} role="listitem" wrap="nowrap">
          <span aria-hidden style={{ display: 'inline-block', width: 18, height: 12, borderRadius: 2, ...style }} />
          <Text fz="xs">{label}</Text>
        </Group>
      ))}
      <Group gap={4} role="listitem" wrap="nowrap">
        <StateBadge state="over" text={t('planner.availability.legendOver')} />
      </Group>
      <Group gap={4} role="listitem" wrap="nowrap">
        <StateBadge state="under" text={t('planner.availability.legendUnder')} />
      </Group>
    </Group>
  );
}
