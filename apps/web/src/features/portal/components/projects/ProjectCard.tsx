import type { PortalProjectSummary } from '@app/shared/portal/portal';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/dates';
import { Completion } from './Completion';

/** A project on the dashboard: its name (the link), address, areas and how far it is. */
export function ProjectCard({ project }: { project: PortalProjectSummary }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md" shadow="xs" component="article" data-testid="project-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={`/project/${project.id}`} inherit>
              {project.name}
            </Anchor>
          </Title>
          {project.archived ? (
            <Badge color="gray" variant="light" style={{ flex: 'none' }}>
              {t('portalProjects.project.archived')}
            </Badge>
          ) : null}
        </Group>
        {project.address ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {project.address}
            </Text>
          </Group>
        ) : null}
        <Completion completion={project.completion} compact />
        <Group justify="space-between" gap="xs" mt="auto">
          <Text size="xs" c="dimmed">
            {t('portalProjects.project.areasCount', { count: project.areasCount })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('portalProjects.project.updated', { date: formatDate(project.updatedAt) })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
