import {
  type ClientDrawingInput,
  type ClientDrawingUpdate,
  clientDrawingInputSchema,
  clientDrawingUpdateSchema,
  type Drawing,
} from '@app/shared/drawings/drawings';
import type { FileInfo } from '@app/shared/files/files';
import { Alert, Button, Card, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EditorButtons } from '../../../components/EditorButtons';
import { useEditor } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { zodValidate } from '../../../lib/form';
import { usePortalProjects } from '../../portal/projects-api';
import { type DrawingSide, drawingPaths, useCreateClientDrawing, useUpdateClientDrawing } from '../api';
import { AreaSelect } from './AreaSelect';
import { DrawingBasicsFields, FIELD_ERRORS, FirstVersionFields, today } from './DrawingFields';

const CLIENT: DrawingSide = { kind: 'client' };

export interface ClientDrawingValues {
  name: string;
  description: string;
  projectId: string | null;
  areaId: string | null;
  drawingDate: string;
  /** Creating only: the first version's media and notes. */
  file: FileInfo | null;
  notes: string;
}

const toValues = (d: Drawing): ClientDrawingValues => ({
  name: d.name,
  description: d.description,
  projectId: String(d.project.id),
  areaId: d.area ? String(d.area.id) : null,
  drawingDate: d.drawingDate,
  file: null,
  notes: '',
});

const toCreateInput = (v: ClientDrawingValues): ClientDrawingInput => ({
  name: v.name,
  description: v.description,
  projectId: v.projectId ? Number(v.projectId) : (null as unknown as number),
  areaId: v.areaId ? Number(v.areaId) : null,
  drawingDate: v.drawingDate,
  fileId: v.file?.id ?? (null as unknown as number),
  notes: v.notes,
});

const toUpdateInput = (v: ClientDrawingValues, version: number): ClientDrawingUpdate => ({
  name: v.name,
  description: v.description,
  areaId: v.areaId ? Number(v.areaId) : null,
  drawingDate: v.drawingDate,
  version,
});

/**
 * The portal's drawing form: a new drawing (name, a project the company sees, optionally the
 * area, date, description and the first file with its notes), or the details of one the company
 * made (the project stays). The area list follows the chosen project.
 */
export function ClientDrawingForm({ drawing, reload }: { drawing?: Drawing; reload?: () => Promise<Drawing | undefined> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = drawingPaths(CLIENT);
  const create = useCreateClientDrawing();
  const update = useUpdateClientDrawing(drawing?.id ?? 0);
  const projects = usePortalProjects({ tab: 'active', page: 1, perPage: 100 });
  const [uploading, setUploading] = useState(false);
  const creating = !drawing;
  const projectChoices = (projects.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const only = projectChoices.length === 1 ? projectChoices[0]?.value : undefined;
  const editor = useEditor<ClientDrawingValues, Drawing>({
    initialValues: drawing
      ? toValues(drawing)
      : {
          name: '',
          description: '',
          projectId: only ?? null,
          areaId: null,
          drawingDate: today(),
          file: null,
          notes: '',
        },
    ...(drawing ? { base: drawing } : {}),
    validate: drawing
      ? zodValidate(clientDrawingUpdateSchema, t, { from: (v) => toUpdateInput(v, drawing.version), ...FIELD_ERRORS })
      : zodValidate(clientDrawingInputSchema, t, { from: toCreateInput, ...FIELD_ERRORS }),
    fieldErrors: FIELD_ERRORS,
    save: (v, base) => (base ? update.mutateAsync(toUpdateInput(v, base.version)) : create.mutateAsync(toCreateInput(v))),
    ...(drawing ? { toValues, reload } : {}),
    savedMessage: (d) => t(creating ? 'drawings.create.doneClient' : 'drawings.edit.saved', { name: d.name }),
    onSaved: (d) => void navigate(creating ? paths.drawing(d.id, 'versions') : paths.drawing(d.id)),
  });
  const form = editor.form;
  const projectId = form.values.projectId ? Number(form.values.projectId) : null;
  const area = form.getInputProps('areaId');
  const base = editor.base ?? drawing;
  const locked = base ? !base.abilities.canEdit : false;
  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        {editor.banner}
        {locked && base ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={t('drawings.edit.lockedTitle')}>
            {deniedReason(t, base.abilities, 'canEdit')}
          </Alert>
        ) : null}
        <Card withBorder padding="lg">
          <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              <DrawingBasicsFields
                form={form}
                party={
                  creating ? (
                    <Select
                      label={t('drawings.fields.project')}
                      placeholder={t('drawings.fields.projectPlaceholder')}
                      data={projectChoices}
                      required
                      searchable
                      {...form.getInputProps('projectId')}
                      onChange={(v) => {
                        form.setFieldValue('projectId', v);
                        form.setFieldValue('areaId', null);
                      }}
                    />
                  ) : (
                    <TextInput label={t('drawings.fields.project')} value={drawing?.project.name ?? ''} readOnly />
                  )
                }
              />
              <AreaSelect
                side="client"
                projectId={projectId}
                value={form.values.areaId}
                onChange={(v) => form.setFieldValue('areaId', v)}
                onBlur={area.onBlur}
                error={area.error}
                current={drawing?.area ?? null}
              />
              {creating ? (
                <FirstVersionFields form={form} notesHelp={t('drawings.fields.notesHelpClient')} onUploadBusy={setUploading} />
              ) : null}
            </Stack>
          </fieldset>
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={drawing ? paths.drawing(drawing.id) : paths.list}>
            {t('common.actions.cancel')}
          </Button>
          {locked ? null : (
            <EditorButtons
              editor={{ ...editor, busy: editor.busy || uploading }}
              {...(creating ? { createLabel: t('drawings.create.submit') } : {})}
            />
          )}
        </Group>
      </Stack>
    </form>
  );
}
