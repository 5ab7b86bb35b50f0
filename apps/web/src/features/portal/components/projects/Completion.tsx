import { type Completion as CompletionCounts, completionCounts, completionPercent } from '@app/shared/projects/projects.rules';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * How far a project or an area is: "x van y taken en subtaken klaar" and the percentage of the same,
 * over a bar with an accessible name. Nothing to do yet reads "Nog geen taken".
 */
export function Completion({ completion, compact }: { completion: CompletionCounts; compact?: boolean }) {
  const { t } = useTranslation();
  const total = completion.tasksTotal + completion.subtasksTotal;
  if (total === 0) {
    return (
      <Text size={compact ? 'xs' : 'sm'} c="dimmed">
        {t('portalProjects.completion.none')}
      </Text>
    );
  }
  const percent = completionPercent(completion);
  const counts = completionCounts(completion);
  const summary = t(`portalProjects.completion.${counts.withSubtasks ? 'items' : 'tasks'}`, {
    done: counts.done,
    count: counts.total,
  });
  const size = compact ? 'xs' : 'sm';
  return (
    <Stack gap={4} w={compact ? 190 : '100%'} maw={compact ? undefined : 360} style={{ flex: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size={size}>{summary}</Text>
        <Text size={size} fw={600} style={{ whiteSpace: 'nowrap' }}>
          {t('portalProjects.completion.percent', { percent })}
        </Text>
      </Group>
      <Progress
        value={percent}
        size={compact ? 'sm' : 'md'}
        color={percent === 100 ? 'teal' : 'brand'}
        aria-label={t('portalProjects.completion.label', { percent, summary })}
      />
    </Stack>
  );
}
