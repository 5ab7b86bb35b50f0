import type { FileInfo } from '@app/shared/files/files';
import { type DocumentInput, documentInputSchema, type EmployeeDocument } from '@app/shared/hr-documents/documents';
import { DOCUMENT_TYPES, type DocumentType } from '@app/shared/hr-documents/documents.rules';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { useEditor } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useSaveDocument } from '../api';
import { HrFormEnd, type HrFormProps, type HrModalProps, HrRecordModal } from './HrRecordModal';

interface Values {
  type: DocumentType | null;
  title: string;
  expiresOn: string;
  notes: string;
  file: FileInfo | null;
}

/** Add or change one HR document: type, title, expiry date, file and notes; closing with unsaved changes asks first. */
export function DocumentModal({ userId, ...modal }: HrModalProps<EmployeeDocument>) {
  const { t } = useTranslation();
  const { editing } = modal;
  return (
    <HrRecordModal
      {...modal}
      title={editing ? t('hrDocuments.documents.editTitle', { title: editing.title }) : t('hrDocuments.documents.addTitle')}
    >
      {(form) => <DocumentForm userId={userId} {...form} />}
    </HrRecordModal>
  );
}

const toValues = (d: EmployeeDocument): Values => ({
  type: d.type,
  title: d.title,
  expiresOn: d.expiresOn ?? '',
  notes: d.notes,
  file: d.file,
});

const toInput = (v: Values): Partial<DocumentInput> => ({
  type: v.type ?? undefined,
  title: v.title.trim(),
  expiresOn: v.expiresOn || null,
  notes: v.notes.trim(),
  fileId: v.file?.id,
});

function DocumentForm(p: HrFormProps<EmployeeDocument> & { userId: number }) {
  const { t } = useTranslation();
  const save = useSaveDocument(p.userId);
  const editor = useEditor<Values, EmployeeDocument>({
    initialValues: p.editing ? toValues(p.editing) : { type: null, title: '', expiresOn: '', notes: '', file: null },
    base: p.editing ?? undefined,
    validate: zodValidate(documentInputSchema, t, { from: toInput, rename: { fileId: 'file' } }),
    fieldErrors: { rename: { fileId: 'file' } },
    save: (v, base) =>
      save.mutateAsync(
        base
          ? { id: base.id, input: { ...(toInput(v) as DocumentInput), version: base.version } }
          : { input: toInput(v) as DocumentInput },
      ),
    toValues,
    savedMessage: (d) => t(p.editing ? 'hrDocuments.documents.saved' : 'hrDocuments.documents.added', { title: d.title }),
    onSaved: p.onDone,
    reload: p.reload,
    closeGuard: p.closeGuard,
  });
  const { form } = editor;
  const typeOptions = DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`hrDocuments.types.${type}`) }));

  const handleType = (type: string | null) => {
    // The title follows the type until someone writes one of their own.
    const previous = form.values.type ? t(`hrDocuments.types.${form.values.type}`) : '';
    if (type && (form.values.title === '' || form.values.title === previous)) {
      form.setFieldValue('title', t(`hrDocuments.types.${type}`));
    }
    form.setFieldValue('type', type as DocumentType | null);
  };

  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('hrDocuments.fields.type')}
            placeholder={t('hrDocuments.documents.typePlaceholder')}
            data={typeOptions}
            required
            allowDeselect={false}
            data-autofocus
            {...form.getInputProps('type')}
            onChange={handleType}
          />
          <DateField
            label={t('hrDocuments.fields.expiresOn')}
            description={t('hrDocuments.documents.expiresHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('expiresOn')}
          />
        </SimpleGrid>
        <TextInput label={t('hrDocuments.fields.title')} required maxLength={200} {...form.getInputProps('title')} />
        <HrFormEnd
          editor={editor}
          fileLabel={t('hrDocuments.fields.file')}
          fileRequired
          isNew={!p.editing}
          addLabel={t('hrDocuments.documents.add')}
          onCancel={p.onCancel}
          history={p.editing ? <HistoryPanel subject="employee_document" id={p.editing.id} /> : null}
        />
      </Stack>
    </form>
  );
}
