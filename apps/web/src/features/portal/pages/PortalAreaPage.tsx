import type { PortalAreaDetail } from '@app/shared/portal/portal';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowUp, IconLayoutList, IconListCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { TrailLink } from '../../../components/TrailLink';
import { areaTitle } from '../../projects/area-label';
import { AreaRow, portalAreaPath } from '../components/projects/AreaRow';
import { Completion } from '../components/projects/Completion';
import { DetailCard, DetailSkeleton } from '../components/projects/Detail';
import { AreaKindBadge, AreaStatusBadge } from '../components/projects/StatusBadges';
import { TaskRows } from '../components/projects/TaskRows';
import { usePortalArea, usePortalAreas } from '../projects-api';

/**
 * project-areas.single: a deck, area or sub-area with its tasks. A deck lists its areas, an area
 * with sub-areas links to them; every level links back up.
 */
export function PortalAreaPage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const areaId = Number(params.areaId);
  const q = usePortalArea(projectId, areaId);
  if (q.error) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <DetailSkeleton />;
  return <AreaView key={q.data.id} area={q.data} />;
}

function AreaView({ area }: { area: PortalAreaDetail }) {
  const { t } = useTranslation();
  const projectId = area.project.id;
  // Up from a sub-area is its area; up from an area is the areas list, where its deck is a section
  // (a company that may see only some areas may not see the deck's own page).
  const parentArea = area.parent?.kind === 'area' ? area.parent : null;
  const up = parentArea ? portalAreaPath(projectId, parentArea.id) : `/project/${projectId}/areas`;
  return (
    <>
      <PageHeader
        title={areaTitle(area)}
        description={
          <Group gap="xs" component="span" wrap="wrap">
            <TrailLink to={`/project/${projectId}`}>{area.project.name}</TrailLink>
            {area.parent ? (
              <>
                <span aria-hidden>·</span>
                {parentArea ? (
                  <TrailLink to={portalAreaPath(projectId, parentArea.id)}>{parentArea.name}</TrailLink>
                ) : (
                  <span>{area.parent.name}</span>
                )}
              </>
            ) : null}
            {area.areaType ? (
              <>
                <span aria-hidden>·</span>
                <span>{area.areaType}</span>
              </>
            ) : null}
          </Group>
        }
        actions={
          <Button component={Link} to={up} variant="default" leftSection={<IconArrowUp size={16} />}>
            {parentArea ? t('portalProjects.area.up', { name: parentArea.name }) : t('portalProjects.area.allAreas')}
          </Button>
        }
      />
      <Stack gap="lg">
        <DetailCard title={t('portalProjects.area.progress')}>
          <Group justify="space-between" align="center" gap="md" wrap="wrap">
            <Completion completion={area.completion} />
            <Group gap="xs">
              <AreaKindBadge kind={area.kind} />
              <AreaStatusBadge status={area.status} />
            </Group>
          </Group>
          {area.kind === 'area' && area.childrenCount > 0 ? (
            <Group mt="md">
              <Button
                component={Link}
                to={`${portalAreaPath(projectId, area.id)}/subareas`}
                variant="light"
                leftSection={<IconLayoutList size={16} />}
              >
                {t('portalProjects.areas.subareasCount', { count: area.childrenCount })}
              </Button>
            </Group>
          ) : null}
        </DetailCard>
        {area.kind === 'deck' ? <DeckAreas projectId={projectId} deckId={area.id} /> : null}
        <DetailCard title={t('portalProjects.area.tasks', { count: area.tasks.length })}>
          {area.tasks.length === 0 ? (
            <EmptyState
              icon={<IconListCheck size={32} stroke={1.5} />}
              title={t('portalProjects.area.noTasksTitle')}
              description={t('portalProjects.area.noTasksText')}
            />
          ) : (
            <TaskRows tasks={area.tasks} />
          )}
        </DetailCard>
      </Stack>
    </>
  );
}

/** A deck's areas: read from the project's areas list (usually cached from the areas page). */
function DeckAreas({ projectId, deckId }: { projectId: number; deckId: number }) {
  const { t } = useTranslation();
  const q = usePortalAreas(projectId);
  let body: ReactNode;
  if (q.error) body = <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  else if (!q.data) body = <DetailSkeleton />;
  else {
    const rows = q.data.filter((a) => a.parent?.id === deckId);
    body =
      rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('portalProjects.area.noAreas')}
        </Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: '0 calc(-1 * var(--mantine-spacing-md))', padding: 0 }}>
          {rows.map((a) => (
            <AreaRow key={a.id} projectId={projectId} area={a} />
          ))}
        </ul>
      );
  }
  return <DetailCard title={t('portalProjects.area.deckAreas')}>{body}</DetailCard>;
}
