import type { TemplateApplication } from '@app/shared/templates/templates';
import { applicationActive, applicationPercent } from '@app/shared/templates/templates.rules';
import { Alert, Card, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLoader } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "5001, 5002, …": the skipped numbers the server kept, with an ellipsis when there were more. */
export function skippedList(a: Pick<TemplateApplication, 'skipped' | 'skippedSample'>): string {
  const list = a.skippedSample.join(', ');
  return a.skipped > a.skippedSample.length ? `${list}, …` : list;
}

/**
 * The latest application of a template to the project: a progress bar while it runs (polled), then
 * "N aangemaakt, M overgeslagen (5001, 5002, …)". The card re-renders with every poll, so it is no
 * live region itself: a small hidden one announces only the status, and at the end the summary.
 */
export function ApplicationProgress({ application: a }: { application: TemplateApplication }) {
  const { t } = useTranslation();
  const active = applicationActive(a.status);
  const percent = applicationPercent(a);
  const title = a.templateTitle ?? t('templates.progress.deletedTemplate');
  const summary =
    a.skipped > 0
      ? t('templates.progress.summarySkipped', { created: a.created, skipped: a.skipped, list: skippedList(a) })
      : t('templates.progress.summary', { created: a.created });
  const statusText = t(`templates.progress.status.${a.status}`, { title });
  const failedText = t('templates.progress.failed', { error: t(`templates.progress.errors.${a.error ?? 'failed'}`) });
  // Changes only when the status does (and once, at the end, with the summary): not with each poll.
  const announcement = active
    ? statusText
    : [statusText, summary, a.status === 'failed' ? failedText : null].filter(Boolean).join('. ');
  return (
    <Card withBorder padding="md" data-testid="template-application">
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="template-announcement">
        {announcement}
      </VisuallyHidden>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="center">
          {a.status === 'failed' ? (
            <IconAlertTriangle size={18} color="var(--mantine-color-red-7)" aria-hidden />
          ) : active ? (
            <IconLoader size={18} aria-hidden />
          ) : (
            <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
          )}
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {statusText}
          </Text>
        </Group>
        {a.status !== 'failed' ? (
          <>
            <Progress.Root size="lg">
              <Progress.Section
                value={percent}
                animated={active}
                striped={active}
                aria-label={t('templates.progress.label', { title })}
                aria-valuetext={t('templates.progress.valueText', { processed: a.processed, total: a.total, percent })}
              />
            </Progress.Root>
            <Text size="sm" c="dimmed">
              {t('templates.progress.counts', { processed: a.processed, total: a.total, percent })}
            </Text>
          </>
        ) : null}
        {!active ? (
          <Text size="sm" data-testid="template-summary">
            {summary}
          </Text>
        ) : null}
        {a.resumed > 0 && a.status !== 'failed' ? (
          <Text size="sm" c="dimmed" data-testid="template-resumed">
            {t('templates.progress.resumed')}
          </Text>
        ) : null}
        {a.status === 'failed' ? (
          <Alert color="red" variant="light" p="xs">
            {failedText}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
