import { formatCents } from '@app/shared/declarations/declarations.rules';
import { formatMinutes } from '@app/shared/hours/schedules.rules';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconEdit, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { ApiError } from '../../../lib/api';
import { formatLongDate } from '../../../lib/dates';
import { errorMessage, translateFieldErrors } from '../../../lib/errors';
import type { OutboxEntry } from '../outbox';
import { fieldOutbox } from '../runtime';

/** One line that says what an entry is: "8:00 op MS Noordam", "2 nachten, Hotel Den Helder", "€ 12,50 Parkeren". */
export function entrySummary(t: (key: string, o?: Record<string, unknown>) => string, e: OutboxEntry): string {
  switch (e.kind) {
    case 'hours':
      return t('field.outbox.hours', { time: formatMinutes(e.input.minutes), project: e.labels.project ?? '' });
    case 'overnight':
      return t('field.outbox.overnight', { count: e.input.nights, location: e.input.location });
    case 'declaration':
      return t('field.outbox.declaration', { amount: formatCents(e.input.amountCents), description: e.input.description });
  }
}

/** The server's reason for a refusal, in the reader's language (the code, and a field's problem when it names one). */
function refusalText(t: ReturnType<typeof useTranslation>['t'], e: OutboxEntry): string {
  const r = e.refusal;
  if (!r) return '';
  const general = errorMessage(t, new ApiError(r.status, { code: r.code as never }));
  if (!r.fieldErrors) return general;
  const fields = Object.values(
    translateFieldErrors(t, r.fieldErrors, {
      prefix:
        e.kind === 'overnight'
          ? 'declarations.overnights.validation'
          : `${e.kind === 'hours' ? 'hours' : 'declarations'}.validation`,
    }),
  );
  return fields.length ? fields.join(' ') : general;
}

/** "Wacht op verzending": what is kept on the phone, oldest first, with its state; a refused one can be corrected or removed. */
export function OutboxList({ entries, onCorrect }: { entries: readonly OutboxEntry[]; onCorrect: (e: OutboxEntry) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={headingId} mb="lg">
      <Group gap="xs" mb="sm">
        <IconCloudUpload size={20} aria-hidden />
        <Title order={2} size="h4" id={headingId}>
          {t('field.outbox.title')}
        </Title>
        <Badge variant="light" color="orange">
          {entries.length}
        </Badge>
      </Group>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {entries.map((e) => {
          const summary = entrySummary(t, e);
          return (
            <Card key={e.id} component="li" withBorder padding="sm" radius="sm" data-testid="outbox-entry">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {t(`field.kinds.${e.kind}`)}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {summary}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatLongDate(e.input.date)}
                    </Text>
                  </div>
                  {e.state === 'waiting' ? (
                    <Badge color="gray" variant="light" style={{ flex: 'none' }}>
                      {t('field.outbox.waiting')}
                    </Badge>
                  ) : (
                    <Badge color="red" variant="light" style={{ flex: 'none' }}>
                      {t('field.outbox.refusedBadge')}
                    </Badge>
                  )}
                </Group>
                {e.state === 'refused' ? (
                  <>
                    <Text size="sm" c="red.8" role="status">
                      {t('field.outbox.refused', { reason: refusalText(t, e) })}
                    </Text>
                    <Group gap="xs">
                      <Button
                        size="sm"
                        variant="light"
                        leftSection={<IconEdit size={16} />}
                        onClick={() => onCorrect(e)}
                        aria-label={t('field.outbox.correctNamed', { what: summary })}
                      >
                        {t('field.outbox.correct')}
                      </Button>
                      <Button
                        size="sm"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        aria-label={t('field.outbox.removeNamed', { what: summary })}
                        onClick={async () => {
                          const ok = await confirmAction({
                            title: t('field.outbox.removeTitle'),
                            message: t('field.outbox.removeText', { what: summary }),
                            confirmLabel: t('common.actions.delete'),
                            danger: true,
                          });
                          if (ok) await fieldOutbox.remove(e.id);
                        }}
                      >
                        {t('common.actions.delete')}
                      </Button>
                    </Group>
                  </>
                ) : null}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    </Card>
  );
}
