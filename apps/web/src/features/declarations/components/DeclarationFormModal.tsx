import type { FileInfo } from '@app/shared/files/files';
import { type Declaration, type DeclarationInput, declarationInputSchema } from '@app/shared/people/declarations';
import { centsToInput, parseEuros } from '@app/shared/people/declarations.rules';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilesField } from '../../../components/files/FilesField';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useEmployeeOptions } from '../../projects/employees-api';
import { useDeclarationOptions, useProjectOptions, useSaveDeclaration } from '../api';

/** Phones get the form full screen. */
export const PHONE_QUERY = '(max-width: 48em)';
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
  const opened = editing !== undefined;
  const phone = useMediaQuery(PHONE_QUERY);
  const { close, closeGuard } = useGuardedClose(onClose);
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      size="lg"
      fullScreen={phone}
      title={editing ? t('declarations.form.editTitle') : t('declarations.form.createTitle')}
    >
      {opened ? (
        <DeclarationForm
          key={editing?.id ?? 'new'}
          editing={editing}
          forEmployee={forEmployee}
          chooseEmployee={chooseEmployee && !editing && forEmployee === null}
          onDone={(d) => {
            onSaved?.(d);
            onClose();
          }}
          onCancel={close}
          closeGuard={closeGuard}
        />
      ) : null}
    </Modal>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

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
  const employees = useEmployeeOptions();
  const [projectSearch, setProjectSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(projectSearch, 250);
  const projects = useProjectOptions(debouncedSearch);

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

  const editor = useEditor<Values, Declaration>({
    initialValues: editing
      ? toValues(editing)
      : {
          employeeId: forEmployee,
          date: today(),
          projectId: null,
          categoryId: null,
          paymentTypeId: null,
          description: '',
          amount: '',
          receipt: [],
        },
    base: editing ?? undefined,
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
    save: (v, base) => {
      const input = toInput(v);
      if (!base) return save.mutateAsync({ id: null, input });
      const { employeeId: _, ...rest } = input;
      return save.mutateAsync({ id: base.id, input: { ...rest, version: base.version } });
    },
    toValues,
    savedMessage: () => t(editing ? 'declarations.form.saved' : 'declarations.form.created'),
    onSaved: onDone,
    closeGuard,
  });
  const { form } = editor;

  // The current choice stays offered even when it was switched off since.
  const withCurrent = (list: { id: number; name: string }[] | undefined, current: { id: number; name: string } | undefined) => {
    const options = (list ?? []).map((o) => ({ value: o.id, label: o.name }));
    if (current && !options.some((o) => o.value === current.id)) options.unshift({ value: current.id, label: current.name });
    return options;
  };
  const projectOptions = withCurrent(projects.data, editing?.project ?? undefined);

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
          <TextInput type="date" label={t('declarations.form.date')} required data-autofocus {...form.getInputProps('date')} />
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
            data={withCurrent(categories.data, editing?.category)}
            searchable
            nothingFoundMessage={t('declarations.form.noOptions')}
            {...form.getInputProps('categoryId')}
          />
          <Select<number>
            label={t('declarations.form.paymentType')}
            required
            data={withCurrent(paymentTypes.data, editing?.paymentType)}
            searchable
            nothingFoundMessage={t('declarations.form.noOptions')}
            {...form.getInputProps('paymentTypeId')}
          />
        </SimpleGrid>
        <Select<number>
          label={t('declarations.form.project')}
          placeholder={t('declarations.form.projectPlaceholder')}
          data={projectOptions}
          searchable
          clearable
          searchValue={projectSearch}
          onSearchChange={setProjectSearch}
          filter={({ options }) => options}
          nothingFoundMessage={t('declarations.form.noProjects')}
          {...form.getInputProps('projectId')}
        />
        <FilesField
          id="field-receipt"
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {editing ? t('common.actions.save') : t('declarations.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
