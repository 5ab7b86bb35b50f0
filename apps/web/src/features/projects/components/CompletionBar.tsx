import { type Completion, completionCounts, completionPercent } from '@app/shared/projects/projects.rules';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  completion: Completion;
  /** A list cell: narrower, smaller text. */
  compact?: boolean;
}

/**
 * How far a project (or an area) is: a bar with the percentage of tasks and sub-tasks done, and
 * "x van y taken en subtaken klaar" beside it (the same things the percentage counts). The bar has an accessible name and value; nothing to do reads "Nog geen taken".
 */
export function CompletionBar({ completion, compact }: Props) {
  const { t } = useTranslation();
  const percent = completionPercent(completion);
  const total = completion.tasksTotal + completion.subtasksTotal;
  if (total === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('projects.completion.none')}
      </Text>
    );
  }
  const counts = completionCounts(completion);
  const summary = t(`projects.completion.${counts.withSubtasks ? 'items' : 'tasks'}`, { done: counts.done, count: counts.total });
  return (
    <Stack gap={4} miw={compact ? 120 : 200} maw={compact ? 180 : 360}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size={compact ? 'xs' : 'sm'}>{summary}</Text>
        <Text size={compact ? 'xs' : 'sm'} fw={600} style={{ whiteSpace: 'nowrap' }}>
          {t('projects.completion.percent', { percent })}
        </Text>
      </Group>
      <Progress
        value={percent}
        size={compact ? 'sm' : 'md'}
        color={percent === 100 ? 'teal' : 'brand'}
        aria-label={t('projects.completion.label', { percent, summary })}
      />
    </Stack>
  );
}
