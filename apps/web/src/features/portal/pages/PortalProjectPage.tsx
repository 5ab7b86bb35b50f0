import type { PortalProject } from '@app/shared/portal/portal';
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLayoutGrid, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { ProjectApprovals } from '../../drawings/components/ProjectApprovals';
import { Completion } from '../components/projects/Completion';
import { DetailCard, DetailSkeleton, Facts } from '../components/projects/Detail';
import { usePortalProject } from '../projects-api';

/** projects.show: a project as the company sees it: where, whom to call, its managers, how far it is, and its areas. */
export function PortalProjectPage() {
  const projectId = Number(useParams().projectId);
  const q = usePortalProject(projectId);
  if (q.error) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <DetailSkeleton />;
  return <ProjectView project={q.data} />;
}

/** Only a web address opens as a link: a maps link is typed by staff, so nothing else is followed. */
const isWebLink = (s: string) => /^https?:\/\//i.test(s);

function ProjectView({ project }: { project: PortalProject }) {
  const { t } = useTranslation();
  const areasPath = `/project/${project.id}/areas`;
  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span" wrap="wrap">
            <span>{project.name}</span>
            {project.archived ? (
              <Badge color="gray" variant="light">
                {t('portalProjects.project.archived')}
              </Badge>
            ) : null}
          </Group>
        }
        description={project.address || undefined}
        actions={
          <Button component={Link} to={areasPath} leftSection={<IconLayoutGrid size={16} />}>
            {t('portalProjects.project.openAreas')}
          </Button>
        }
      />
      <Stack gap="lg">
        <DetailCard title={t('portalProjects.project.progress')}>
          <Stack gap="sm">
            <Completion completion={project.completion} />
            <Text size="sm" c="dimmed">
              {t('portalProjects.project.subtasks', {
                done: project.completion.subtasksDone,
                count: project.completion.subtasksTotal,
              })}
            </Text>
            <Anchor component={Link} to={areasPath} size="sm">
              {t('portalProjects.project.areasCount', { count: project.areasCount })}
            </Anchor>
          </Stack>
        </DetailCard>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <DetailCard title={t('portalProjects.project.details')}>
            <Facts
              items={[
                {
                  label: t('portalProjects.project.address'),
                  value: project.address ? (
                    <Stack gap={2} component="span">
                      <span>{project.address}</span>
                      {isWebLink(project.mapsLink) ? (
                        <Anchor href={project.mapsLink} target="_blank" rel="noopener noreferrer" size="sm">
                          <Group gap={4} component="span" wrap="nowrap">
                            {t('portalProjects.project.maps')}
                            <IconExternalLink size={14} aria-hidden />
                          </Group>
                        </Anchor>
                      ) : null}
                    </Stack>
                  ) : (
                    ''
                  ),
                },
                { label: t('portalProjects.project.contact'), value: project.contact },
                {
                  label: t('portalProjects.project.phone'),
                  value: project.phone ? (
                    <Anchor href={`tel:${project.phone.replace(/[^+\d]/g, '')}`} size="sm">
                      <Group gap={4} component="span" wrap="nowrap">
                        <IconPhone size={14} aria-hidden />
                        {project.phone}
                      </Group>
                    </Anchor>
                  ) : (
                    ''
                  ),
                },
              ]}
            />
          </DetailCard>
          <DetailCard title={t('portalProjects.project.managers')}>
            {project.managers.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('portalProjects.project.noManagers')}
              </Text>
            ) : (
              <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
                {project.managers.map((m) => (
                  <Text component="li" key={m.id} size="sm">
                    {m.name}
                  </Text>
                ))}
              </Stack>
            )}
          </DetailCard>
        </SimpleGrid>
        <ProjectApprovals side="client" projectId={project.id} />
      </Stack>
    </>
  );
}
