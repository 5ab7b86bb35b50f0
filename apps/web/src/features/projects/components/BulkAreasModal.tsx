import { type BulkAreasInput, type BulkAreasResult, bulkAreasInputSchema } from '@app/shared/projects/areas';
import { type AreaKind, type BulkAreaParse, MAX_BULK_AREAS, parseBulkAreas } from '@app/shared/projects/projects.rules';
import { Alert, Autocomplete, Button, Group, Input, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconListDetails } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { areaTitle } from '../area-label';
import { useAreaList, useBulkAreas } from '../areas-api';
import { AREA_TYPE_SUGGESTIONS } from './AreaModal';

/** Where a bulk-add puts its areas: decks, areas (of a deck or none) or sub-areas (of one area). */
export interface BulkTarget {
  kind: AreaKind;
  parentId: number | null;
  /** A sub-area's area, named in the dialog (its parent cannot be changed there). */
  parentName?: string;
}

interface Props {
  projectId: number;
  /** undefined: closed. */
  target: BulkTarget | undefined;
  onClose: () => void;
  /** The kinds offered (decks and areas on the areas page; the sub-areas page gives only sub-areas). */
  kinds?: readonly AreaKind[];
}

interface Values {
  kind: AreaKind;
  parentId: number | null;
  areaType: string;
  text: string;
}

/** The skipped numbers a toast names before it says "and N more". */
const SKIPPED_SHOWN = 10;

/** The preview of a bulk text in words: how many, the first and the last; or what is wrong on which line. */
export function bulkPreview(t: TFunction, kind: AreaKind, parsed: BulkAreaParse): { ok: boolean; text: string } {
  if (!parsed.ok) return { ok: false, text: t(`areas.bulk.errors.${parsed.code}`, { line: parsed.line, max: MAX_BULK_AREAS }) };
  const { areas } = parsed;
  const first = areas[0];
  const last = areas[areas.length - 1];
  if (!first || !last) return { ok: true, text: t('areas.bulk.previewEmpty') };
  const count = t(`areas.bulk.count.${kind}`, { count: areas.length });
  if (areas.length === 1) return { ok: true, text: t('areas.bulk.previewOne', { count, first: areaTitle(first) }) };
  return { ok: true, text: t('areas.bulk.preview', { count, first: areaTitle(first), last: areaTitle(last) }) };
}

/** The toast after a bulk-add: "120 ruimtes toegevoegd, 3 overgeslagen (bestonden al): 5001, 5002, 5003". */
export function bulkResultMessage(t: TFunction, kind: AreaKind, r: BulkAreasResult): string {
  const created = t(`areas.bulk.created.${kind}`, { count: r.created });
  if (r.skipped.length === 0) return created;
  const shown = r.skipped.slice(0, SKIPPED_SHOWN).join(', ');
  const more = r.skipped.length - SKIPPED_SHOWN;
  const numbers = more > 0 ? t('areas.bulk.andMore', { numbers: shown, count: more }) : shown;
  return `${created}, ${t('areas.bulk.skipped', { count: r.skipped.length, numbers })}`;
}

/**
 * Many decks, areas or sub-areas at once: one per line, or a range per line ("Hut 5001-5120" is
 * 120 areas), read by the shared `parseBulkAreas` with a live preview (how many, the first and the
 * last, or the line that is wrong and why), the deck and the type for all of them.
 */
export function BulkAreasModal({ projectId, target, onClose, kinds = ['area', 'deck'] }: Props) {
  const { t } = useTranslation();
  const { close, closeGuard } = useGuardedClose(onClose);
  return (
    <Modal
      opened={!!target}
      onClose={close}
      centered
      size="lg"
      title={target ? t(`areas.bulk.title.${target.kind}`, { parent: target.parentName ?? '' }) : null}
    >
      {target ? (
        <BulkForm
          key={`${target.kind}-${target.parentId}`}
          projectId={projectId}
          target={target}
          kinds={kinds}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
        />
      ) : null}
    </Modal>
  );
}

function BulkForm({
  projectId,
  target,
  kinds,
  onDone,
  onCancel,
  closeGuard,
}: {
  projectId: number;
  target: BulkTarget;
  kinds: readonly AreaKind[];
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
}) {
  const { t } = useTranslation();
  const bulk = useBulkAreas(projectId);
  const list = useAreaList(projectId);
  const toInput = (v: Values): BulkAreasInput => ({
    kind: v.kind,
    parentId: v.kind === 'deck' ? null : v.parentId,
    areaType: v.areaType.trim(),
    text: v.text,
  });
  const schemaCheck = zodValidate(bulkAreasInputSchema, t, { from: toInput, prefix: 'areas.validation' });
  const editor = useEditor<Values, BulkAreasResult>({
    initialValues: { kind: target.kind, parentId: target.parentId, areaType: '', text: '' },
    validate: (v) => {
      const errors = schemaCheck(v);
      const parsed = parseBulkAreas(v.text);
      if (!parsed.ok) errors.text ??= bulkPreview(t, v.kind, parsed).text;
      else if (parsed.areas.length === 0) errors.text ??= t('areas.bulk.errors.empty');
      return errors;
    },
    fieldErrors: { prefix: 'areas.validation' },
    save: (v) => bulk.mutateAsync(toInput(v)),
    onSaved: (r) => {
      const message = bulkResultMessage(t, form.values.kind, r);
      if (r.created === 0) notify.warning(message);
      else notify.success(message);
      onDone();
    },
    closeGuard,
  });
  const { form } = editor;
  const kind = form.values.kind;
  const parsed = parseBulkAreas(form.values.text);
  const preview = bulkPreview(t, kind, parsed);
  const decks = list.data?.decks ?? [];
  const areas = list.data?.areas ?? [];
  const usedTypes = [...new Set([...decks, ...areas].map((a) => a.areaType).filter(Boolean))];
  const suggestions = [...new Set([...AREA_TYPE_SUGGESTIONS.map((k) => t(`areas.typeSuggestions.${k}`)), ...usedTypes])];
  const empty = form.values.text.trim() === '';

  return (
    <form {...editor.formProps}>
      <Stack>
        {kinds.length > 1 ? (
          <Input.Wrapper label={t('areas.fields.kind')} labelElement="div">
            <div>
              <SegmentedControl
                mt={4}
                aria-label={t('areas.fields.kind')}
                data={kinds.map((k) => ({ value: k, label: t(`areas.kinds.plural.${k}`) }))}
                value={kind}
                onChange={(v) => {
                  form.setFieldValue('kind', v as AreaKind);
                  if (v === 'deck') form.setFieldValue('parentId', null);
                }}
              />
            </div>
          </Input.Wrapper>
        ) : null}
        <Textarea
          label={t('areas.bulk.text')}
          description={t('areas.bulk.textHint')}
          placeholder={t('areas.bulk.placeholder')}
          autosize
          minRows={4}
          maxRows={12}
          required
          data-autofocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('text')}
        />
        <Alert
          variant="light"
          color={empty ? 'gray' : preview.ok ? 'brand' : 'red'}
          icon={preview.ok ? <IconListDetails size={18} /> : <IconAlertTriangle size={18} />}
          title={t('areas.bulk.previewTitle')}
          aria-live="polite"
          data-testid="bulk-preview"
        >
          <Text size="sm">{empty ? t('areas.bulk.previewEmpty') : preview.text}</Text>
        </Alert>
        {kind === 'area' ? (
          <Select<number>
            label={t('areas.fields.parentDeck')}
            placeholder={t('areas.form.noDeck')}
            data={decks.map((d) => ({ value: d.id, label: areaTitle(d) }))}
            clearable
            searchable
            nothingFoundMessage={t('areas.form.noParents')}
            {...form.getInputProps('parentId')}
          />
        ) : null}
        <Autocomplete
          label={t('areas.fields.areaType')}
          description={t('areas.bulk.areaTypeHint')}
          data={suggestions}
          {...form.getInputProps('areaType')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {parsed.ok && parsed.areas.length > 0
              ? t(`areas.bulk.submitCount.${kind}`, { count: parsed.areas.length })
              : t(`areas.bulk.submit.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
