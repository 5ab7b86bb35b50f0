import {
  type CompanyProduct,
  type CompanyProductInput,
  companyProductInputSchema,
  type ProductOption,
} from '@app/shared/companies/company-products';
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { errorMessage } from '../../../lib/errors';
import { zodValidate } from '../../../lib/form';
import { useAssignProduct, useCompanyProjects, useProductOptions, useUpdateCompanyProduct } from '../products-api';

interface Values {
  productId: number | null;
  projectId: number | null;
  reference: string;
  notes: string;
}

interface Props {
  companyId: number;
  /** null: assign a new product; undefined: closed. */
  editing: CompanyProduct | null | undefined;
  onClose: () => void;
  /** After a 409: the assignment as it is now (the stale banner's button); undefined when it is gone. */
  reload?: (id: number) => Promise<CompanyProduct | undefined>;
}

const FIELD_ERRORS = { prefix: 'companies.products.validation' } as const;

const toValues = (p: CompanyProduct): Values => ({
  productId: p.product.id,
  projectId: p.project?.id ?? null,
  reference: p.reference,
  notes: p.notes,
});

const optionLabel = (o: { name: string; code: string | null }) => (o.code ? `${o.name} · ${o.code}` : o.name);

/**
 * Assign a catalogue product to the company, or change an assignment: the product (searched on
 * the server by name or code), optionally one of the company's projects, the company's own
 * reference and notes. Closing with unsaved changes asks first.
 */
export function CompanyProductModal({ companyId, editing, onClose, reload }: Props) {
  const { t } = useTranslation();
  const opened = editing !== undefined;
  const { close, closeGuard } = useGuardedClose(onClose);
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      size="lg"
      title={
        editing
          ? t('companies.products.form.editTitle', { name: editing.product.name })
          : t('companies.products.form.createTitle')
      }
    >
      {opened ? (
        <ProductForm
          key={editing?.id ?? 'new'}
          companyId={companyId}
          editing={editing}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
          reload={editing && reload ? () => reload(editing.id) : undefined}
        />
      ) : null}
    </Modal>
  );
}

interface FormProps {
  companyId: number;
  editing: CompanyProduct | null;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
  reload?: () => Promise<CompanyProduct | undefined>;
}

function ProductForm({ companyId, editing, onDone, onCancel, closeGuard, reload }: FormProps) {
  const { t } = useTranslation();
  const assign = useAssignProduct(companyId);
  const update = useUpdateCompanyProduct(companyId);
  const projects = useCompanyProjects(companyId);
  // The order line an assignment came with stays as long as its project does.
  const orderLine = useRef(editing ? { projectId: editing.project?.id ?? null, id: editing.orderLineId } : null);
  const toInput = (v: Values): CompanyProductInput => ({
    productId: v.productId ?? 0,
    projectId: v.projectId,
    orderLineId: orderLine.current && orderLine.current.projectId === v.projectId ? orderLine.current.id : null,
    reference: v.reference.trim(),
    notes: v.notes.trim(),
  });
  const schemaCheck = zodValidate(companyProductInputSchema, t, { from: toInput, ...FIELD_ERRORS });
  const editor = useEditor<Values, CompanyProduct>({
    initialValues: editing ? toValues(editing) : { productId: null, projectId: null, reference: '', notes: '' },
    base: editing ?? undefined,
    validate: (v) => {
      const errors = schemaCheck(v);
      if (v.productId === null) errors.productId = t('companies.products.validation.productRequired');
      return errors;
    },
    fieldErrors: FIELD_ERRORS,
    save: (v, base) =>
      base ? update.mutateAsync({ id: base.id, ...toInput(v), version: base.version }) : assign.mutateAsync(toInput(v)),
    toValues,
    savedMessage: (saved) =>
      t(editing ? 'companies.products.form.saved' : 'companies.products.form.created', { name: saved.product.name }),
    onSaved: (saved) => {
      orderLine.current = { projectId: saved.project?.id ?? null, id: saved.orderLineId };
      onDone();
    },
    reload,
    closeGuard,
  });
  const { form } = editor;

  const projectData = (projects.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  // A project the assignment names that the company is no longer attached to still shows by name.
  if (editing?.project && !projectData.some((p) => p.value === editing.project?.id)) {
    projectData.push({ value: editing.project.id, label: editing.project.name });
  }

  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        <ProductSelect
          companyId={companyId}
          label={t('companies.products.fields.product')}
          value={form.values.productId}
          onChange={(id) => form.setFieldValue('productId', id)}
          initial={editing ? { id: editing.product.id, name: editing.product.name, code: editing.product.code } : null}
          error={form.errors.productId}
        />
        <Select<number>
          label={t('companies.products.fields.project')}
          description={t('companies.products.form.projectHint')}
          placeholder={t('companies.products.form.noProject')}
          data={projectData}
          clearable
          searchable
          nothingFoundMessage={projects.error ? errorMessage(t, projects.error) : t('companies.products.form.noProjects')}
          {...form.getInputProps('projectId')}
        />
        <TextInput
          label={t('companies.products.fields.reference')}
          description={t('companies.products.form.referenceHint')}
          maxLength={120}
          {...form.getInputProps('reference')}
        />
        <Textarea
          label={t('companies.products.fields.notes')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {editing ? t('common.actions.save') : t('companies.products.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface SelectProps {
  companyId: number;
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** The product of the assignment being edited (named before any search). */
  initial: Pick<ProductOption, 'id' | 'name' | 'code'> | null;
  error?: ReactNode;
}

/** A searchable select over the catalogue (GET …/product-options?q=, debounced): name and code, with the article type. */
function ProductSelect({ companyId, label, value, onChange, initial, error }: SelectProps) {
  const { t } = useTranslation();
  const labels = useRef(new Map<number, { label: string; type: string | null }>());
  if (initial && !labels.current.has(initial.id)) labels.current.set(initial.id, { label: optionLabel(initial), type: null });
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const current = value === null ? '' : (labels.current.get(value)?.label ?? '');
  // The text of the chosen option is not a search: the dropdown then offers the first products.
  const [debounced] = useDebouncedValue(search === current ? '' : search.trim(), 250);
  const found = useProductOptions(companyId, debounced, open);
  for (const o of found.data ?? []) labels.current.set(o.id, { label: optionLabel(o), type: o.typeName });
  const ids = new Set<number>([...(value === null ? [] : [value]), ...(found.data ?? []).map((o) => o.id)]);
  const data = [...ids].map((id) => ({ value: id, label: labels.current.get(id)?.label ?? `#${id}` }));
  return (
    <Select<number>
      label={label}
      required
      placeholder={t('companies.products.form.searchProduct')}
      data={data}
      value={value}
      onChange={(v) => onChange(v)}
      searchable
      clearable
      onSearchChange={setSearch}
      // Opened by a click, typing or the arrow keys; not when a failed save puts the focus here
      // (the list would cover the message that says what is wrong).
      openOnFocus={false}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      filter={({ options }) => options}
      renderOption={({ option }) => {
        const type = labels.current.get(Number(option.value))?.type;
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {type ? (
              <Text size="xs" c="dimmed">
                {type}
              </Text>
            ) : null}
          </Stack>
        );
      }}
      nothingFoundMessage={
        found.error
          ? errorMessage(t, found.error)
          : found.isFetching
            ? t('common.states.loading')
            : t('companies.products.form.noProducts')
      }
      error={error}
      data-autofocus
    />
  );
}
