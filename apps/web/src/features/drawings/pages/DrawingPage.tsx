import { type Drawing, drawingUpdateSchema } from '@app/shared/drawings/drawings';
import { Alert, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditorButtons } from '../../../components/EditorButtons';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { useShownRecord } from '../../../components/use-shown-record';
import { deniedReason } from '../../../lib/abilities';
import { formatDateTime } from '../../../lib/dates';
import { zodValidate } from '../../../lib/form';
import { useProject } from '../../projects/api';
import { ProjectShell } from '../../projects/components/ProjectHeader';
import { type DrawingSide, useDrawing, useUpdateDrawing } from '../api';
import { DrawingFields, type DrawingValues, drawingToValues, FIELD_ERRORS, toUpdateInput } from '../components/DrawingFields';
import { DeleteDrawingCard, DrawingTabsView, VersionsTab } from '../components/DrawingTabs';
import { VersionScreen } from '../components/VersionScreen';

function DetailsEditor({
  drawing,
  projectId,
  reload,
  onDirtyChange,
}: {
  drawing: Drawing;
  projectId: number;
  reload: () => Promise<Drawing | undefined>;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const project = useProject(projectId);
  const update = useUpdateDrawing(projectId, drawing.id);
  const editor = useEditor<DrawingValues, Drawing>({
    initialValues: drawingToValues(drawing),
    base: drawing,
    validate: zodValidate(drawingUpdateSchema, t, { from: (v) => toUpdateInput(v, drawing.version), ...FIELD_ERRORS }),
    fieldErrors: FIELD_ERRORS,
    save: (v, base) => update.mutateAsync(toUpdateInput(v, (base ?? drawing).version)),
    toValues: drawingToValues,
    savedMessage: (d) => t('drawings.edit.saved', { name: d.name }),
    reload,
  });
  const dirty = editor.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const base = editor.base ?? drawing;
  const locked = !base.abilities.canEdit;
  return (
    <form {...editor.formProps}>
      <Stack gap="md">
        {editor.banner}
        {locked ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={t('drawings.edit.lockedTitle')}>
            {deniedReason(t, base.abilities, 'canEdit')}
          </Alert>
        ) : null}
        <Card withBorder padding="lg">
          <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <DrawingFields form={editor.form} projectId={projectId} companies={project.data?.companies ?? []} current={base} />
          </fieldset>
        </Card>
        <Text size="xs" c="dimmed">
          {base.createdBy
            ? t('drawings.detail.createdBy', { name: base.createdBy, date: formatDateTime(base.createdAt) })
            : t('drawings.detail.created', { date: formatDateTime(base.createdAt) })}
        </Text>
        <Group justify="space-between" align="flex-start" gap="sm">
          <HistoryPanel subject="drawing" id={base.id} />
          {locked ? null : <EditorButtons editor={editor} />}
        </Group>
      </Stack>
    </form>
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

function DrawingScreen({ projectId, drawingId }: { projectId: number; drawingId: number }) {
  const { t } = useTranslation();
  const side: DrawingSide = { kind: 'staff', projectId };
  const drawing = useDrawing(side, drawingId);
  const { shown, onDirtyChange } = useShownRecord(drawing.data);

  if (drawing.isLoading || (drawing.data && !shown)) return <Loading />;
  if (!drawing.data || !shown) return <ErrorState error={drawing.error} onRetry={() => void drawing.refetch()} />;
  const latest = drawing.data;
  return (
    <DrawingTabsView
      drawing={latest}
      side={side}
      panels={{
        details: () => (
          <DetailsEditor
            key={`${shown.id}:${shown.version}`}
            drawing={shown as Drawing}
            projectId={projectId}
            reload={async () => (await drawing.refetch()).data}
            onDirtyChange={onDirtyChange}
          />
        ),
        versions: () => <VersionsTab drawing={latest} side={side} />,
        options: () => <DeleteDrawingCard drawing={latest} side={side} help={t('drawings.delete.help')} />,
      }}
    />
  );
}

/** projects.drawing: one drawing under its project's header, with tabs details, versions and options. */
export function DrawingPage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  return (
    <ProjectShell projectId={projectId}>
      <DrawingScreen projectId={projectId} drawingId={Number(params.drawingId)} />
    </ProjectShell>
  );
}

/** projects.drawing-version: one version under its project's header. */
export function ProjectDrawingVersionPage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const drawingId = Number(params.drawingId);
  const versionId = Number(params.versionId);
  return (
    <ProjectShell projectId={projectId}>
      <VersionScreen
        key={`${drawingId}:${versionId}`}
        side={{ kind: 'staff', projectId }}
        drawingId={drawingId}
        versionId={versionId}
      />
    </ProjectShell>
  );
}
