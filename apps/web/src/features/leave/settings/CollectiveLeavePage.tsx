import { formatMinutes, parseDuration } from '@app/shared/hours/schedules.rules';
import { type CollectiveLeave, collectiveLeaveInputSchema, collectiveLeaveUpdateSchema } from '@app/shared/leave/leave';
import type { PersonRef } from '@app/shared/users/people';
import {
  Alert,
  Button,
  Group,
  Input,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarCheck, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { DateField } from '../../../components/dates/DateField';
import { FormSection } from '../../../components/FormSection';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useShownName } from '../../../lib/shown-name';
import { useEmployees } from '../../users/employees-api';
import { useCollectiveLeave, useDeleteCollectiveLeave, useLeaveTypes, useSaveCollectiveLeave } from './api';
import { Swatch } from './LeaveTypesPage';

/** settings/hours/collective-leaves/new: a new collective leave, booked for everyone it is for when saved. */
export function CollectiveLeaveCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('leaveSettings.collective.createTitle')} description={t('leaveSettings.collective.createText')} />
      <CollectiveLeaveEditor />
    </>
  );
}

/** settings/hours/collective-leaves/:collectiveLeaveId: change it (the lines follow) or remove it (they go). */
export function CollectiveLeavePage() {
  const { t } = useTranslation();
  const id = Number(useParams().collectiveLeaveId);
  const record = useCollectiveLeave(id);
  if (record.isLoading) {
    return (
      <Stack>
        <Skeleton h={36} w={280} />
        <Skeleton h={320} />
      </Stack>
    );
  }
  if (record.error || !record.data) return <ErrorState error={record.error} onRetry={() => void record.refetch()} />;
  return (
    <>
      <PageHeader
        title={record.data.name}
        description={t('leaveSettings.collective.editText')}
        actions={<HistoryPanel subject="collective_leave" id={record.data.id} />}
      />
      <CollectiveLeaveEditor key={record.data.id} record={record.data} reload={async () => (await record.refetch()).data} />
    </>
  );
}

interface Values {
  name: string;
  leaveTypeId: string | null;
  startsOn: string;
  endsOn: string;
  perDay: string;
  appliesTo: 'all' | 'selected';
  employeeIds: string[];
  exceptionIds: string[];
}

const toValues = (c?: CollectiveLeave): Values => ({
  name: c?.name ?? '',
  leaveTypeId: c ? String(c.leaveType.id) : null,
  startsOn: c?.startsOn ?? '',
  endsOn: c?.endsOn ?? '',
  perDay: c?.minutesPerDay ? formatMinutes(c.minutesPerDay) : '',
  appliesTo: c?.appliesTo ?? 'all',
  employeeIds: (c?.employees ?? []).map((p) => String(p.id)),
  exceptionIds: (c?.exceptions ?? []).map((p) => String(p.id)),
});

const toFields = (v: Values) => ({
  name: v.name.trim(),
  leaveTypeId: v.leaveTypeId ? Number(v.leaveTypeId) : undefined,
  startsOn: v.startsOn,
  endsOn: v.endsOn,
  minutesPerDay: v.perDay.trim() ? (parseDuration(v.perDay) ?? undefined) : null,
  appliesTo: v.appliesTo,
  employeeIds: v.appliesTo === 'selected' ? v.employeeIds.map(Number) : [],
  exceptionIds: v.appliesTo === 'all' ? v.exceptionIds.map(Number) : [],
});

const FIELD_ERRORS = { rename: { minutesPerDay: 'perDay' }, prefix: 'leaveSettings.validation' };

function bookedText(t: (k: string, o?: Record<string, unknown>) => string, c: CollectiveLeave): string {
  return t('leaveSettings.collective.bookedFor', { count: c.booked.people, time: formatMinutes(c.booked.minutes) });
}

function CollectiveLeaveEditor({
  record,
  reload,
}: {
  record?: CollectiveLeave;
  reload?: () => Promise<CollectiveLeave | undefined>;
}) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const save = useSaveCollectiveLeave();
  const remove = useDeleteCollectiveLeave();
  const types = useLeaveTypes(true);
  const shown = useShownName();

  const validate = (v: Values) => {
    const errors = zodValidate(record ? collectiveLeaveUpdateSchema : collectiveLeaveInputSchema, t, {
      from: (x: Values) => ({ ...toFields(x), ...(record ? { version: record.version } : {}) }),
      ...FIELD_ERRORS,
    })(v);
    if (v.perDay.trim() && parseDuration(v.perDay) === null) errors.perDay = t('leaveSettings.validation.duration');
    // The schema's cross-field checks run only once every field passes: say them at once too.
    if (v.startsOn && v.endsOn && v.endsOn < v.startsOn) errors.endsOn ??= t('validation.end_before_start');
    if (v.appliesTo === 'selected' && !v.employeeIds.length) errors.employeeIds ??= t('validation.required');
    return errors;
  };

  const editor = useEditor<Values, CollectiveLeave>({
    initialValues: toValues(record),
    base: record,
    validate,
    fieldErrors: FIELD_ERRORS,
    toValues,
    reload,
    save: (v, base) => {
      const f = toFields(v) as ReturnType<typeof toFields> & { leaveTypeId: number; minutesPerDay: number | null };
      return base
        ? save.mutateAsync({ id: base.id, input: { ...f, version: base.version } })
        : save.mutateAsync({ id: null, input: f });
    },
    savedMessage: (c) =>
      `${t(record ? 'leaveSettings.collective.saved' : 'leaveSettings.collective.created', { name: c.name })} ${bookedText(t, c)}`,
    onSaved: (c) => {
      if (!record) void navigate(`/settings/hours/collective-leaves/${c.id}`, { replace: true });
    },
  });
  const { form } = editor;
  const v = form.values;
  const current = editor.base;
  const perDay = parseDuration(v.perDay);

  const handleDelete = async () => {
    if (!current) return;
    const ok = await confirmAction({
      title: t('leaveSettings.collective.deleteTitle', { name: current.name }),
      message: t('leaveSettings.collective.deleteText', { count: current.booked.people }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        await remove.mutateAsync(current);
        notify.success(t('leaveSettings.collective.deleted', { name: current.name }));
        editor.leave();
        void navigate('/settings/hours/collective-leaves', { replace: true });
      },
      { onStale: editor.markStale },
    );
  };
  const deleteDenied = current ? deniedReason(t, current.abilities, 'canDelete') : null;
  const editDenied = current ? deniedReason(t, current.abilities, 'canEdit') : null;

  const typeOptions = (types.data ?? [])
    .filter((lt) => lt.active || String(lt.id) === v.leaveTypeId)
    .map((lt) => ({ value: String(lt.id), label: `${shown(lt)} (${lt.code})` }));
  if (record && !typeOptions.some((o) => o.value === String(record.leaveType.id))) {
    typeOptions.unshift({ value: String(record.leaveType.id), label: `${record.leaveType.name} (${record.leaveType.code})` });
  }
  const pickedType =
    types.data?.find((lt) => String(lt.id) === v.leaveTypeId) ??
    (record && String(record.leaveType.id) === v.leaveTypeId ? record.leaveType : null);

  return (
    <form {...editor.formProps}>
      <Stack gap="lg" maw={860}>
        {editor.banner}
        {current ? (
          <Alert variant="light" color="teal" icon={<IconCalendarCheck size={18} />} data-testid="collective-booked">
            {bookedText(t, current)}
          </Alert>
        ) : null}
        {editDenied ? (
          <Alert variant="light" color="gray">
            {editDenied}
          </Alert>
        ) : null}
        <FormSection title={t('leaveSettings.collective.whatSection')}>
          <TextInput
            label={t('leaveSettings.collective.name')}
            required
            maxLength={150}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Select
            label={t('leaveSettings.collective.type')}
            required
            searchable
            data={typeOptions}
            leftSection={pickedType ? <Swatch color={pickedType.color} size={12} /> : undefined}
            nothingFoundMessage={t('leaveSettings.collective.noTypes')}
            {...form.getInputProps('leaveTypeId')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateField label={t('leaveSettings.collective.from')} required {...form.getInputProps('startsOn')} />
            <DateField label={t('leaveSettings.collective.till')} required {...form.getInputProps('endsOn')} />
          </SimpleGrid>
          <TextInput
            maw={{ sm: 360 }}
            label={t('leaveSettings.collective.perDayLabel')}
            description={
              perDay !== null
                ? t('leaveSettings.collective.perDayIs', { time: formatMinutes(perDay) })
                : t('leaveSettings.collective.perDayHint')
            }
            placeholder={t('leaveSettings.collective.bySchedule')}
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps('perDay')}
          />
        </FormSection>
        <FormSection title={t('leaveSettings.collective.whoSection')} description={t('leaveSettings.collective.whoText')}>
          <Input.Wrapper label={t('leaveSettings.collective.appliesTo')}>
            <SegmentedControl
              aria-label={t('leaveSettings.collective.appliesTo')}
              fullWidth
              mt={4}
              value={v.appliesTo}
              onChange={(a) => form.setFieldValue('appliesTo', a as Values['appliesTo'])}
              data={[
                { value: 'all', label: t('leaveSettings.collective.appliesAll') },
                { value: 'selected', label: t('leaveSettings.collective.appliesSelected') },
              ]}
            />
          </Input.Wrapper>
          {v.appliesTo === 'selected' ? (
            <EmployeePicker
              label={t('leaveSettings.collective.employees')}
              required
              known={record?.employees ?? []}
              {...form.getInputProps('employeeIds')}
            />
          ) : (
            <EmployeePicker
              label={t('leaveSettings.collective.exceptions')}
              description={t('leaveSettings.collective.exceptionsHint')}
              known={record?.exceptions ?? []}
              {...form.getInputProps('exceptionIds')}
            />
          )}
        </FormSection>
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          {current ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => (deleteDenied ? notify.info(deleteDenied) : void handleDelete())}
              aria-disabled={deleteDenied ? true : undefined}
              data-disabled={deleteDenied ? true : undefined}
            >
              {t('leaveSettings.collective.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={() => void navigate('/settings/hours/collective-leaves')}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" loading={editor.busy} disabled={!!editDenied}>
              {current ? t('leaveSettings.collective.saveAndBook') : t('leaveSettings.collective.createAndBook')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Employees searched on the server (active ones, by name); the picked ones keep their names. */
function EmployeePicker({
  label,
  description,
  required,
  known,
  value = [],
  onChange,
  error,
  onBlur,
  onFocus,
}: {
  label: string;
  description?: string;
  required?: boolean;
  known: PersonRef[];
  value?: string[];
  onChange?: (v: string[]) => void;
  error?: React.ReactNode;
  onBlur?: () => void;
  onFocus?: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const employees = useEmployees({ page: 1, perPage: 100, tab: 'active', sort: 'name', q: debounced || undefined });
  const names = useRef(new Map<string, string>(known.map((p) => [String(p.id), p.name])));
  for (const e of employees.data?.data ?? []) names.current.set(String(e.id), e.name);
  const data = [...new Set([...value, ...(employees.data?.data ?? []).map((e) => String(e.id))])].map((id) => ({
    value: id,
    label: names.current.get(id) ?? `#${id}`,
  }));
  return (
    <MultiSelect
      label={label}
      description={description}
      required={required}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={
        employees.isFetching ? t('leaveSettings.collective.searching') : t('leaveSettings.collective.noEmployees')
      }
      placeholder={value.length ? undefined : t('leaveSettings.collective.employeePlaceholder')}
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      onBlur={onBlur}
      onFocus={onFocus}
      hidePickedOptions
    />
  );
}
