import { formatMinutes } from '@app/shared/hours/schedules.rules';
import type { Availability, PlannerEntry } from '@app/shared/planner/planner';
import { MAX_WINDOW_DAYS } from '@app/shared/planner/planner.rules';
import { addDays, isCalendarDate, mondayOf } from '@app/shared/platform/iso-week';
import { Alert, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { useAvailability, usePlanner } from '../api';
import { entriesOf, holidaysOf, personTotals } from '../availability-view';
import { today } from '../planner-time';

export interface FreePerson {
  id: number;
  name: string;
  function: string | null;
  free: number;
}

/** The people free in `[from, to)`: scheduled, not away and not fully planned; most free hours first. */
export function freePeople(a: Availability, entries: readonly PlannerEntry[], from: string, to: string): FreePerson[] {
  const holidays = holidaysOf(a);
  return a.people
    .map((p) => ({
      id: p.employee.id,
      name: p.employee.name,
      function: p.employee.function,
      free: personTotals(p, holidays, entriesOf(entries, p.employee.id), from, to).free,
    }))
    .filter((p) => p.free > 0)
    .sort((x, y) => y.free - x.free || x.name.localeCompare(y.name, 'nl'));
}

/**
 * "Wie is vrij?": a period (this week by default) and a function and/or role; lists who is free
 * with their free hours, and "Inplannen" opens the entry form for that person and period.
 */
export function FreePeopleModal(p: {
  opened: boolean;
  onClose: () => void;
  functions: string[];
  roles: { id: number; name: string }[];
  /** The page may plan: each free person gets "Inplannen". */
  canPlan: boolean;
  onPlan: (employeeId: number, from: string, lastDay: string) => void;
}) {
  const { t } = useTranslation();
  const monday = mondayOf(today());
  const [from, setFrom] = useState(monday);
  const [last, setLast] = useState(addDays(monday, 6));
  const [fn, setFn] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const valid = isCalendarDate(from) && isCalendarDate(last) && last >= from;
  const to = valid ? addDays(last, 1) : from;
  const tooLong = valid && (Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_WINDOW_DAYS;
  const enabled = p.opened && valid && !tooLong;
  const availability = useAvailability(
    { from, to, function: fn ?? undefined, role: role ? Number(role) : undefined },
    { enabled },
  );
  const list = usePlanner({ from, to }, { enabled });
  const free = useMemo(
    () => (enabled && availability.data && list.data ? freePeople(availability.data, list.data.entries, from, to) : []),
    [enabled, availability.data, list.data, from, to],
  );
  const loading = enabled && (availability.isFetching || list.isFetching);

  return (
    <Modal opened={p.opened} onClose={p.onClose} title={t('planner.free.title')} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('planner.free.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateField label={t('planner.free.from')} value={from} onChange={(v) => setFrom(v)} />
          <DateField label={t('planner.free.to')} value={last} onChange={(v) => setLast(v)} />
          <Select
            label={t('planner.free.function')}
            placeholder={t('planner.free.any')}
            data={p.functions}
            value={fn}
            onChange={setFn}
            clearable
            searchable
          />
          <Select
            label={t('planner.free.role')}
            placeholder={t('planner.free.any')}
            data={p.roles.map((r) => ({ value: String(r.id), label: r.name }))}
            value={role}
            onChange={setRole}
            clearable
          />
        </SimpleGrid>
        {tooLong ? <Alert color="yellow">{t('planner.free.tooLong')}</Alert> : null}
        {loading ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('planner.free.loading')}</Text>
          </Group>
        ) : enabled && free.length === 0 ? (
          <Text size="sm">{t('planner.free.empty')}</Text>
        ) : (
          <Stack gap={4} component="ul" aria-label={t('planner.free.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {free.map((f) => (
              <Group key={f.id} component="li" justify="space-between" wrap="nowrap" data-testid={`free-${f.id}`}>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {f.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[f.function, t('planner.free.hours', { hours: formatMinutes(f.free) })].filter(Boolean).join(' · ')}
                  </Text>
                </div>
                {p.canPlan ? (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('planner.free.planPerson', { person: f.name })}
                    onClick={() => p.onPlan(f.id, from, last)}
                  >
                    {t('planner.free.plan')}
                  </Button>
                ) : null}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
