import {
  type BookedHour,
  bookedHourInputSchema,
  bookedHourUpdateSchema,
  HOUR_ACTIVITIES,
  type HourActivity,
} from '@app/shared/hours/hours';
import { formatMinutes, parseDuration } from '@app/shared/hours/schedules.rules';
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { TimeField } from '../../../components/dates/TimeField';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { formatLongDate } from '../../../lib/dates';
import { zodValidate } from '../../../lib/form';
import { type ProjectOption, useBookHours, useHourProjects, useProjectTargets, useUpdateBookedHours } from '../api';

/** What the modal is open for: a new booking on a day, or a change of one; undefined: closed. */
export type BookingTarget = { kind: 'new'; date: string } | { kind: 'edit'; entry: BookedHour } | undefined;

interface Props {
  target: BookingTarget;
  /** Whose hours: undefined for one's own, else the employee's id (needs hours.manage on the server). */
  employeeId: number | undefined;
  onClose: () => void;
}

interface Values {
  date: string;
  projectId: number | null;
  /** 'area:12' or 'task:7': the optional part of the project the time went to. */
  target: string | null;
  activity: HourActivity | null;
  /** HH:MM the work started, or empty (optional: hour rules for evenings and nights match on it). */
  startTime: string;
  duration: string;
  notes: string;
}

const FIELD_ERRORS = { rename: { minutes: 'duration', areaId: 'target', taskId: 'target' }, prefix: 'hours.validation' };

const toValues = (e: BookedHour): Values => ({
  date: e.date,
  projectId: e.project.id,
  target: e.area ? `area:${e.area.id}` : e.task ? `task:${e.task.id}` : null,
  activity: e.activity,
  startTime: e.startTime ?? '',
  duration: formatMinutes(e.minutes),
  notes: e.notes,
});

function toFields(v: Values) {
  const [kind, id] = (v.target ?? '').split(':');
  return {
    date: v.date,
    projectId: v.projectId ?? undefined,
    areaId: kind === 'area' ? Number(id) : null,
    taskId: kind === 'task' ? Number(id) : null,
    minutes: parseDuration(v.duration) ?? undefined,
    activity: v.activity ?? undefined,
    // Sent only when given: left out, the server stores none (and a change clears it).
    ...(v.startTime ? { startTime: v.startTime } : {}),
    notes: v.notes.trim(),
  };
}

/**
 * "Uren boeken" and "Uren wijzigen": the project (searched on the server), optionally an area or a
 * task of it, the activity, the time as 7:30 or 7,5 and notes. Full screen on a phone; Enter
 * saves, Escape closes (asking first when something was typed).
 */
export function BookingModal({ target, employeeId, onClose }: Props) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const { close, closeGuard } = useGuardedClose(onClose);
  const opened = target !== undefined;
  const date = target?.kind === 'edit' ? target.entry.date : target?.date;
  return (
    <Modal
      opened={opened}
      onClose={close}
      fullScreen={!!isPhone}
      centered
      size="lg"
      title={
        <Stack gap={0}>
          <Text fw={600}>{target?.kind === 'edit' ? t('hours.form.editTitle') : t('hours.form.createTitle')}</Text>
          {date ? (
            <Text size="sm" c="dimmed">
              {formatLongDate(date)}
            </Text>
          ) : null}
        </Stack>
      }
    >
      {target ? (
        <BookingForm
          key={target.kind === 'edit' ? `edit-${target.entry.id}` : `new-${target.date}`}
          target={target}
          employeeId={employeeId}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
          isPhone={!!isPhone}
        />
      ) : null}
    </Modal>
  );
}

interface FormProps {
  target: NonNullable<BookingTarget>;
  employeeId: number | undefined;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
  isPhone: boolean;
}

function BookingForm({ target, employeeId, onDone, onCancel, closeGuard, isPhone }: FormProps) {
  const { t } = useTranslation();
  const create = useBookHours();
  const update = useUpdateBookedHours();
  const editing = target.kind === 'edit' ? target.entry : undefined;
  const [search, setSearch] = useState(editing?.project.name ?? '');
  const [picked, setPicked] = useState<ProjectOption | null>(editing?.project ?? null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // A picked project's name in the box is not a search: show the first page of projects then.
  const query = picked && debounced === picked.name ? '' : debounced;
  const projects = useHourProjects(query);

  const validate = (v: Values) => {
    const schema = editing ? bookedHourUpdateSchema : bookedHourInputSchema;
    const errors = zodValidate(schema, t, {
      from: (x: Values) => ({ ...toFields(x), ...(editing ? { version: editing.version } : {}) }),
      ...FIELD_ERRORS,
    })(v);
    if (v.duration.trim() && parseDuration(v.duration) === null) errors.duration = t('hours.validation.duration');
    return errors;
  };

  const editor = useEditor<Values, BookedHour>({
    initialValues: editing
      ? toValues(editing)
      : {
          date: target.kind === 'new' ? target.date : '',
          projectId: null,
          target: null,
          activity: null,
          startTime: '',
          duration: '',
          notes: '',
        },
    base: editing,
    validate,
    fieldErrors: FIELD_ERRORS,
    save: (v, base) => {
      const f = toFields(v) as ReturnType<typeof toFields> & { projectId: number; minutes: number; activity: HourActivity };
      return base
        ? update.mutateAsync({ id: base.id, ...f, version: base.version })
        : create.mutateAsync({ ...f, ...(employeeId ? { employeeId } : {}) });
    },
    savedMessage: (saved) =>
      t(editing ? 'hours.form.saved' : 'hours.form.created', { time: formatMinutes(saved.minutes), project: saved.project.name }),
    onSaved: onDone,
    closeGuard,
  });
  const { form } = editor;
  const projectId = form.values.projectId;
  const targets = useProjectTargets(projectId);

  const projectOptions = [...(projects.data ?? [])];
  if (picked && !projectOptions.some((p) => p.id === picked.id)) projectOptions.unshift(picked);

  const targetData = targets.data
    ? [
        ...(targets.data.areas.length
          ? [
              {
                group: t('hours.form.areas'),
                items: targets.data.areas.map((a) => ({ value: `area:${a.id}`, label: a.name })),
              },
            ]
          : []),
        ...(targets.data.tasks.length
          ? [
              {
                group: t('hours.form.tasks'),
                items: targets.data.tasks.map((x) => ({ value: `task:${x.id}`, label: x.title })),
              },
            ]
          : []),
      ]
    : editing && form.values.target
      ? [
          {
            value: form.values.target,
            label: editing.area?.name ?? editing.task?.title ?? '',
          },
        ]
      : [];

  const minutes = parseDuration(form.values.duration);
  const projectProps = form.getInputProps('projectId');

  return (
    <form {...editor.formProps}>
      <Stack gap="md">
        {editor.banner}
        <DateField label={t('hours.fields.date')} required {...form.getInputProps('date')} size="md" />
        <Select<number>
          label={t('hours.fields.project')}
          placeholder={t('hours.form.projectPlaceholder')}
          required
          searchable
          // On a phone the keyboard would cover the form: the project is focused only on a wider screen.
          data-autofocus={editing || isPhone ? undefined : true}
          size="md"
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={projects.isFetching ? t('hours.form.searching') : t('hours.form.noProjects')}
          data={projectOptions.map((p) => ({ value: p.id, label: p.name }))}
          {...projectProps}
          onChange={(value: number | null) => {
            const option = projectOptions.find((p) => p.id === value) ?? null;
            setPicked(option);
            form.setFieldValue('projectId', value);
            form.setFieldValue('target', null);
          }}
        />
        <Select
          label={t('hours.fields.target')}
          description={t('hours.form.targetHint')}
          placeholder={projectId ? t('hours.form.targetPlaceholder') : t('hours.form.targetFirst')}
          disabled={!projectId}
          clearable
          searchable
          size="md"
          nothingFoundMessage={t('hours.form.noTargets')}
          data={targetData}
          {...form.getInputProps('target')}
        />
        <Select<HourActivity>
          label={t('hours.fields.activity')}
          required
          size="md"
          data={HOUR_ACTIVITIES.map((a) => ({ value: a, label: t(`hours.activities.${a}`) }))}
          {...form.getInputProps('activity')}
        />
        <TimeField
          label={t('hours.fields.startTime')}
          description={t('hours.form.startTimeHint')}
          size="md"
          {...form.getInputProps('startTime')}
        />
        <TextInput
          label={t('hours.fields.duration')}
          description={
            minutes !== null ? t('hours.form.durationIs', { time: formatMinutes(minutes) }) : t('hours.form.durationHint')
          }
          placeholder="7:30"
          required
          inputMode="decimal"
          autoComplete="off"
          size="md"
          {...form.getInputProps('duration')}
        />
        <Textarea label={t('hours.fields.notes')} autosize minRows={2} maxRows={6} size="md" {...form.getInputProps('notes')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" size="md" loading={editor.busy}>
            {editing ? t('common.actions.save') : t('hours.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
