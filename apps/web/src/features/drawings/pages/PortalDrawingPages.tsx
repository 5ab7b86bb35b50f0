import type { Drawing } from '@app/shared/drawings/drawings';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { usePortalProjects } from '../../portal/projects-api';
import { type DrawingSide, drawingPaths, useDrawing } from '../api';
import { ClientDrawingForm } from '../components/ClientDrawingForm';
import { DrawingList } from '../components/DrawingList';
import { DeleteDrawingCard, DrawingTabsView, NewVersionAction, VersionsTab } from '../components/DrawingTabs';
import { VersionScreen } from '../components/VersionScreen';

const CLIENT: DrawingSide = { kind: 'client' };
const paths = drawingPaths(CLIENT);

/** drawings.index ('Tekeningen'): the company's drawings, tabs pending and approved, filtered by project; "Nieuwe tekening". */
export function PortalDrawingsPage() {
  const { t } = useTranslation();
  const projects = usePortalProjects({ tab: 'active', page: 1, perPage: 100 });
  const choices = (projects.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const createButton = (
    <Button component={Link} to={paths.create} leftSection={<IconPlus size={16} />}>
      {t('drawings.create.button')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('drawings.list.title')} description={t('drawings.list.introClient')} />
      <DrawingList side={CLIENT} projects={choices} action={createButton} emptyAction={createButton} />
    </>
  );
}

function Loading() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={32} w={360} maw="100%" />
      <Skeleton h={36} />
      <Skeleton h={320} />
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The details tab: the drawing's facts and description; "Bewerken" for a drawing the company made. */
function DetailsTab({ drawing }: { drawing: Drawing }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
            <Fact label={t('drawings.fields.project')}>{drawing.project.name}</Fact>
            <Fact label={t('drawings.fields.area')}>{drawing.area?.name ?? t('drawings.fields.areaWhole')}</Fact>
            <Fact label={t('drawings.fields.date')}>{formatDate(drawing.drawingDate)}</Fact>
            <Fact label={t('drawings.fields.employee')}>{drawing.employee?.name ?? '—'}</Fact>
          </SimpleGrid>
          {drawing.description ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {drawing.description}
            </Text>
          ) : null}
        </Stack>
      </Card>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="xs" c="dimmed">
          {drawing.createdBy
            ? t('drawings.detail.createdBy', { name: drawing.createdBy, date: formatDateTime(drawing.createdAt) })
            : t('drawings.detail.created', { date: formatDateTime(drawing.createdAt) })}
        </Text>
        {drawing.abilities.canEdit ? (
          <Button
            variant="default"
            component={Link}
            to={`${paths.drawing(drawing.id)}/edit`}
            leftSection={<IconPencil size={16} />}
          >
            {t('drawings.edit.button')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The options tab: edit (a drawing the company made), a new version, delete (while nothing was decided). */
function OptionsTab({ drawing }: { drawing: Drawing }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{t('drawings.options.newVersion')}</Text>
          <Text size="sm" c="dimmed">
            {t('drawings.options.newVersionHelp')}
          </Text>
          <NewVersionAction drawing={drawing} side={CLIENT} />
        </Stack>
      </Card>
      {drawing.abilities.canEdit ? (
        <Card withBorder padding="lg">
          <Stack gap="sm" align="flex-start">
            <Text fw={600}>{t('drawings.options.edit')}</Text>
            <Text size="sm" c="dimmed">
              {t('drawings.options.editHelp')}
            </Text>
            <Button
              variant="default"
              component={Link}
              to={`${paths.drawing(drawing.id)}/edit`}
              leftSection={<IconPencil size={16} />}
            >
              {t('drawings.edit.button')}
            </Button>
          </Stack>
        </Card>
      ) : null}
      <DeleteDrawingCard drawing={drawing} side={CLIENT} help={t('drawings.delete.helpClient')} />
    </Stack>
  );
}

/** drawings.show: one drawing with tabs details, versions (with "Nieuwe versie") and options. */
export function PortalDrawingPage() {
  const drawingId = Number(useParams().drawingId);
  const drawing = useDrawing(CLIENT, drawingId);
  if (drawing.isLoading) return <Loading />;
  if (!drawing.data) return <ErrorState error={drawing.error} onRetry={() => void drawing.refetch()} />;
  const d = drawing.data;
  return (
    <DrawingTabsView
      drawing={d}
      side={CLIENT}
      panels={{
        details: () => <DetailsTab drawing={d} />,
        versions: () => <VersionsTab drawing={d} side={CLIENT} />,
        options: () => <OptionsTab drawing={d} />,
      }}
    />
  );
}

/** drawings.create: a new drawing with its first file; staff review it. */
export function PortalDrawingCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageHeader title={t('drawings.create.title')} description={t('drawings.create.introClient')} />
      <ClientDrawingForm />
    </Stack>
  );
}

/** drawings.edit: the details of a drawing the company made. */
export function PortalDrawingEditPage() {
  const { t } = useTranslation();
  const drawingId = Number(useParams().drawingId);
  const drawing = useDrawing(CLIENT, drawingId);
  if (drawing.isLoading) return <Loading />;
  if (!drawing.data) return <ErrorState error={drawing.error} onRetry={() => void drawing.refetch()} />;
  return (
    <Stack gap="lg">
      <PageHeader title={t('drawings.edit.title', { name: drawing.data.name })} />
      <ClientDrawingForm
        key={`${drawing.data.id}:${drawing.data.version}`}
        drawing={drawing.data}
        reload={async () => (await drawing.refetch()).data}
      />
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
