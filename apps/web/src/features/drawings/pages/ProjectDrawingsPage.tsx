import { type Drawing, drawingInputSchema } from '@app/shared/drawings/drawings';
import { Button, Card, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EditorButtons } from '../../../components/EditorButtons';
import { ExportMenu } from '../../../components/ExportMenu';
import { useEditor } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useProject } from '../../projects/api';
import { GuardedAction } from '../../projects/components/GuardedAction';
import { ProjectShell } from '../../projects/components/ProjectHeader';
import { useProjectLock } from '../../projects/project-lock';
import { drawingPaths, useCreateDrawing } from '../api';
import { DrawingFields, type DrawingValues, emptyDrawing, FIELD_ERRORS, toCreateInput } from '../components/DrawingFields';
import { DrawingList } from '../components/DrawingList';

/**
 * projects.drawings ('Tekeningen', the approval module): the project's drawings in tabs pending
 * and approved; "Nieuwe tekening" while the server lets this person change the project.
 */
export function ProjectDrawingsPage() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  // A deleted project is read-only: the button stays in sight, disabled, and says why.
  const lock = useProjectLock(projectId);
  const paths = drawingPaths({ kind: 'staff', projectId });
  const createButton = !lock.shown ? null : lock.denied ? (
    <GuardedAction
      buttonVariant="filled"
      icon={<IconPlus size={16} />}
      label={t('drawings.create.button')}
      denied={lock.denied}
      onClick={() => {}}
    />
  ) : (
    <Button component={Link} to={paths.create} leftSection={<IconPlus size={16} />}>
      {t('drawings.create.button')}
    </Button>
  );
  return (
    <ProjectShell projectId={projectId}>
      <Title order={2} fz="xl" mb="sm">
        {t('drawings.list.projectTitle')}
      </Title>
      <DrawingList
        side={{ kind: 'staff', projectId }}
        action={createButton}
        emptyAction={createButton}
        exportMenu={(params) => <ExportMenu path={`/api/projects/${projectId}/drawings/export`} params={params} />}
      />
    </ProjectShell>
  );
}

function CreateForm({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const project = useProject(projectId);
  const create = useCreateDrawing(projectId);
  const [uploading, setUploading] = useState(false);
  const companies = project.data?.companies ?? [];
  const paths = drawingPaths({ kind: 'staff', projectId });
  const editor = useEditor<DrawingValues, Drawing>({
    initialValues: emptyDrawing(companies),
    validate: zodValidate(drawingInputSchema, t, { from: toCreateInput, ...FIELD_ERRORS }),
    fieldErrors: FIELD_ERRORS,
    save: (v) => create.mutateAsync(toCreateInput(v)),
    savedMessage: (d) => t('drawings.create.done', { name: d.name }),
    onSaved: (d) => void navigate(paths.drawing(d.id, 'versions')),
  });
  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        <Title order={2} fz="xl">
          {t('drawings.create.title')}
        </Title>
        <Card withBorder padding="lg">
          <DrawingFields form={editor.form} projectId={projectId} companies={companies} creating onUploadBusy={setUploading} />
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={paths.list}>
            {t('common.actions.cancel')}
          </Button>
          <EditorButtons editor={{ ...editor, busy: editor.busy || uploading }} createLabel={t('drawings.create.submit')} />
        </Group>
      </Stack>
    </form>
  );
}

/** projects.drawings.create: a new drawing with its first version, under the project's header. */
export function DrawingCreatePage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  return (
    <ProjectShell projectId={projectId}>
      {project.data ? (
        <CreateForm projectId={projectId} />
      ) : (
        <Stack gap="lg" aria-busy="true">
          <Skeleton h={28} w={240} />
          <Skeleton h={420} />
        </Stack>
      )}
    </ProjectShell>
  );
}
