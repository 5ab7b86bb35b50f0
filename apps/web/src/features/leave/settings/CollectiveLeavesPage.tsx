import { formatMinutes } from '@app/shared/hours/schedules.rules';
import { type CollectiveLeave, collectiveLeaveQuerySchema } from '@app/shared/leave/leave';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { formatDate } from '../../../lib/dates';
import { readListQuery } from '../../../lib/use-list-params';
import { useCollectiveLeaves } from './api';
import { Swatch } from './LeaveTypesPage';

/** "Iedereen", "Iedereen behalve 2" or "3 medewerkers". */
export function whoText(t: TFunction, c: Pick<CollectiveLeave, 'appliesTo' | 'employees' | 'exceptions'>): string {
  if (c.appliesTo === 'selected') return t('leaveSettings.collective.selectedCount', { count: c.employees.length });
  return c.exceptions.length
    ? t('leaveSettings.collective.allBut', { count: c.exceptions.length })
    : t('leaveSettings.collective.everyone');
}

export function perDayText(t: TFunction, minutesPerDay: number | null): string {
  return minutesPerDay === null ? t('leaveSettings.collective.bySchedule') : formatMinutes(minutesPerDay);
}

/**
 * settings/hours/collective-leaves ('Collectieve vrije dagen'): by year, each with its type, period,
 * hours per day, for whom, and what booking it took (people and hours). Opens the editor.
 */
export function CollectiveLeavesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const thisYear = new Date().getFullYear();
  const year = readListQuery(collectiveLeaveQuerySchema, params).year ?? thisYear;
  const list = useCollectiveLeaves(year);
  const setYear = (y: number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (y === thisYear) next.delete('year');
        else next.set('year', String(y));
        return next;
      },
      { replace: true },
    );

  let body: React.ReactNode;
  if (list.isLoading) {
    body = (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={72} />
        ))}
      </Stack>
    );
  } else if (list.error) {
    body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!list.data?.length) {
    body = (
      <Card withBorder radius="md">
        <EmptyState
          title={t('leaveSettings.collective.emptyTitle', { year })}
          description={t('leaveSettings.collective.emptyText')}
          action={
            <Button component={Link} to="/settings/hours/collective-leaves/new" leftSection={<IconPlus size={16} />}>
              {t('leaveSettings.collective.add')}
            </Button>
          }
        />
      </Card>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('leaveSettings.collective.title')}>
        {list.data.map((c) => (
          <Card key={c.id} component="li" withBorder radius="md" padding="md" data-testid={`collective-${c.id}`}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
                <Anchor
                  component={Link}
                  to={`/settings/hours/collective-leaves/${c.id}`}
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {c.name}
                </Anchor>
                <Group gap="xs" wrap="wrap">
                  <Group gap={6} wrap="nowrap">
                    <Swatch color={c.leaveType.color} size={12} />
                    <Text size="sm">{c.leaveType.name}</Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {c.startsOn === c.endsOn
                      ? formatDate(c.startsOn)
                      : t('leaveSettings.collective.period', { from: formatDate(c.startsOn), till: formatDate(c.endsOn) })}
                  </Text>
                </Group>
              </Stack>
              <Group gap="lg" wrap="wrap">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('leaveSettings.collective.perDay')}
                  </Text>
                  <Text size="sm" fw={500}>
                    {perDayText(t, c.minutesPerDay)}
                  </Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('leaveSettings.collective.forWhom')}
                  </Text>
                  <Text size="sm" fw={500}>
                    {whoText(t, c)}
                  </Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('leaveSettings.collective.booked')}
                  </Text>
                  <Badge variant="light" color={c.booked.people ? 'teal' : 'gray'} data-testid={`collective-${c.id}-booked`}>
                    {t('leaveSettings.collective.bookedShort', {
                      count: c.booked.people,
                      time: formatMinutes(c.booked.minutes),
                    })}
                  </Badge>
                </Stack>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title={t('leaveSettings.collective.title')}
        description={t('leaveSettings.collective.description')}
        actions={
          <Button component={Link} to="/settings/hours/collective-leaves/new" leftSection={<IconPlus size={16} />}>
            {t('leaveSettings.collective.add')}
          </Button>
        }
      />
      <Group mb="md" gap="xs">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('leaveSettings.collective.previousYear')}
          onClick={() => setYear(year - 1)}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Title order={2} fz="lg" miw={56} ta="center">
          {year}
        </Title>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('leaveSettings.collective.nextYear')}
          onClick={() => setYear(year + 1)}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
        {year !== thisYear ? (
          <Button variant="subtle" size="xs" onClick={() => setYear(thisYear)}>
            {t('leaveSettings.collective.thisYear')}
          </Button>
        ) : null}
      </Group>
      {body}
    </>
  );
}
