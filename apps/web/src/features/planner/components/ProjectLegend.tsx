import type { PlannerEntry } from '@app/shared/planner/planner';
import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The colours of the projects on screen, each with its name. */
export function ProjectLegend({ entries }: { entries: readonly PlannerEntry[] }) {
  const { t } = useTranslation();
  const projects = [...new Map(entries.map((e) => [e.project.id, e.project])).values()].sort((a, b) =>
    a.name.localeCompare(b.name, 'nl'),
  );
  if (projects.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" component="ul" aria-label={t('planner.legend')} m={0} p={0} style={{ listStyle: 'none' }}>
      {projects.map((p) => (
        <Group key={p.id} component="li" gap={6} wrap="nowrap">
          <Box
            aria-hidden
            w={12}
            h={12}
            style={{ background: p.color, borderRadius: 3, flex: 'none' }}
            data-testid={`legend-${p.id}`}
          />
          <Text size="sm">{p.name}</Text>
        </Group>
      ))}
    </Group>
  );
}
