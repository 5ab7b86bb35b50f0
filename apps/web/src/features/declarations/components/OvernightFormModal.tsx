import { type Overnight, type OvernightInput, overnightInputSchema } from '@app/shared/declarations/overnights';
import { NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import type { CloseGuard } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useSaveOvernight } from '../api';
import { FormButtons, FormModal, today, useProjectSearch, useRecordEditor } from './FormParts';

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
  return (
    <FormModal
      editing={editing}
      onClose={onClose}
      title={editing ? t('declarations.overnights.editTitle') : t('declarations.overnights.registerTitle')}
    >
      {(form) => <OvernightForm editing={editing ?? null} forEmployee={forEmployee} onDone={onClose} {...form} />}
    </FormModal>
  );
}

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
  const projectSearch = useProjectSearch(editing?.project);
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
  const editor = useRecordEditor({
    editing,
    empty: { projectId: null, date: today(), nights: 1, location: '', notes: '' } as Values,
    toValues,
    validate: (v) => {
      const e: Record<string, string> = schemaCheck(v);
      if (v.projectId === null) e.projectId = t('validation.required');
      if (!v.date) e.date = t('validation.required');
      if (v.nights === '') e.nights = t('validation.required');
      return e;
    },
    fieldErrors,
    mutateAsync: save.mutateAsync,
    toInput,
    texts: { saved: 'declarations.overnights.saved', created: 'declarations.overnights.created' },
    onDone,
    closeGuard,
  });
  const { form } = editor;

  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        <Select<number>
          label={t('declarations.overnights.project')}
          required
          data-autofocus
          {...projectSearch}
          nothingFoundMessage={t('declarations.form.noProjects')}
          {...form.getInputProps('projectId')}
        />
        <SimpleGrid cols={2}>
          <DateField label={t('declarations.overnights.date')} required {...form.getInputProps('date')} />
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
        <FormButtons
          isNew={!editing}
          createLabel={t('declarations.overnights.register')}
          busy={editor.busy}
          onCancel={onCancel}
          extra={editing ? <HistoryPanel subject="overnight" id={editing.id} /> : null}
        />
      </Stack>
    </form>
  );
}
