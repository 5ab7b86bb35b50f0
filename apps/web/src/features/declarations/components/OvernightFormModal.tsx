import { type Overnight, type OvernightInput, overnightInputSchema } from '@app/shared/people/overnights';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useProjectOptions, useSaveOvernight } from '../api';
import { PHONE_QUERY } from './DeclarationFormModal';

interface Values {
  projectId: number | null;
  date: string;
  nights: number | string;
  location: string;
  notes: string;
}

interface Props {
  /** null: a new stay; undefined: closed. */
  editing: Overnight | null | undefined;
  onClose: () => void;
  /** A new stay is for this person (null: one's own). */
  forEmployee: number | null;
}

/** Register or change an overnight stay: project, first night, nights, location, notes. Full screen on a phone. */
export function OvernightFormModal({ editing, onClose, forEmployee }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const { close, closeGuard } = useGuardedClose(onClose);
  const opened = editing !== undefined;
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      fullScreen={phone}
      title={editing ? t('declarations.overnights.editTitle') : t('declarations.overnights.registerTitle')}
    >
      {opened ? (
        <OvernightForm
          key={editing?.id ?? 'new'}
          editing={editing}
          forEmployee={forEmployee}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
        />
      ) : null}
    </Modal>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const toValues = (o: Overnight): Values => ({
  projectId: o.project.id,
  date: o.date,
  nights: o.nights,
  location: o.location,
  notes: o.notes,
});

interface FormProps {
  editing: Overnight | null;
  forEmployee: number | null;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
}

function OvernightForm({ editing, forEmployee, onDone, onCancel, closeGuard }: FormProps) {
  const { t } = useTranslation();
  const save = useSaveOvernight();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const projects = useProjectOptions(debounced);
  const toInput = (v: Values): OvernightInput => ({
    ...(forEmployee !== null && !editing ? { employeeId: forEmployee } : {}),
    projectId: v.projectId ?? 0,
    date: v.date,
    nights: typeof v.nights === 'number' ? v.nights : Number.NaN,
    location: v.location.trim(),
    notes: v.notes.trim(),
  });
  const fieldErrors = { prefix: 'declarations.overnights.validation' };
  const schemaCheck = zodValidate<Values>(overnightInputSchema, t, { from: toInput, ...fieldErrors });
  const editor = useEditor<Values, Overnight>({
    initialValues: editing ? toValues(editing) : { projectId: null, date: today(), nights: 1, location: '', notes: '' },
    base: editing ?? undefined,
    validate: (v) => {
      const e: Record<string, string> = schemaCheck(v);
      if (v.projectId === null) e.projectId = t('validation.required');
      if (!v.date) e.date = t('validation.required');
      if (v.nights === '') e.nights = t('validation.required');
      return e;
    },
    fieldErrors,
    save: (v, base) => {
      const input = toInput(v);
      if (!base) return save.mutateAsync({ id: null, input });
      const { employeeId: _, ...rest } = input;
      return save.mutateAsync({ id: base.id, input: { ...rest, version: base.version } });
    },
    toValues,
    savedMessage: () => t(editing ? 'declarations.overnights.saved' : 'declarations.overnights.created'),
    onSaved: onDone,
    closeGuard,
  });
  const { form } = editor;
  const options = (projects.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (editing && !options.some((o) => o.value === editing.project.id)) {
    options.unshift({ value: editing.project.id, label: editing.project.name });
  }

  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        <Select<number>
          label={t('declarations.overnights.project')}
          required
          data-autofocus
          data={options}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          nothingFoundMessage={t('declarations.form.noProjects')}
          {...form.getInputProps('projectId')}
        />
        <SimpleGrid cols={2}>
          <TextInput type="date" label={t('declarations.overnights.date')} required {...form.getInputProps('date')} />
          <NumberInput
            label={t('declarations.overnights.nights')}
            required
            min={1}
            max={60}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('nights')}
          />
        </SimpleGrid>
        <TextInput
          label={t('declarations.overnights.location')}
          description={t('declarations.overnights.locationHint')}
          required
          maxLength={200}
          {...form.getInputProps('location')}
        />
        <Textarea
          label={t('declarations.overnights.notes')}
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {editing ? t('common.actions.save') : t('declarations.overnights.register')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
