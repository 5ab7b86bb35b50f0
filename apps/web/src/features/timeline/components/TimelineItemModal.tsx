import { parseWeekKey } from '@app/shared/platform/iso-week';
import {
  type TimelineInput,
  type TimelineItem,
  type TimelineRow,
  type TimelineTargetKind,
  timelineInputSchema,
} from '@app/shared/timeline/timeline';
import { MAX_TIMELINE_WEEKS } from '@app/shared/timeline/timeline.rules';
import { Button, Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { DeleteButton } from '../../../components/DeleteButton';
import { WeekField } from '../../../components/dates/WeekField';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCreateTimelineItem, useDeleteTimelineItem, useUpdateTimelineItem } from '../api';

/** A new item starts on a row and in a week (a clicked cell, or the first row and the first week shown). */
export interface NewTimelineItem {
  row: TimelineRow | null;
  week: string;
}

interface Props {
  projectId: number;
  /** The rows the target is chosen from (the grid's current rows). */
  rows: readonly TimelineRow[];
  /** An item to edit, a new one, or undefined: closed. */
  editing: TimelineItem | NewTimelineItem | undefined;
  onClose: () => void;
  /** After a 409: loads the newest copy of the item (the stale banner's button). */
  reload?: (id: number) => Promise<TimelineItem | undefined>;
}

interface Values {
  title: string;
  notes: string;
  /** `area:12` or `task:7`; '' before one is chosen. */
  target: string;
  startWeek: string;
  weeks: number | string;
}

const FIELD_ERRORS = { rename: { 'target.id': 'target', 'target.kind': 'target' } } as const;

const toInput = (v: Values): TimelineInput => {
  const [kind, id] = v.target.split(':');
  return {
    title: v.title.trim(),
    notes: v.notes.trim(),
    target: { kind: (kind ?? '') as TimelineTargetKind, id: Number(id) },
    startWeek: v.startWeek.trim().toUpperCase(),
    weeks: typeof v.weeks === 'number' ? v.weeks : Number(v.weeks),
  };
};

const toValues = (i: TimelineItem): Values => ({
  title: i.title,
  notes: i.notes,
  target: `${i.target.kind}:${i.target.id}`,
  startWeek: i.startWeek,
  weeks: i.weeks,
});

const isItem = (e: Props['editing']): e is TimelineItem => !!e && 'id' in e;

/** Add or edit a timeline item: title, notes, the area or task, the first week and how many weeks; delete (after a question). */
export function TimelineItemModal({ projectId, rows, editing, onClose, reload }: Props) {
  const { t } = useTranslation();
  const { close, closeGuard } = useGuardedClose(onClose);
  const title = isItem(editing) ? t('timeline.form.editTitle', { title: editing.title }) : t('timeline.form.createTitle');
  return (
    <Modal opened={editing !== undefined} onClose={close} centered size="lg" title={title}>
      {editing === undefined ? null : (
        <ItemForm
          key={isItem(editing) ? `item-${editing.id}` : `new-${editing.row?.id}-${editing.week}`}
          projectId={projectId}
          rows={rows}
          editing={editing}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
          reload={reload}
        />
      )}
    </Modal>
  );
}

function ItemForm(p: {
  projectId: number;
  rows: readonly TimelineRow[];
  editing: TimelineItem | NewTimelineItem;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
  reload?: ((id: number) => Promise<TimelineItem | undefined>) | undefined;
}) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const create = useCreateTimelineItem(p.projectId);
  const update = useUpdateTimelineItem(p.projectId);
  const remove = useDeleteTimelineItem(p.projectId);
  const item = isItem(p.editing) ? p.editing : null;
  const start = isItem(p.editing) ? null : p.editing;
  const editor = useEditor<Values, TimelineItem>({
    initialValues: item
      ? toValues(item)
      : {
          title: '',
          notes: '',
          target: start?.row ? `${start.row.kind}:${start.row.id}` : '',
          startWeek: start?.week ?? '',
          weeks: 1,
        },
    base: item ?? undefined,
    validate: zodValidate(timelineInputSchema, t, { from: toInput, ...FIELD_ERRORS }),
    fieldErrors: FIELD_ERRORS,
    save: (v, base) =>
      base ? update.mutateAsync({ id: base.id, ...toInput(v), version: base.version }) : create.mutateAsync(toInput(v)),
    toValues,
    savedMessage: (i) => t(item ? 'timeline.form.saved' : 'timeline.form.created', { title: i.title }),
    onSaved: () => p.onDone(),
    closeGuard: p.closeGuard,
    ...(item && p.reload ? { reload: () => p.reload?.(item.id) ?? Promise.resolve(undefined) } : {}),
  });
  const { form } = editor;
  const choices = p.rows.map((r) => ({ value: `${r.kind}:${r.id}`, label: r.label }));
  if (item && !choices.some((c) => c.value === `${item.target.kind}:${item.target.id}`)) {
    choices.unshift({ value: `${item.target.kind}:${item.target.id}`, label: item.target.label });
  }
  const week = parseWeekKey(form.values.startWeek.trim().toUpperCase());

  const handleDelete = async () => {
    if (!item) return;
    const ok = await confirmAction({
      title: t('timeline.form.deleteTitle'),
      message: t('timeline.form.deleteText', { title: item.title }),
      confirmLabel: t('timeline.form.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(editor.base ?? item);
      notify.success(t('timeline.form.deleted', { title: item.title }));
      p.onDone();
    });
  };

  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        <TextInput label={t('timeline.form.title')} required data-autofocus {...form.getInputProps('title')} />
        <Select
          label={t('timeline.form.target')}
          data={choices}
          required
          searchable
          {...form.getInputProps('target')}
          value={form.values.target || null}
          onChange={(v) => form.setFieldValue('target', v ?? '')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <WeekField
            label={t('timeline.form.startWeek')}
            description={week ? t('weekGrid.range.one', { week: week.week, year: week.year }) : t('timeline.form.startWeekHint')}
            required
            miw={160}
            {...form.getInputProps('startWeek')}
          />
          <NumberInput
            label={t('timeline.form.weeks')}
            min={1}
            max={MAX_TIMELINE_WEEKS}
            allowDecimal={false}
            required
            miw={140}
            {...form.getInputProps('weeks')}
          />
        </Group>
        <Textarea label={t('timeline.form.notes')} autosize minRows={2} maxRows={8} {...form.getInputProps('notes')} />
        <Group justify="space-between" wrap="wrap">
          {item ? (
            <DeleteButton
              label={t('timeline.form.delete')}
              onClick={() => void handleDelete()}
              loading={remove.isPending}
              denied={deniedReason(t, item.abilities, 'canDelete')}
            />
          ) : (
            <span />
          )}
          <Group gap="sm" wrap="wrap">
            <Button variant="default" onClick={p.onCancel}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" loading={editor.busy} disabled={item ? !item.abilities.canEdit : false}>
              {item ? t('common.actions.save') : t('timeline.form.create')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
