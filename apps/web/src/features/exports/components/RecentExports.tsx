import type { ExportKind, ExportStatus } from '@app/shared/exports/exports';
import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '../../../components/States';
import { formatDateTime } from '../../../lib/dates';
import { useExports } from '../api';
import { useRunSummary } from './ExportProgress';

const statusColors: Record<ExportStatus, string> = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' };

/** The signed-in person's recent exports of the kind: when, which period and format, the status, the download. */
export function RecentExports({ kind }: { kind: ExportKind }) {
  const { t } = useTranslation();
  const list = useExports(kind);
  const summary = useRunSummary();
  return (
    <Stack gap="sm" component="section" aria-labelledby={`recent-exports-${kind}`}>
      <Title order={2} size="h4" id={`recent-exports-${kind}`}>
        {t('exports.recent.title')}
      </Title>
      {list.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('exports.recent.empty')} description={t('exports.recent.emptyText')} />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="recent-exports">
          {list.data.map((r) => (
            <Card key={r.id} component="li" withBorder padding="sm" radius="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {summary(r)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('exports.recent.createdAt', { date: formatDateTime(r.createdAt) })}
                  </Text>
                  {r.status === 'failed' ? (
                    <Text size="xs" c="red.8">
                      {t(`exports.errors.${r.error ?? 'failed'}`)}
                    </Text>
                  ) : null}
                </Stack>
                <Group gap="sm" wrap="nowrap">
                  <Badge variant="light" color={statusColors[r.status]}>
                    {t(`exports.statuses.${r.status}`)}
                  </Badge>
                  {r.fileUrl ? (
                    <Anchor
                      href={r.fileUrl}
                      download={r.fileName ?? true}
                      size="sm"
                      aria-label={t('exports.recent.downloadLabel', { name: r.fileName })}
                    >
                      <Group gap={4} wrap="nowrap">
                        <IconDownload size={16} aria-hidden />
                        {t('exports.progress.download')}
                      </Group>
                    </Anchor>
                  ) : null}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
