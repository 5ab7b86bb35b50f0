import type { PlannerEntry } from '@app/shared/planner/planner';
import { addDays, isoWeekOf } from '@app/shared/platform/iso-week';
import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import { useCan } from '../../auth/api';
import { useMyPlanner } from '../api';
import { formatDay, timeOf, today, touchesDay } from '../planner-time';

/** The days of a window `[from, to)` grouped in weeks of seven, each day with the entries it holds. */
function weeksOf(from: string, to: string, entries: readonly PlannerEntry[]) {
  const weeks: { monday: string; days: { day: string; entries: PlannerEntry[] }[] }[] = [];
  for (let day = from; day < to; day = addDays(day, 1)) {
    if (weeks.length === 0 || (weeks.at(-1)?.days.length ?? 0) === 7) weeks.push({ monday: day, days: [] });
    weeks.at(-1)?.days.push({ day, entries: entries.filter((e) => touchesDay(e, day)) });
  }
  return weeks;
}

/** The home screen's "Mijn planning": the signed-in employee's entries this week and the next, per day. */
export function MyPlannerCard() {
  const { t, i18n } = useTranslation();
  const q = useMyPlanner();
  const canOpen = useCan(['planner.view', 'planner.manage']);
  const headingId = useId();
  const now = today();

  return (
    <Card withBorder padding="lg" radius="md" shadow="xs" component="section" aria-labelledby={headingId} mb="xl">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('planner.mine.title')}
        </Title>
        {canOpen ? (
          <Button component={Link} to="/planner" variant="light" size="xs" leftSection={<IconCalendar size={16} />}>
            {t('planner.mine.open')}
          </Button>
        ) : null}
      </Group>
      {q.isLoading ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('planner.mine.loading')}>
          <Skeleton h={18} w="40%" />
          <Skeleton h={18} />
          <Skeleton h={18} />
        </Stack>
      ) : q.error || !q.data ? (
        <Alert color="red" title={t('planner.mine.error')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(t, q.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void q.refetch()}>
              {t('common.actions.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : q.data.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('planner.mine.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {weeksOf(q.data.from, q.data.to, q.data.entries).map((w, i) => {
            const days = w.days.filter((d) => d.entries.length > 0);
            return (
              <Stack key={w.monday} gap="xs">
                <Text fw={600} size="sm">
                  {t(i === 0 ? 'planner.mine.thisWeek' : i === 1 ? 'planner.mine.nextWeek' : 'planner.mine.week', {
                    week: isoWeekOf(w.monday).week,
                  })}
                </Text>
                {days.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('planner.mine.nothingThisWeek')}
                  </Text>
                ) : (
                  <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                    {days.map((d) => (
                      <Box key={d.day} component="li" data-testid={`my-day-${d.day}`}>
                        <Group gap={6} wrap="nowrap" align="baseline">
                          <Text size="sm" fw={500} w={76} style={{ flex: 'none' }}>
                            {formatDay(d.day, i18n.language)}
                          </Text>
                          <Stack gap={2} style={{ minWidth: 0 }}>
                            {d.entries.map((e) => (
                              <Group key={e.id} gap={6} wrap="nowrap" align="center">
                                <Box
                                  aria-hidden
                                  w={10}
                                  h={10}
                                  style={{ background: e.project.color, borderRadius: 2, flex: 'none' }}
                                />
                                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                                  {e.project.name}
                                  <Text span size="sm" c="dimmed">
                                    {' · '}
                                    {e.allDay ? t('planner.mine.allDay') : `${timeOf(e.start)}–${timeOf(e.end)}`}
                                  </Text>
                                </Text>
                              </Group>
                            ))}
                          </Stack>
                          {d.day === now ? (
                            <Badge size="sm" variant="light" style={{ flex: 'none' }}>
                              {t('planner.mine.today')}
                            </Badge>
                          ) : null}
                        </Group>
                      </Box>
                    ))}
                  </Stack>
                )}
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
    </Card>
  );
}
