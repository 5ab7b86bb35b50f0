import { type Drawing, drawingUpdateSchema } from '@app/shared/drawings/drawings';
import { Alert, Button, Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { DeleteButton } from '../../../components/DeleteButton';
import { EditorButtons } from '../../../components/EditorButtons';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { useShownRecord } from '../../../components/use-shown-record';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useProject } from '../../projects/api';
import { ProjectShell } from '../../projects/components/ProjectHeader';
import { type DrawingSide, drawingPaths, useDeleteDrawing, useDrawing, useUpdateDrawing } from '../api';
import { ApproversBlock } from '../components/ApproversBlock';
import { DrawingFields, type DrawingValues, drawingToValues, FIELD_ERRORS, toUpdateInput } from '../components/DrawingFields';
import { DrawingHeading, VersionList } from '../components/DrawingSummary';
import { NewVersionModal } from '../components/NewVersionModal';
import { VersionScreen } from '../components/VersionScreen';

const TABS = ['details', 'versions', 'options'] as const;
type Tab = (typeof TABS)[number];

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
            <DrawingFields form={editor.form} companies={project.data?.companies ?? []} current={base} />
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

function VersionsTab({ drawing, projectId }: { drawing: Drawing; projectId: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const reasonId = useId();
  const side: DrawingSide = { kind: 'staff', projectId };
  const denied = deniedReason(t, drawing.abilities, 'canAddVersion');
  const hidden = drawing.abilities.reasons.canAddVersion === 'FORBIDDEN';
  return (
    <Stack gap="md">
      {hidden ? null : (
        <Group gap="sm" wrap="wrap" align="center">
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setOpened(true)}
            disabled={!!denied}
            aria-describedby={denied ? reasonId : undefined}
          >
            {t('drawings.newVersion.button')}
          </Button>
          {denied ? (
            <Text id={reasonId} size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
              {denied}
            </Text>
          ) : null}
        </Group>
      )}
      <VersionList drawing={drawing} side={side} />
      {hidden ? null : (
        <NewVersionModal drawing={drawing} projectId={projectId} opened={opened} onClose={() => setOpened(false)} />
      )}
    </Stack>
  );
}

function OptionsTab({ drawing, projectId }: { drawing: Drawing; projectId: number }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const remove = useDeleteDrawing(projectId);
  const handleDelete = async () => {
    const ok = await confirmAction({
      title: t('drawings.delete.title'),
      message: t('drawings.delete.text', { name: drawing.name }),
      confirmLabel: t('drawings.delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(drawing);
      notify.success(t('drawings.delete.done', { name: drawing.name }));
      void navigate(drawingPaths({ kind: 'staff', projectId }).list);
    });
  };
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>{t('drawings.delete.heading')}</Text>
        <Text size="sm" c="dimmed">
          {t('drawings.delete.help')}
        </Text>
        <DeleteButton
          label={t('drawings.delete.button')}
          onClick={() => void handleDelete()}
          loading={remove.isPending}
          denied={deniedReason(t, drawing.abilities, 'canDelete')}
        />
      </Stack>
    </Card>
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
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'details';

  if (drawing.isLoading || (drawing.data && !shown)) return <Loading />;
  if (!drawing.data || !shown) return <ErrorState error={drawing.error} onRetry={() => void drawing.refetch()} />;
  const latest = drawing.data;
  const panels: Record<Tab, ReactNode> = {
    details: (
      <DetailsEditor
        key={`${shown.id}:${shown.version}`}
        drawing={shown as Drawing}
        projectId={projectId}
        reload={async () => (await drawing.refetch()).data}
        onDirtyChange={onDirtyChange}
      />
    ),
    versions: <VersionsTab drawing={latest} projectId={projectId} />,
    options: <OptionsTab drawing={latest} projectId={projectId} />,
  };
  return (
    <Stack gap="md">
      <DrawingHeading drawing={latest} side={side} />
      <ApproversBlock drawing={latest} />
      <Tabs
        value={tab}
        onChange={(v) =>
          setParams(
            (prev) => {
              const p = new URLSearchParams(prev);
              if (!v || v === 'details') p.delete('tab');
              else p.set('tab', v);
              return p;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {x === 'versions' ? t('drawings.tabs.versionsCount', { count: latest.versionCount }) : t(`drawings.tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab}>{panels[tab]}</Tabs.Panel>
      </Tabs>
    </Stack>
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
