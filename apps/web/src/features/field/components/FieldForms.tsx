import { declarationInputSchema } from '@app/shared/declarations/declarations';
import { centsToInput, formatCents, parseEuros } from '@app/shared/declarations/declarations.rules';
import { overnightInputSchema } from '@app/shared/declarations/overnights';
import { bookedHourInputSchema, HOUR_ACTIVITIES, type HourActivity } from '@app/shared/hours/hours';
import { formatMinutes, parseDuration } from '@app/shared/hours/schedules.rules';
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { isApiError } from '../../../lib/api';
import { errorMessage, translateFieldErrors } from '../../../lib/errors';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useOfflineState } from '../../../lib/offline';
import { useDeclarationOptions } from '../../declarations/api';
import { useHourProjects } from '../../hours/api';
import type { OutboxEntry, OutboxKind, OutboxWrite } from '../outbox';
import { fieldOutbox } from '../runtime';

/** Today in the phone's own time zone, yyyy-mm-dd. */
export const localToday = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** What a form is open for: a new entry of a kind, or the correction of a refused one. */
export type FieldFormTarget = { kind: OutboxKind; entry?: OutboxEntry } | null;

const TITLES: Record<OutboxKind, string> = {
  hours: 'field.forms.hoursTitle',
  overnight: 'field.forms.overnightTitle',
  declaration: 'field.forms.declarationTitle',
};

/** The three forms of the field app in one modal (full screen on a phone). */
export function FieldFormModal({ target, onClose }: { target: FieldFormTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      fullScreen={!!phone}
      centered
      size="lg"
      title={target ? t(target.entry ? 'field.forms.correctTitle' : TITLES[target.kind]) : ''}
    >
      {target?.kind === 'hours' ? <HoursForm entry={target.entry} onDone={onClose} /> : null}
      {target?.kind === 'overnight' ? <OvernightForm entry={target.entry} onDone={onClose} /> : null}
      {target?.kind === 'declaration' ? <DeclarationForm entry={target.entry} onDone={onClose} /> : null}
    </Modal>
  );
}

/** The projects one may book on: the first 50 (kept for offline use), filtered on the phone. */
function useProjectChoices() {
  const projects = useHourProjects('');
  return (projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
}

/**
 * Submits through the outbox: online at once (a refusal comes back onto the form), offline (or
 * without an answer) kept to be sent later. The toast says which.
 */
function useFieldSubmit<V>(o: {
  form: { setErrors: (e: FormErrors) => void };
  entry: OutboxEntry | undefined;
  rename: Record<string, string>;
  prefix: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { online } = useOfflineState();
  const [busy, setBusy] = useState(false);
  const submit = async (
    write: OutboxWrite,
    labels: Record<string, string>,
    sentText: string,
    photo?: { name: string; type: string; blob: Blob } | null,
  ) => {
    setBusy(true);
    try {
      const result = await fieldOutbox.submit(write, { labels, photo: photo ?? null, replaces: o.entry?.id }, online);
      notify.success(result === 'sent' ? sentText : t('field.forms.queued'));
      o.onDone();
    } catch (err) {
      if (isApiError(err) && err.fieldErrors) {
        o.form.setErrors(translateFieldErrors(t, err.fieldErrors, { rename: o.rename, prefix: o.prefix }));
      }
      notify.error(errorMessage(t, err), { id: 'field-form-error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit } as { busy: boolean; submit: typeof submit } & { _v?: V };
}

function Buttons({ busy, onCancel, label }: { busy: boolean; onCancel: () => void; label: string }) {
  const { t } = useTranslation();
  const { online } = useOfflineState();
  return (
    <Stack gap="xs">
      {online ? null : (
        <Text size="sm" c="dimmed">
          {t('field.forms.offlineHint')}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" size="md" onClick={onCancel}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" size="md" loading={busy}>
          {label}
        </Button>
      </Group>
    </Stack>
  );
}

// ---- hours

interface HoursValues {
  date: string;
  projectId: string | null;
  activity: HourActivity | null;
  duration: string;
  notes: string;
}

function HoursForm({ entry, onDone }: { entry: OutboxEntry | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const projects = useProjectChoices();
  const prior = entry?.kind === 'hours' ? entry.input : undefined;
  const toInput = (v: HoursValues) => ({
    date: v.date,
    projectId: v.projectId ? Number(v.projectId) : undefined,
    activity: v.activity ?? undefined,
    minutes: parseDuration(v.duration) ?? undefined,
    notes: v.notes.trim(),
  });
  const rename = { minutes: 'duration' };
  const form = useForm<HoursValues>({
    initialValues: {
      date: prior?.date ?? localToday(),
      projectId: prior ? String(prior.projectId) : null,
      activity: (prior?.activity as HourActivity | undefined) ?? null,
      duration: prior ? formatMinutes(prior.minutes) : '',
      notes: prior?.notes ?? '',
    },
    validate: (v) => {
      const errors = zodValidate(bookedHourInputSchema, t, { from: toInput, rename, prefix: 'hours.validation' })(v);
      if (v.duration.trim() && parseDuration(v.duration) === null) errors.duration = t('hours.validation.duration');
      return errors;
    },
  });
  const { busy, submit } = useFieldSubmit<HoursValues>({ form, entry, rename, prefix: 'hours.validation', onDone });
  const minutes = parseDuration(form.values.duration);
  const projectName = (id: string | null) => projects.find((p) => p.value === id)?.label ?? entry?.labels.project ?? '';
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const input = toInput(v) as OutboxWrite['input'] & { minutes: number };
        const project = projectName(v.projectId);
        void submit(
          { kind: 'hours', input } as OutboxWrite,
          { project },
          t('field.forms.hoursSent', { time: formatMinutes(input.minutes), project }),
        );
      })}
    >
      <Stack gap="md">
        <DateField label={t('hours.fields.date')} required size="md" {...form.getInputProps('date')} />
        <ProjectSelect projects={projects} entry={entry} required {...form.getInputProps('projectId')} />
        <Select<HourActivity>
          label={t('hours.fields.activity')}
          required
          size="md"
          data={HOUR_ACTIVITIES.map((a) => ({ value: a, label: t(`hours.activities.${a}`) }))}
          {...form.getInputProps('activity')}
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
        <Textarea label={t('hours.fields.notes')} autosize minRows={2} maxRows={5} size="md" {...form.getInputProps('notes')} />
        <Buttons busy={busy} onCancel={onDone} label={t('field.forms.hoursSubmit')} />
      </Stack>
    </form>
  );
}

/** A project select over the cached list; a correction keeps its project even when the list is not there. */
function ProjectSelect({
  projects,
  entry,
  required,
  label,
  ...input
}: {
  projects: { value: string; label: string }[];
  entry: OutboxEntry | undefined;
  required?: boolean;
  label?: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  const data = [...projects];
  const current = input.value;
  if (current && !data.some((p) => p.value === current))
    data.unshift({ value: current, label: entry?.labels.project ?? current });
  return (
    <Select
      label={label ?? t('hours.fields.project')}
      placeholder={t('hours.form.projectPlaceholder')}
      required={required}
      clearable={!required}
      searchable
      size="md"
      nothingFoundMessage={t('hours.form.noProjects')}
      data={data}
      {...input}
    />
  );
}

// ---- overnight stay

interface OvernightValues {
  date: string;
  projectId: string | null;
  nights: string;
  location: string;
  notes: string;
}

function OvernightForm({ entry, onDone }: { entry: OutboxEntry | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const projects = useProjectChoices();
  const prior = entry?.kind === 'overnight' ? entry.input : undefined;
  const toInput = (v: OvernightValues) => ({
    date: v.date,
    projectId: v.projectId ? Number(v.projectId) : undefined,
    nights: /^\d+$/.test(v.nights.trim()) ? Number(v.nights.trim()) : undefined,
    location: v.location.trim(),
    notes: v.notes.trim(),
  });
  const rename = {};
  const form = useForm<OvernightValues>({
    initialValues: {
      date: prior?.date ?? localToday(),
      projectId: prior ? String(prior.projectId) : null,
      nights: prior ? String(prior.nights) : '1',
      location: prior?.location ?? '',
      notes: prior?.notes ?? '',
    },
    validate: zodValidate(overnightInputSchema, t, { from: toInput, prefix: 'declarations.overnights.validation' }),
  });
  const { busy, submit } = useFieldSubmit<OvernightValues>({
    form,
    entry,
    rename,
    prefix: 'declarations.overnights.validation',
    onDone,
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const project = projects.find((p) => p.value === v.projectId)?.label ?? entry?.labels.project ?? '';
        void submit(
          { kind: 'overnight', input: toInput(v) } as OutboxWrite,
          { project },
          t('field.forms.overnightSent', { location: v.location.trim() }),
        );
      })}
    >
      <Stack gap="md">
        <ProjectSelect projects={projects} entry={entry} required {...form.getInputProps('projectId')} />
        <DateField label={t('declarations.overnights.date')} required size="md" {...form.getInputProps('date')} />
        <TextInput
          label={t('declarations.overnights.nights')}
          required
          inputMode="numeric"
          size="md"
          {...form.getInputProps('nights')}
        />
        <TextInput
          label={t('declarations.overnights.location')}
          description={t('declarations.overnights.locationHint')}
          required
          size="md"
          {...form.getInputProps('location')}
        />
        <Textarea
          label={t('declarations.overnights.notes')}
          autosize
          minRows={2}
          maxRows={5}
          size="md"
          {...form.getInputProps('notes')}
        />
        <Buttons busy={busy} onCancel={onDone} label={t('field.forms.overnightSubmit')} />
      </Stack>
    </form>
  );
}

// ---- declaration with a photo

interface DeclarationValues {
  date: string;
  projectId: string | null;
  categoryId: string | null;
  paymentTypeId: string | null;
  description: string;
  amount: string;
  photo: File | null;
}

function DeclarationForm({ entry, onDone }: { entry: OutboxEntry | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const projects = useProjectChoices();
  const categories = useDeclarationOptions('categories');
  const paymentTypes = useDeclarationOptions('payment-types');
  const photoId = useId();
  const prior = entry?.kind === 'declaration' ? entry.input : undefined;
  const keptPhoto = entry?.photo ?? null;
  const toInput = (v: DeclarationValues) => ({
    date: v.date,
    projectId: v.projectId ? Number(v.projectId) : null,
    categoryId: v.categoryId ? Number(v.categoryId) : undefined,
    paymentTypeId: v.paymentTypeId ? Number(v.paymentTypeId) : undefined,
    description: v.description.trim(),
    amountCents: parseEuros(v.amount) ?? undefined,
  });
  const rename = { amountCents: 'amount', receiptFileId: 'photo', receipt: 'photo' };
  const schema = declarationInputSchema.omit({ receiptFileId: true });
  const form = useForm<DeclarationValues>({
    initialValues: {
      date: prior?.date ?? localToday(),
      projectId: prior?.projectId ? String(prior.projectId) : null,
      categoryId: prior ? String(prior.categoryId) : null,
      paymentTypeId: prior ? String(prior.paymentTypeId) : null,
      description: prior?.description ?? '',
      amount: prior ? centsToInput(prior.amountCents) : '',
      photo: null,
    },
    validate: (v) => {
      const errors = zodValidate(schema, t, { from: toInput, rename, prefix: 'declarations.validation' })(v);
      if (v.amount.trim() && parseEuros(v.amount) === null) errors.amount = t('declarations.validation.amount_invalid');
      if (!v.photo && !keptPhoto) errors.photo = t('field.forms.photoRequired');
      return errors;
    },
  });
  const { busy, submit } = useFieldSubmit<DeclarationValues>({ form, entry, rename, prefix: 'declarations.validation', onDone });
  const options = (list: { id: number; name: string }[] | undefined, kept: string | undefined, id: string | null) => {
    const data = (list ?? []).map((o) => ({ value: String(o.id), label: o.name }));
    if (id && !data.some((o) => o.value === id)) data.unshift({ value: id, label: kept ?? id });
    return data;
  };
  const photo = form.values.photo;
  const photoError = form.errors.photo;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const input = toInput(v) as { amountCents: number; description: string };
        const labels = {
          project: projects.find((p) => p.value === v.projectId)?.label ?? entry?.labels.project ?? '',
          category: categories.data?.find((c) => String(c.id) === v.categoryId)?.name ?? entry?.labels.category ?? '',
        };
        const taken = v.photo ? { name: v.photo.name, type: v.photo.type || 'image/jpeg', blob: v.photo } : null;
        void submit(
          { kind: 'declaration', input } as OutboxWrite,
          labels,
          t('field.forms.declarationSent', { amount: formatCents(input.amountCents), description: input.description }),
          taken,
        );
      })}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text component="label" htmlFor={photoId} size="md" fw={500}>
            {t('field.forms.photo')}{' '}
            <Text span c="red" aria-hidden>
              *
            </Text>
          </Text>
          <Text size="sm" c="dimmed" id={`${photoId}-hint`}>
            {t('field.forms.photoHint')}
          </Text>
          <input
            id={photoId}
            type="file"
            accept="image/*"
            capture="environment"
            aria-describedby={`${photoId}-hint`}
            aria-invalid={photoError ? true : undefined}
            onChange={(e) => {
              form.setFieldValue('photo', e.currentTarget.files?.[0] ?? null);
              form.clearFieldError('photo');
            }}
          />
          {photo || keptPhoto ? (
            <Text size="sm">{t('field.forms.photoChosen', { name: photo?.name ?? keptPhoto?.name })}</Text>
          ) : null}
          {photoError ? (
            <Text size="sm" c="red" role="alert">
              {photoError}
            </Text>
          ) : null}
        </Stack>
        <TextInput
          label={t('declarations.form.amount')}
          description={t('declarations.form.amountHint')}
          required
          inputMode="decimal"
          size="md"
          {...form.getInputProps('amount')}
        />
        <TextInput label={t('declarations.form.description')} required size="md" {...form.getInputProps('description')} />
        <Select
          label={t('declarations.form.category')}
          required
          size="md"
          data={options(categories.data, entry?.labels.category, form.values.categoryId)}
          nothingFoundMessage={t('declarations.form.noOptions')}
          {...form.getInputProps('categoryId')}
        />
        <Select
          label={t('declarations.form.paymentType')}
          required
          size="md"
          data={options(paymentTypes.data, undefined, form.values.paymentTypeId)}
          nothingFoundMessage={t('declarations.form.noOptions')}
          {...form.getInputProps('paymentTypeId')}
        />
        <DateField label={t('declarations.form.date')} required size="md" {...form.getInputProps('date')} />
        <ProjectSelect
          projects={projects}
          entry={entry}
          label={t('declarations.form.project')}
          {...form.getInputProps('projectId')}
        />
        <Buttons busy={busy} onCancel={onDone} label={t('field.forms.declarationSubmit')} />
      </Stack>
    </form>
  );
}
