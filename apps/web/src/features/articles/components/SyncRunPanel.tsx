import type { SyncRun, SyncStatus } from '@app/shared/articles/articles';
import { Alert, Badge, Card, Group, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { isRunActive } from '../api';

const statusColors: Record<SyncStatus, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  aborted: 'orange',
};

export function SyncStatusBadge({ status }: { status: SyncStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColors[status]} size="sm">
      {t(`articles.sync.statuses.${status}`)}
    </Badge>
  );
}

/** '12 s', '3 min 05 s', '1 u 02 min': how long a run took (or has taken so far). */
export function formatDuration(t: TFunction, from: string, to: string | null, now = Date.now()): string {
  const ms = Math.max(0, (to ? Date.parse(to) : now) - Date.parse(from));
  const s = Math.round(ms / 1000);
  if (s < 60) return t('articles.sync.duration.seconds', { s });
  const m = Math.floor(s / 60);
  if (m < 60) return t('articles.sync.duration.minutes', { m, s: String(s % 60).padStart(2, '0') });
  return t('articles.sync.duration.hours', { h: Math.floor(m / 60), m: String(m % 60).padStart(2, '0') });
}

const nf = new Intl.NumberFormat('nl-NL');

/** A run in progress: a bar with the articles read so far against what the ERP announced, and the phase. */
export function SyncProgress({ run }: { run: SyncRun }) {
  const { t } = useTranslation();
  const known = run.expected !== null && run.expected > 0;
  const pct = known ? Math.min(100, Math.round((run.fetched / (run.expected as number)) * 100)) : 100;
  const value = run.phase === 'applying' ? 100 : pct;
  return (
    <Card withBorder padding="lg" aria-live="polite" aria-busy="true" data-testid="sync-progress">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Title order={2} size="h4">
            {t(`articles.sync.phases.${run.phase}`)}
          </Title>
        </Group>
        <SyncStatusBadge status={run.status} />
      </Group>
      <Progress
        value={value}
        size="xl"
        radius="md"
        striped
        animated
        aria-label={t('articles.sync.progressLabel')}
        transitionDuration={300}
      />
      <Group justify="space-between" mt="xs" wrap="wrap">
        <Text size="sm">
          {known
            ? t('articles.sync.fetchedOf', { fetched: nf.format(run.fetched), expected: nf.format(run.expected as number) })
            : t('articles.sync.fetched', { fetched: nf.format(run.fetched) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('articles.sync.startedAt', {
            date: formatDateTime(run.startedAt),
            duration: formatDuration(t, run.startedAt, null),
          })}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {t(`articles.sync.phaseHints.${run.phase}`)}
      </Text>
    </Card>
  );
}

function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={color}>
        {nf.format(value)}
      </Text>
    </Card>
  );
}

/** How a finished run went: the counts, or why it stopped (articles.sync.errors.<CODE>). */
export function SyncResult({ run }: { run: SyncRun }) {
  const { t } = useTranslation();
  if (isRunActive(run.status)) return null;
  const who = run.triggeredBy ?? t(`articles.sync.triggers.${run.trigger}`);
  const meta = t('articles.sync.resultMeta', {
    date: formatDateTime(run.finishedAt ?? run.startedAt),
    who,
    duration: formatDuration(t, run.startedAt, run.finishedAt),
  });
  if (run.status !== 'succeeded') {
    const code = run.error ?? 'INTERNAL';
    return (
      <Alert
        color={run.status === 'aborted' ? 'orange' : 'red'}
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t(`articles.sync.resultTitle.${run.status}`)}
        role="alert"
        data-testid="sync-result"
      >
        <Stack gap={4}>
          <Text size="sm">{t(`articles.sync.errors.${code}`, { defaultValue: t('articles.sync.errors.INTERNAL') })}</Text>
          <Text size="xs" c="dimmed">
            {meta}
          </Text>
          <Text size="xs" c="dimmed">
            {/* A server that stopped is no reason to wait: the next sync can start at once. */}
            {t(code === 'INTERRUPTED' ? 'articles.sync.untouchedInterrupted' : 'articles.sync.untouched')}
          </Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Card withBorder padding="lg" data-testid="sync-result">
      <Group gap="xs" mb={4}>
        <IconCircleCheck size={20} color="var(--mantine-color-green-7)" aria-hidden />
        <Title order={2} size="h4">
          {t('articles.sync.resultTitle.succeeded')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {meta}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label={t('articles.sync.counts.created')} value={run.created} color="green.8" />
        <Stat label={t('articles.sync.counts.updated')} value={run.updated} color="brand.7" />
        <Stat label={t('articles.sync.counts.unchanged')} value={run.unchanged} />
        <Stat label={t('articles.sync.counts.deleted')} value={run.deleted} color={run.deleted > 0 ? 'red.7' : undefined} />
      </SimpleGrid>
    </Card>
  );
}
