import type { FileInfo } from '@app/shared/files/files';
import { type DocumentInput, documentInputSchema, type EmployeeDocument } from '@app/shared/people/documents';
import { DOCUMENT_TYPES, type DocumentType } from '@app/shared/people/documents.rules';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useSaveDocument } from '../api';
import { HrFileField } from './HrFileField';

interface Values {
  type: DocumentType | null;
  title: string;
  expiresOn: string;
  notes: string;
  file: FileInfo | null;
}

interface Props {
  userId: number;
  /** null: a new document; undefined: closed. */
  editing: EmployeeDocument | null | undefined;
  onClose: () => void;
  /** Loads the document again after a stale save; undefined when it is gone. */
  reload: (id: number) => Promise<EmployeeDocument | undefined>;
}

/** Add or change one HR document: type, title, expiry date, file and notes; closing with unsaved changes asks first. */
export function DocumentModal({ userId, editing, onClose, reload }: Props) {
  const { t } = useTranslation();
  const { close, closeGuard } = useGuardedClose(onClose);
  const opened = editing !== undefined;
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      size="lg"
      title={editing ? t('hrDocuments.documents.editTitle', { title: editing.title }) : t('hrDocuments.documents.addTitle')}
    >
      {opened ? (
        <DocumentForm
          key={editing?.id ?? 'new'}
          userId={userId}
          editing={editing}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
          reload={editing ? () => reload(editing.id) : undefined}
        />
      ) : null}
    </Modal>
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

function DocumentForm(p: {
  userId: number;
  editing: EmployeeDocument | null;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
  reload?: () => Promise<EmployeeDocument | undefined>;
}) {
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
          <TextInput
            type="date"
            label={t('hrDocuments.fields.expiresOn')}
            description={t('hrDocuments.documents.expiresHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('expiresOn')}
          />
        </SimpleGrid>
        <TextInput label={t('hrDocuments.fields.title')} required maxLength={200} {...form.getInputProps('title')} />
        <HrFileField
          label={t('hrDocuments.fields.file')}
          required
          value={form.values.file}
          onChange={(f) => form.setFieldValue('file', f)}
          error={form.errors.file}
        />
        <Textarea label={t('hrDocuments.fields.notes')} autosize minRows={2} maxLength={2000} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={p.onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {p.editing ? t('common.actions.save') : t('hrDocuments.documents.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
