import { type Declaration, type DeclarationInput, declarationInputSchema } from '@app/shared/declarations/declarations';
import { centsToInput, parseEuros } from '@app/shared/declarations/declarations.rules';
import type { FileInfo } from '@app/shared/files/files';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { FilesField } from '../../../components/files/FilesField';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import type { CloseGuard } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useShownName } from '../../../lib/shown-name';
import { useEmployeeOptions } from '../../projects/employees-api';
import { useDeclarationOptions, useSaveDeclaration } from '../api';
import { FormButtons, FormModal, today, useProjectSearch, useRecordEditor, withCurrent } from './FormParts';

const RECEIPT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';

interface Values {
  employeeId: number | null;
  date: string;
  projectId: number | null;
  categoryId: number | null;
  paymentTypeId: number | null;
  description: string;
  amount: string;
  receipt: FileInfo[];
}

interface Props {
  /** null: a new declaration; undefined: closed. */
  editing: Declaration | null | undefined;
  onClose: () => void;
  /** A new one is for this person (their page); null: one's own, or chosen in the form when `chooseEmployee`. */
  forEmployee?: number | null;
  /** Someone with the hours rights may file for another person. */
  chooseEmployee?: boolean;
  onSaved?: (d: Declaration) => void;
}

/** File or change a declaration: date, project, category, payment type, description, amount in euros and the receipt. */
export function DeclarationFormModal({ editing, onClose, forEmployee = null, chooseEmployee = false, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal
      editing={editing}
      onClose={onClose}
      size="lg"
      title={editing ? t('declarations.form.editTitle') : t('declarations.form.createTitle')}
    >
      {(form) => (
        <DeclarationForm
          editing={editing ?? null}
          forEmployee={forEmployee}
          chooseEmployee={chooseEmployee && !editing && forEmployee === null}
          onDone={(d) => {
            onSaved?.(d);
            onClose();
          }}
          {...form}
        />
      )}
    </FormModal>
  );
}

const toValues = (d: Declaration): Values => ({
  employeeId: d.employee.id,
  date: d.date,
  projectId: d.project?.id ?? null,
  categoryId: d.category.id,
  paymentTypeId: d.paymentType.id,
  description: d.description,
  amount: centsToInput(d.amountCents),
  receipt: [d.receipt],
});

interface FormProps {
  editing: Declaration | null;
  forEmployee: number | null;
  chooseEmployee: boolean;
  onDone: (d: Declaration) => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
}

function DeclarationForm({ editing, forEmployee, chooseEmployee, onDone, onCancel, closeGuard }: FormProps) {
  const { t } = useTranslation();
  const save = useSaveDeclaration();
  const categories = useDeclarationOptions('categories');
  const paymentTypes = useDeclarationOptions('payment-types');
  // The settings lists carry both names; the reader sees theirs.
  const shown = useShownName();
  const employees = useEmployeeOptions();
  const projectSearch = useProjectSearch(editing?.project ?? undefined);

  const toInput = (v: Values): DeclarationInput => ({
    ...(v.employeeId !== null && !editing ? { employeeId: v.employeeId } : {}),
    date: v.date,
    projectId: v.projectId,
    categoryId: v.categoryId ?? 0,
    paymentTypeId: v.paymentTypeId ?? 0,
    description: v.description.trim(),
    amountCents: parseEuros(v.amount) ?? 1,
    receiptFileId: v.receipt[0]?.id ?? 0,
  });
  const fieldErrors = { rename: { amountCents: 'amount', receiptFileId: 'receipt' }, prefix: 'declarations.validation' };
  const schemaCheck = zodValidate<Values>(declarationInputSchema, t, { from: toInput, ...fieldErrors });
  const required = t('validation.required');

  const editor = useRecordEditor({
    editing,
    empty: {
      employeeId: forEmployee,
      date: today(),
      projectId: null,
      categoryId: null,
      paymentTypeId: null,
      description: '',
      amount: '',
      receipt: [],
    } as Values,
    toValues,
    validate: (v) => {
      const e: Record<string, string> = schemaCheck(v);
      if (!v.date) e.date = required;
      if (v.categoryId === null) e.categoryId = required;
      if (v.paymentTypeId === null) e.paymentTypeId = required;
      if (v.amount.trim() === '') e.amount = required;
      else if (parseEuros(v.amount) === null) e.amount = t('declarations.validation.amount_invalid');
      if (v.receipt.length === 0) e.receipt = t('declarations.validation.receipt_required');
      return e;
    },
    fieldErrors,
    mutateAsync: save.mutateAsync,
    toInput,
    texts: { saved: 'declarations.form.saved', created: 'declarations.form.created' },
    onDone,
    closeGuard,
  });
  const { form } = editor;

  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        {chooseEmployee ? (
          <Select<number>
            label={t('declarations.form.employee')}
            description={t('declarations.form.employeeHint')}
            data={(employees.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
            searchable
            clearable
            {...form.getInputProps('employeeId')}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField label={t('declarations.form.date')} required data-autofocus {...form.getInputProps('date')} />
          <TextInput
            label={t('declarations.form.amount')}
            description={t('declarations.form.amountHint')}
            required
            inputMode="decimal"
            autoComplete="off"
            leftSection="€"
            {...form.getInputProps('amount')}
          />
        </SimpleGrid>
        <TextInput label={t('declarations.form.description')} required maxLength={500} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select<number>
            label={t('declarations.form.category')}
            required
            data={withCurrent(
              categories.data?.map((o) => ({ id: o.id, name: shown(o) })),
              editing?.category,
            )}
            searchable
            nothingFoundMessage={t('declarations.form.noOptions')}
            {...form.getInputProps('categoryId')}
          />
          <Select<number>
            label={t('declarations.form.paymentType')}
            required
            data={withCurrent(
              paymentTypes.data?.map((o) => ({ id: o.id, name: shown(o) })),
              editing?.paymentType,
            )}
            searchable
            nothingFoundMessage={t('declarations.form.noOptions')}
            {...form.getInputProps('paymentTypeId')}
          />
        </SimpleGrid>
        <Select<number>
          label={t('declarations.form.project')}
          placeholder={t('declarations.form.projectPlaceholder')}
          {...projectSearch}
          clearable
          nothingFoundMessage={t('declarations.form.noProjects')}
          {...form.getInputProps('projectId')}
        />
        <FilesField
          id="field-receipt"
          purpose="receipt"
          label={t('declarations.form.receipt')}
          required
          value={form.values.receipt}
          onChange={(files) => {
            form.setFieldValue('receipt', files);
            if (files.length > 0) form.clearFieldError('receipt');
          }}
          error={form.errors.receipt}
          accept={RECEIPT_ACCEPT}
          limit={1}
          merge={(stored) => stored.slice(-1)}
          texts={{
            hint: t('declarations.form.receiptHint'),
            empty: t('declarations.form.receiptEmpty'),
            removeFor: (name) => t('declarations.form.receiptRemove', { name }),
            upload: form.values.receipt.length ? t('declarations.form.receiptReplace') : t('declarations.form.receiptUpload'),
          }}
          rejectionKeys={{
            type_not_allowed: 'declarations.upload.type_not_allowed',
            too_large: 'declarations.upload.too_large',
            invalid_character: 'declarations.upload.invalid_character',
          }}
        />
        <FormButtons
          isNew={!editing}
          createLabel={t('declarations.form.create')}
          busy={editor.busy}
          onCancel={onCancel}
          extra={editing ? <HistoryPanel subject="declaration" id={editing.id} /> : null}
        />
      </Stack>
    </form>
  );
}
