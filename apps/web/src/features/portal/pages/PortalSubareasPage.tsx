import { Button, Card, Group } from '@mantine/core';
import { IconArrowUp, IconLayoutList } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { TrailLink } from '../../../components/TrailLink';
import { areaTitle } from '../../projects/area-label';
import { AreaRow, portalAreaPath } from '../components/projects/AreaRow';
import { DetailSkeleton } from '../components/projects/Detail';
import { usePortalArea, usePortalSubareas } from '../projects-api';

/** project-area-subareas.index: an area's sub-areas with their status and completion, each opening its tasks. */
export function PortalSubareasPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = Number(params.projectId);
  const areaId = Number(params.areaId);
  // Both at once: the area's name for the header and its sub-areas.
  const area = usePortalArea(projectId, areaId);
  const subareas = usePortalSubareas(projectId, areaId);

  let body: ReactNode;
  if (subareas.error) body = <ErrorState error={subareas.error} onRetry={() => void subareas.refetch()} />;
  else if (!subareas.data) body = <DetailSkeleton />;
  else if (subareas.data.length === 0)
    body = (
      <Card withBorder padding="lg" radius="md">
        <EmptyState
          icon={<IconLayoutList size={32} stroke={1.5} />}
          title={t('portalProjects.subareas.emptyTitle')}
          description={t('portalProjects.subareas.emptyText')}
        />
      </Card>
    );
  else
    body = (
      <Card withBorder padding={0} radius="md">
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('portal.subareas.title')}>
          {subareas.data.map((a) => (
            <AreaRow key={a.id} projectId={projectId} area={a} />
          ))}
        </ul>
      </Card>
    );

  // A missing area (or one out of reach) answers 404 on both: the sub-areas' error says so above.
  const name = area.data ? areaTitle(area.data) : null;
  return (
    <>
      <PageHeader
        title={name ? t('portalProjects.subareas.title', { name }) : t('portal.subareas.title')}
        description={
          area.data ? (
            <Group gap="xs" component="span" wrap="wrap">
              <TrailLink to={`/project/${projectId}`}>{area.data.project.name}</TrailLink>
              <span aria-hidden>·</span>
              <TrailLink to={portalAreaPath(projectId, areaId)}>{name}</TrailLink>
            </Group>
          ) : undefined
        }
        actions={
          area.data ? (
            <Button
              component={Link}
              to={portalAreaPath(projectId, areaId)}
              variant="default"
              leftSection={<IconArrowUp size={16} />}
            >
              {t('portalProjects.area.up', { name })}
            </Button>
          ) : null
        }
      />
      {body}
    </>
  );
}
