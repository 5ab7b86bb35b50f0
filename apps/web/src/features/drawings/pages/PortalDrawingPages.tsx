import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { usePortalProjects } from '../../portal/projects-api';
import { type DrawingSide, useDrawing } from '../api';
import { ApproversBlock } from '../components/ApproversBlock';
import { DrawingList } from '../components/DrawingList';
import { DrawingHeading, VersionList } from '../components/DrawingSummary';
import { VersionScreen } from '../components/VersionScreen';

const CLIENT: DrawingSide = { kind: 'client' };

/** drawings.index ('Tekeningen'): the company's drawings, tabs pending and approved, filtered by project. */
export function PortalDrawingsPage() {
  const { t } = useTranslation();
  const projects = usePortalProjects({ tab: 'active', page: 1, perPage: 100 });
  const choices = (projects.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  return (
    <>
      <PageHeader title={t('drawings.list.title')} description={t('drawings.list.introClient')} />
      <DrawingList side={CLIENT} projects={choices} />
    </>
  );
}

/** drawings.show: one drawing, its description and its versions (newest first). */
export function PortalDrawingPage() {
  const { t } = useTranslation();
  const drawingId = Number(useParams().drawingId);
  const drawing = useDrawing(CLIENT, drawingId);
  if (drawing.isLoading) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Skeleton h={32} w={360} maw="100%" />
        <Skeleton h={320} />
      </Stack>
    );
  }
  if (!drawing.data) return <ErrorState error={drawing.error} onRetry={() => void drawing.refetch()} />;
  const d = drawing.data;
  return (
    <Stack gap="lg">
      <DrawingHeading drawing={d} side={CLIENT} />
      <ApproversBlock drawing={d} />
      {d.description ? (
        <Card withBorder padding="md">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {d.description}
          </Text>
        </Card>
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="drawing-versions-title">
        <Title order={2} fz="lg" id="drawing-versions-title">
          {t('drawings.versions.title')}
        </Title>
        <VersionList drawing={d} side={CLIENT} />
      </Stack>
    </Stack>
  );
}

/** drawing-versions.show: one version with its preview, comments and the decision. */
export function PortalDrawingVersionPage() {
  const params = useParams();
  const drawingId = Number(params.drawingId);
  const versionId = Number(params.versionId);
  return <VersionScreen key={`${drawingId}:${versionId}`} side={CLIENT} drawingId={drawingId} versionId={versionId} />;
}
