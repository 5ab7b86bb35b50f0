import type { Media } from '@app/shared/media/media';
import { type Area, type AreaInput, type AreaUpdate, areaInputSchema } from '@app/shared/projects/areas';
import type { AreaKind } from '@app/shared/projects/projects.rules';
import {
  Autocomplete,
  Button,
  Center,
  Group,
  Input,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { ImagePickerField } from '../../../components/ImagePickerField';
import { ErrorState } from '../../../components/States';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { areaTitle } from '../area-label';
import { useArea, useAreaList, useCreateArea, useUpdateArea } from '../areas-api';
import { PlanPickerField } from './PlanUpload';

/** What a new deck, area or sub-area starts as. */
export interface NewArea {
  kind: AreaKind;
  parentId: number | null;
}

interface Props {
  projectId: number;
  /** A number: the id of the one to edit; a NewArea: a new one; undefined: closed. */
  editing: number | NewArea | undefined;
  onClose: () => void;
  /** The kinds a new one may be (the areas page offers decks and areas; the sub-areas page only sub-areas). */
  kinds?: readonly AreaKind[];
  onSaved?: (area: Area) => void;
}

interface Values {
  kind: AreaKind;
  parentId: number | null;
  number: string;
  name: string;
  areaType: string;
  thumbnail: Media | null;
  plan: Media | null;
}

/** The type suggestions (free text: anything else may be typed). */
export const AREA_TYPE_SUGGESTIONS = [
  'cabin',
  'suite',
  'corridor',
  'lobby',
  'staircase',
  'crewMess',
  'crewCabin',
  'restaurant',
  'bar',
  'galley',
  'office',
  'technical',
  'toilet',
] as const;

const FIELD_ERRORS = {
  prefix: 'areas.validation',
  rename: { thumbnailMediaId: 'thumbnail', planMediaId: 'plan' },
} as const;

const toValues = (a: Area): Values => ({
  kind: a.kind,
  parentId: a.parentId,
  number: a.number,
  name: a.name,
  areaType: a.areaType,
  thumbnail: a.thumbnail,
  plan: a.plan,
});

const toInput = (v: Values): AreaInput => ({
  kind: v.kind,
  parentId: v.kind === 'deck' ? null : v.parentId,
  number: v.number.trim(),
  name: v.name.trim(),
  areaType: v.areaType.trim(),
  thumbnailMediaId: v.thumbnail?.id ?? null,
  planMediaId: v.plan?.id ?? null,
});

const toUpdate = (v: Values, base: Area): AreaUpdate => {
  const { kind: _kind, ...rest } = toInput(v);
  return { ...rest, version: base.version };
};

/**
 * Add or edit a deck, an area or a sub-area: kind, parent (a deck for an area, an area for a
 * sub-area), number, name, type (with suggestions), thumbnail and floor plan (an image, or a page
 * of a PDF rendered to an image). Checked with the shared schema; closing with unsaved changes asks first.
 */
export function AreaModal({ projectId, editing, onClose, kinds = ['deck', 'area'], onSaved }: Props) {
  const opened = editing !== undefined;
  const { close, closeGuard } = useGuardedClose(onClose);
  // The title follows the kind chosen in the form (a new one may switch between deck and area).
  const [chosen, setChosen] = useState<AreaKind | null>(null);
  useEffect(() => {
    if (editing !== undefined) setChosen(null);
  }, [editing]);
  const titled = editing !== undefined && typeof editing !== 'number' && chosen ? { ...editing, kind: chosen } : editing;
  return (
    <Modal opened={opened} onClose={close} centered size="lg" title={<ModalTitle editing={titled} projectId={projectId} />}>
      {editing === undefined ? null : typeof editing === 'number' ? (
        <LoadedForm
          projectId={projectId}
          areaId={editing}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
          onSaved={onSaved}
        />
      ) : (
        <AreaForm
          key={`${editing.kind}-${editing.parentId}`}
          projectId={projectId}
          editing={null}
          start={editing}
          kinds={kinds}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
          onSaved={onSaved}
          onKind={setChosen}
        />
      )}
    </Modal>
  );
}

function ModalTitle({ editing, projectId }: { editing: number | NewArea | undefined; projectId: number }) {
  const { t } = useTranslation();
  const loaded = useArea(projectId, typeof editing === 'number' ? editing : 0, typeof editing === 'number');
  if (editing === undefined) return null;
  if (typeof editing === 'number') {
    return loaded.data ? t('areas.form.editTitle', { name: areaTitle(loaded.data) }) : t('areas.form.editLoading');
  }
  return t(`areas.form.createTitle.${editing.kind}`);
}

function LoadedForm(p: {
  projectId: number;
  areaId: number;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
  onSaved?: (area: Area) => void;
}) {
  const { t } = useTranslation();
  const q = useArea(p.projectId, p.areaId);
  if (q.error) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.states.loading')} />
      </Center>
    );
  }
  return (
    <AreaForm
      key={q.data.id}
      projectId={p.projectId}
      editing={q.data}
      start={q.data}
      kinds={[q.data.kind]}
      onDone={p.onDone}
      onCancel={p.onCancel}
      closeGuard={p.closeGuard}
      onSaved={p.onSaved}
      reload={() => q.refetch().then((r) => r.data)}
    />
  );
}

interface FormProps {
  projectId: number;
  editing: Area | null;
  start: NewArea;
  kinds: readonly AreaKind[];
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
  onSaved?: (area: Area) => void;
  reload?: () => Promise<Area | undefined>;
  /** A new one's kind was switched. */
  onKind?: (kind: AreaKind) => void;
}

function AreaForm({ projectId, editing, start, kinds, onDone, onCancel, closeGuard, onSaved, reload, onKind }: FormProps) {
  const { t } = useTranslation();
  const create = useCreateArea(projectId);
  const update = useUpdateArea(projectId);
  const list = useAreaList(projectId);
  const schemaCheck = zodValidate(areaInputSchema, t, { from: toInput, ...FIELD_ERRORS });
  const editor = useEditor<Values, Area>({
    initialValues: editing
      ? toValues(editing)
      : { kind: start.kind, parentId: start.parentId, number: '', name: '', areaType: '', thumbnail: null, plan: null },
    base: editing ?? undefined,
    validate: (v) => {
      const errors = schemaCheck(v);
      // A sub-area always belongs to an area.
      if (v.kind === 'subarea' && v.parentId === null) errors.parentId ??= t('areas.validation.parentRequired');
      return errors;
    },
    fieldErrors: FIELD_ERRORS,
    save: (v, base) => (base ? update.mutateAsync({ id: base.id, ...toUpdate(v, base) }) : create.mutateAsync(toInput(v))),
    toValues,
    savedMessage: (a) => t(editing ? 'areas.form.saved' : `areas.form.created.${a.kind}`, { name: areaTitle(a) }),
    onSaved: (a) => {
      onSaved?.(a);
      onDone();
    },
    reload,
    closeGuard,
  });
  const { form } = editor;
  const kind = form.values.kind;
  const decks = list.data?.decks ?? [];
  const areas = list.data?.areas ?? [];
  const parentChoices =
    kind === 'area'
      ? decks.map((d) => ({ value: d.id, label: areaTitle(d) }))
      : kind === 'subarea'
        ? areas.map((a) => ({ value: a.id, label: areaTitle(a) }))
        : [];
  const usedTypes = [...new Set([...decks, ...areas].map((a) => a.areaType).filter(Boolean))];
  const suggestions = [...new Set([...AREA_TYPE_SUGGESTIONS.map((k) => t(`areas.typeSuggestions.${k}`)), ...usedTypes])];

  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        {!editing && kinds.length > 1 ? (
          <Input.Wrapper label={t('areas.fields.kind')} labelElement="div">
            <div>
              <SegmentedControl
                mt={4}
                aria-label={t('areas.fields.kind')}
                data={kinds.map((k) => ({ value: k, label: t(`areas.kinds.${k}`) }))}
                {...form.getInputProps('kind')}
                onChange={(v) => {
                  form.setFieldValue('kind', v as AreaKind);
                  if (v === 'deck') form.setFieldValue('parentId', null);
                  onKind?.(v as AreaKind);
                }}
              />
            </div>
          </Input.Wrapper>
        ) : null}
        {kind !== 'deck' ? (
          <Select<number>
            label={t(kind === 'subarea' ? 'areas.fields.parentArea' : 'areas.fields.parentDeck')}
            description={kind === 'area' ? t('areas.form.parentDeckHint') : undefined}
            placeholder={kind === 'area' ? t('areas.form.noDeck') : undefined}
            data={parentChoices}
            required={kind === 'subarea'}
            clearable={kind === 'area'}
            searchable
            nothingFoundMessage={t('areas.form.noParents')}
            {...form.getInputProps('parentId')}
          />
        ) : null}
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('areas.fields.number')}
            description={t('areas.form.numberHint')}
            miw={140}
            {...form.getInputProps('number')}
          />
          <TextInput label={t('areas.fields.name')} required data-autofocus miw={200} {...form.getInputProps('name')} />
        </Group>
        <Autocomplete
          label={t('areas.fields.areaType')}
          description={t('areas.form.areaTypeHint')}
          data={suggestions}
          {...form.getInputProps('areaType')}
        />
        <ImagePickerField
          label={t('areas.fields.thumbnail')}
          description={t('areas.form.thumbnailHint')}
          value={form.values.thumbnail}
          onChange={(m) => form.setFieldValue('thumbnail', m)}
          choices={form.values.plan ? [form.values.plan] : []}
          error={form.errors.thumbnail}
        />
        <PlanPickerField
          label={t('areas.fields.plan')}
          description={t(kind === 'deck' ? 'areas.form.planHintDeck' : 'areas.form.planHint')}
          value={form.values.plan}
          onChange={(m) => form.setFieldValue('plan', m)}
          error={form.errors.plan}
        />
        <Group justify="flex-end">
          {editing ? (
            <div style={{ marginRight: 'auto' }}>
              <HistoryPanel subject="area" id={editing.id} />
            </div>
          ) : null}
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {editing ? t('common.actions.save') : t(`areas.form.create.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
