import type { FileInfo } from '@app/shared/files/files';
import { type ContractInput, contractInputSchema, type EmployeeContract } from '@app/shared/hr-documents/contracts';
import { hoursToMinutes } from '@app/shared/hr-documents/documents.rules';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { useEditor } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useSaveContract } from '../api';
import { HrFormEnd, type HrFormProps, type HrModalProps, HrRecordModal } from './HrRecordModal';

interface Values {
  startsOn: string;
  endsOn: string;
  hours: string;
  notes: string;
  file: FileInfo | null;
}

/**
 * Hours per week as typed ("38", "32,5", "32.5" or "32:30") in minutes; NaN when it is not a number
 * of hours (the shared schema then says what is wrong).
 */
export function parseWeekHours(text: string): number {
  const s = text.trim();
  const hm = /^(\d{1,2}):([0-5]\d)$/.exec(s);
  if (hm) return Number(hm[1]) * 60 + Number(hm[2]);
  if (/^\d{1,3}([.,]\d{1,2})?$/.test(s)) return hoursToMinutes(Number(s.replace(',', '.')));
  return Number.NaN;
}

/** 2280 -> "38", 1950 -> "32,5" (Dutch) for the form. */
export function weekHoursText(minutes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(minutes / 60);
}

/** Add or change one contract: start, end (empty for permanent), hours per week, the signed file, notes. */
export function ContractModal({ userId, ...modal }: HrModalProps<EmployeeContract>) {
  const { t } = useTranslation();
  const { editing } = modal;
  return (
    <HrRecordModal {...modal} title={editing ? t('hrDocuments.contracts.editTitle') : t('hrDocuments.contracts.addTitle')}>
      {(form) => <ContractForm userId={userId} {...form} />}
    </HrRecordModal>
  );
}

function ContractForm(p: HrFormProps<EmployeeContract> & { userId: number }) {
  const { t, i18n } = useTranslation();
  const save = useSaveContract(p.userId);
  const toValues = (c: EmployeeContract): Values => ({
    startsOn: c.startsOn,
    endsOn: c.endsOn ?? '',
    hours: weekHoursText(c.minutesPerWeek, i18n.language),
    notes: c.notes,
    file: c.file,
  });
  const toInput = (v: Values): Partial<ContractInput> => {
    const minutes = parseWeekHours(v.hours);
    return {
      startsOn: v.startsOn || undefined,
      endsOn: v.endsOn || null,
      // An empty field is "required"; text that is no number of hours a wrong type.
      minutesPerWeek: v.hours.trim() === '' ? undefined : Number.isNaN(minutes) ? (v.hours as unknown as number) : minutes,
      notes: v.notes.trim(),
      fileId: v.file?.id ?? null,
    };
  };
  const errorsOptions = { rename: { minutesPerWeek: 'hours', fileId: 'file' }, prefix: 'hrDocuments.validation' };
  const editor = useEditor<Values, EmployeeContract>({
    initialValues: p.editing ? toValues(p.editing) : { startsOn: '', endsOn: '', hours: '', notes: '', file: null },
    base: p.editing ?? undefined,
    validate: zodValidate(contractInputSchema, t, { from: toInput, ...errorsOptions }),
    fieldErrors: errorsOptions,
    save: (v, base) =>
      save.mutateAsync(
        base
          ? { id: base.id, input: { ...(toInput(v) as ContractInput), version: base.version } }
          : { input: toInput(v) as ContractInput },
      ),
    toValues,
    savedMessage: () => t(p.editing ? 'hrDocuments.contracts.saved' : 'hrDocuments.contracts.added'),
    onSaved: p.onDone,
    reload: p.reload,
    closeGuard: p.closeGuard,
  });
  const { form } = editor;

  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DateField label={t('hrDocuments.fields.startsOn')} required data-autofocus {...form.getInputProps('startsOn')} />
          <DateField
            label={t('hrDocuments.fields.endsOn')}
            description={t('hrDocuments.contracts.endsHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('endsOn')}
          />
          <TextInput
            label={t('hrDocuments.fields.hoursPerWeek')}
            description={t('hrDocuments.contracts.hoursHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            inputMode="decimal"
            {...form.getInputProps('hours')}
          />
        </SimpleGrid>
        <HrFormEnd
          editor={editor}
          fileLabel={t('hrDocuments.fields.contractFile')}
          isNew={!p.editing}
          addLabel={t('hrDocuments.contracts.add')}
          onCancel={p.onCancel}
          history={p.editing ? <HistoryPanel subject="employee_contract" id={p.editing.id} /> : null}
        />
      </Stack>
    </form>
  );
}
