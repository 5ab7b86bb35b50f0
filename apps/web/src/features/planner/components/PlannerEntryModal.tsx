import { type PlannerEntry, type PlannerInput, type PlannerOptions, plannerInputSchema } from '@app/shared/planner/planner';
import { dayOf } from '@app/shared/planner/planner.rules';
import { addDays, isCalendarDate } from '@app/shared/platform/iso-week';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { DeleteButton } from '../../../components/DeleteButton';
import { DateField } from '../../../components/dates/DateField';
import { TimeField } from '../../../components/dates/TimeField';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCreatePlannerEntry, useDeletePlannerEntry, useUpdatePlannerEntry } from '../api';
import { formatDay, timeOf } from '../planner-time';
import { askToPlanAnyway, conflictReasons } from './conflicts';

/** A new entry: a selected range, a clicked week of a person, or the Nieuwe planning button. */
export interface NewPlannerEntry {
  employeeId?: number | undefined;
  projectId?: number | undefined;
  start: string;
  end: string;
  allDay: boolean;
}

interface Props {
  /** An entry to open, a new one, or undefined: closed. */
  editing: PlannerEntry | NewPlannerEntry | undefined;
  options: PlannerOptions | undefined;
  onClose: () => void;
  /** After a 409: loads the newest copy of the entry (the stale banner's button). */
  reload?: (id: number) => Promise<PlannerEntry | undefined>;
}

interface Values {
  employeeId: string;
  projectId: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  /** All day: the last day (inclusive); else the day the entry ends. */
  endDate: string;
  endTime: string;
  notes: string;
}

const DEFAULT_START = '08:00';
const DEFAULT_END = '17:00';

// The form's date fields carry the span's errors; the server's field names are the contract's.
const FIELD_ERRORS = { rename: { start: 'startDate', end: 'endDate' } } as const;

const isEntry = (e: Props['editing']): e is PlannerEntry => !!e && 'id' in e;

function spanValues(s: { start: string; end: string; allDay: boolean }) {
  if (s.allDay) {
    return {
      allDay: true,
      startDate: dayOf(s.start),
      startTime: DEFAULT_START,
      endDate: addDays(dayOf(s.end), -1) < dayOf(s.start) ? dayOf(s.start) : addDays(dayOf(s.end), -1),
      endTime: DEFAULT_END,
    };
  }
  return { allDay: false, startDate: dayOf(s.start), startTime: timeOf(s.start), endDate: dayOf(s.end), endTime: timeOf(s.end) };
}

const toValues = (e: PlannerEntry): Values => ({
  employeeId: String(e.employee.id),
  projectId: String(e.project.id),
  notes: e.notes,
  ...spanValues(e),
});

/** The form as the contract takes it: an all-day entry runs from the first day's midnight to the midnight after the last. */
export function toInput(v: Values): PlannerInput {
  const dayAfter = (d: string) => (isCalendarDate(d) ? addDays(d, 1) : d);
  return {
    employeeId: Number(v.employeeId),
    projectId: Number(v.projectId),
    allDay: v.allDay,
    start: v.allDay ? `${v.startDate}T00:00` : `${v.startDate}T${v.startTime}`,
    end: v.allDay ? `${dayAfter(v.endDate)}T00:00` : `${v.endDate}T${v.endTime}`,
    notes: v.notes.trim(),
  };
}

/** Open, add or change one planner entry: person, project, all day or times, notes; delete after a question. */
export function PlannerEntryModal({ editing, options, onClose, reload }: Props) {
  const { t } = useTranslation();
  const { close, closeGuard } = useGuardedClose(onClose);
  const title = !isEntry(editing)
    ? t('planner.form.createTitle')
    : editing.abilities.canEdit
      ? t('planner.form.editTitle')
      : t('planner.form.viewTitle');
  return (
    <Modal opened={editing !== undefined} onClose={close} centered size="lg" title={title}>
      {editing === undefined ? null : (
        <EntryForm
          key={isEntry(editing) ? `entry-${editing.id}` : `new-${editing.start}-${editing.end}-${editing.employeeId}`}
          editing={editing}
          options={options}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
          reload={reload}
        />
      )}
    </Modal>
  );
}

function EntryForm(p: {
  editing: PlannerEntry | NewPlannerEntry;
  options: PlannerOptions | undefined;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
  reload?: ((id: number) => Promise<PlannerEntry | undefined>) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const attempt = useAttempt();
  const create = useCreatePlannerEntry();
  const update = useUpdatePlannerEntry();
  const remove = useDeletePlannerEntry();
  const entry = isEntry(p.editing) ? p.editing : null;
  const fresh = isEntry(p.editing) ? null : p.editing;
  const readOnly = entry ? !entry.abilities.canEdit : false;

  const editor = useEditor<Values, PlannerEntry>({
    initialValues: entry
      ? toValues(entry)
      : {
          employeeId: fresh?.employeeId ? String(fresh.employeeId) : '',
          projectId: fresh?.projectId ? String(fresh.projectId) : '',
          notes: '',
          ...spanValues(fresh ?? { start: '', end: '', allDay: false }),
        },
    base: entry ?? undefined,
    validate: zodValidate(plannerInputSchema, t, { from: toInput, ...FIELD_ERRORS }),
    fieldErrors: FIELD_ERRORS,
    save: async (v, base) => {
      const send = (confirm: boolean) => {
        const input = { ...toInput(v), ...(confirm ? { confirm: true } : {}) };
        return base ? update.mutateAsync({ id: base.id, ...input, version: base.version }) : create.mutateAsync(input);
      };
      try {
        return await send(false);
      } catch (err) {
        // Leave, sick, a holiday, the schedule or another entry: ask, and plan anyway when confirmed.
        const reasons = conflictReasons(err);
        const person = p.options?.employees.find((e) => String(e.id) === v.employeeId)?.name ?? entry?.employee.name ?? '';
        if (!reasons || !(await askToPlanAnyway(t, person, reasons))) throw err;
        return send(true);
      }
    },
    toValues,
    savedMessage: (e) =>
      entry
        ? t('planner.form.saved', { person: e.employee.name, project: e.project.name })
        : t('planner.form.created', { person: e.employee.name, project: e.project.name }),
    onSaved: () => p.onDone(),
    closeGuard: p.closeGuard,
    guard: !readOnly,
    ...(entry && p.reload ? { reload: () => p.reload?.(entry.id) ?? Promise.resolve(undefined) } : {}),
  });
  const { form } = editor;
  const current = editor.base ?? entry;

  // People and projects to choose from; one no longer offered stays when the entry already has it.
  const people = (p.options?.employees ?? []).map((e) => ({ value: String(e.id), label: e.name }));
  if (current && !people.some((o) => o.value === String(current.employee.id))) {
    people.unshift({ value: String(current.employee.id), label: current.employee.name });
  }
  const projects = (p.options?.projects ?? [])
    .filter((pr) => !pr.archived || pr.id === current?.project.id)
    .map((pr) => ({ value: String(pr.id), label: pr.archived ? t('planner.archived', { name: pr.name }) : pr.name }));
  if (current && !projects.some((o) => o.value === String(current.project.id))) {
    projects.unshift({ value: String(current.project.id), label: current.project.name });
  }

  const handleDelete = async () => {
    if (!current) return;
    const ok = await confirmAction({
      title: t('planner.form.deleteTitle'),
      message: t('planner.form.deleteText', {
        person: current.employee.name,
        project: current.project.name,
        day: formatDay(dayOf(current.start), i18n.language, { year: true }),
      }),
      confirmLabel: t('planner.form.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        await remove.mutateAsync(current);
        editor.leave();
        notify.success(t('planner.form.deleted', { person: current.employee.name, project: current.project.name }));
        p.onDone();
      },
      { onStale: editor.markStale },
    );
  };

  const setAllDay = (on: boolean) => {
    form.setFieldValue('allDay', on);
    // The last day of an all-day entry and the end day of a timed one are read alike; never before the start.
    if (!on && form.values.endDate < form.values.startDate) form.setFieldValue('endDate', form.values.startDate);
  };

  const deniedText = entry ? deniedReason(t, entry.abilities, 'canEdit') : null;

  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        {readOnly && deniedText ? (
          <Text size="sm" c="dimmed">
            {t('planner.form.readOnly', { reason: deniedText })}
          </Text>
        ) : null}
        <Select
          label={t('planner.form.employee')}
          data={people}
          required
          searchable
          disabled={readOnly}
          data-autofocus
          nothingFoundMessage={t('planner.filters.nothingFound')}
          {...form.getInputProps('employeeId')}
          value={form.values.employeeId || null}
          onChange={(v) => form.setFieldValue('employeeId', v ?? '')}
        />
        <Select
          label={t('planner.form.project')}
          data={projects}
          required
          searchable
          disabled={readOnly}
          nothingFoundMessage={t('planner.filters.nothingFound')}
          {...form.getInputProps('projectId')}
          value={form.values.projectId || null}
          onChange={(v) => form.setFieldValue('projectId', v ?? '')}
        />
        <Switch
          label={t('planner.form.allDay')}
          disabled={readOnly}
          checked={form.values.allDay}
          onChange={(e) => setAllDay(e.currentTarget.checked)}
          error={form.errors.allDay}
        />
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
          <DateField
            label={t(form.values.allDay ? 'planner.form.firstDay' : 'planner.form.startDate')}
            required
            disabled={readOnly}
            {...form.getInputProps('startDate')}
          />
          {form.values.allDay ? null : (
            <TimeField label={t('planner.form.startTime')} required disabled={readOnly} {...form.getInputProps('startTime')} />
          )}
          <DateField
            label={t(form.values.allDay ? 'planner.form.lastDay' : 'planner.form.endDate')}
            required
            disabled={readOnly}
            {...form.getInputProps('endDate')}
          />
          {form.values.allDay ? null : (
            <TimeField label={t('planner.form.endTime')} required disabled={readOnly} {...form.getInputProps('endTime')} />
          )}
        </SimpleGrid>
        <Textarea
          label={t('planner.form.notes')}
          autosize
          minRows={2}
          maxRows={6}
          disabled={readOnly}
          {...form.getInputProps('notes')}
        />
        <Group justify="space-between" wrap="wrap">
          {current && !readOnly ? (
            <DeleteButton
              label={t('planner.form.delete')}
              onClick={() => void handleDelete()}
              loading={remove.isPending}
              denied={deniedReason(t, current.abilities, 'canDelete')}
            />
          ) : (
            <span />
          )}
          <Group gap="sm" wrap="wrap">
            <Button variant="default" onClick={p.onCancel}>
              {readOnly ? t('common.actions.close') : t('common.actions.cancel')}
            </Button>
            {readOnly ? null : (
              <Button type="submit" loading={editor.busy}>
                {entry ? t('common.actions.save') : t('planner.form.create')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
