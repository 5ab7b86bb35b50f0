import type { ExportInput, ExportRun } from '@app/shared/exports/exports';
import { Alert, Button, Card, Group, Loader, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/States';
import { formatDate } from '../../../lib/dates';
import { isRunActive, runPercent, useExportRun } from '../api';

const nf = new Intl.NumberFormat('nl-NL');

/** The run's period and format in words: "01-10-2026 t/m 31-10-2026 · Excel (.xlsx)". */
export function useRunSummary() {
  const { t } = useTranslation();
  return (r: Pick<ExportRun, 'from' | 'to' | 'format'>) =>
    `${t('exports.panel.range', { from: formatDate(r.from), to: formatDate(r.to) })} · ${t(`exports.formats.${r.format}`)}`;
}

/** The input that makes the same export again ("Opnieuw" after a failure). */
export const inputOf = (r: ExportRun): ExportInput => ({
  kind: r.kind,
  format: r.format,
  from: r.from,
  to: r.to,
  ...(r.employeeIds ? { employeeIds: r.employeeIds } : {}),
  ...(r.approvedOnly ? { approvedOnly: true } : {}),
});

/**
 * The export just started: a progress bar while the job writes (polled every second), then the
 * download; a failure says why, with "Opnieuw". The card changes with every poll, so it is no live
 * region itself: a hidden one announces only the status.
 */
export function ExportProgress({
  runId,
  onRetry,
  retrying,
}: {
  runId: number;
  onRetry: (input: ExportInput) => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  const query = useExportRun(runId);
  const summary = useRunSummary();
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const run = query.data;
  if (!run) {
    return (
      <Card withBorder padding="md" aria-busy="true">
        <Loader size="sm" aria-hidden />
        <VisuallyHidden>{t('exports.progress.status.queued')}</VisuallyHidden>
      </Card>
    );
  }
  const active = isRunActive(run.status);
  const percent = runPercent(run);
  const status = t(`exports.progress.status.${run.status}`);
  return (
    <Card withBorder padding="lg" radius="md" data-testid="export-progress" data-status={run.status}>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {status}
      </VisuallyHidden>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          {run.status === 'failed' ? (
            <IconAlertTriangle size={18} color="var(--mantine-color-red-7)" aria-hidden />
          ) : active ? (
            <Loader size={16} aria-hidden />
          ) : (
            <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
          )}
          <Text fw={600}>{status}</Text>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {summary(run)}
        </Text>
        {run.status !== 'failed' ? (
          <>
            <Progress.Root size="lg">
              <Progress.Section
                value={percent}
                striped={active}
                animated={active}
                aria-label={t('exports.progress.label')}
                aria-valuetext={t('exports.progress.counts', { done: nf.format(run.done), total: nf.format(run.total), percent })}
              />
            </Progress.Root>
            <Text size="sm" c="dimmed">
              {t('exports.progress.counts', { done: nf.format(run.done), total: nf.format(run.total), percent })}
            </Text>
          </>
        ) : null}
        {run.status === 'done' && run.fileUrl ? (
          <Group>
            <Button
              component="a"
              href={run.fileUrl}
              download={run.fileName ?? true}
              leftSection={<IconDownload size={18} />}
              data-testid="export-download"
            >
              {t('exports.progress.download')}
            </Button>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {run.fileName}
            </Text>
          </Group>
        ) : null}
        {run.status === 'failed' ? (
          <Alert color="red" variant="light" p="sm" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(`exports.errors.${run.error ?? 'failed'}`)}</Text>
              <Button
                variant="light"
                color="red"
                size="xs"
                leftSection={<IconRefresh size={16} />}
                loading={retrying}
                onClick={() => onRetry(inputOf(run))}
              >
                {t('exports.progress.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
