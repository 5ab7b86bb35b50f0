import type { FileInfo } from '@app/shared/files/files';
import { Button, Group, Modal, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloseGuard, type Editor, useGuardedClose } from '../../../components/use-editor';
import { HrFileField } from './HrFileField';

/** What the modal of an HR list (documents, contracts) takes from its page. */
export interface HrModalProps<T> {
  userId: number;
  /** null: a new record; undefined: closed. */
  editing: T | null | undefined;
  onClose: () => void;
  /** Loads the record again after a stale save; undefined when it is gone. */
  reload: (id: number) => Promise<T | undefined>;
}

/** What the form inside gets: the record (null: new), how to finish, and the unsaved-changes guard. */
export interface HrFormProps<T> {
  editing: T | null;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
  reload?: () => Promise<T | undefined>;
}

/** The modal frame of an HR record: closing with unsaved changes asks first; the form starts afresh per record. */
export function HrRecordModal<T extends { id: number }>({
  editing,
  onClose,
  reload,
  title,
  children,
}: Omit<HrModalProps<T>, 'userId'> & { title: string; children: (form: HrFormProps<T>) => ReactNode }) {
  const { close, closeGuard } = useGuardedClose(onClose);
  const opened = editing !== undefined;
  return (
    <Modal opened={opened} onClose={close} centered size="lg" title={title}>
      {opened ? (
        <Fragment key={editing?.id ?? 'new'}>
          {children({
            editing,
            onDone: onClose,
            onCancel: close,
            closeGuard,
            reload: editing ? () => reload(editing.id) : undefined,
          })}
        </Fragment>
      ) : null}
    </Modal>
  );
}

interface HrFormValues {
  file: FileInfo | null;
  notes: string;
}

/** The end of an HR record's form: the file, the notes, cancel and save (or `addLabel` for a new one). */
export function HrFormEnd<V extends HrFormValues, R>(p: {
  editor: Editor<V, R>;
  fileLabel: string;
  fileRequired?: boolean;
  isNew: boolean;
  addLabel: string;
  onCancel: () => void;
  /** At the start of the buttons: a saved record's history. */
  history?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = p.editor.form as unknown as UseFormReturnType<HrFormValues>;
  return (
    <>
      <HrFileField
        label={p.fileLabel}
        required={p.fileRequired}
        value={form.values.file}
        onChange={(f) => form.setFieldValue('file', f)}
        error={form.errors.file}
      />
      <Textarea label={t('hrDocuments.fields.notes')} autosize minRows={2} maxLength={2000} {...form.getInputProps('notes')} />
      <Group justify="flex-end">
        {p.history ? <div style={{ marginRight: 'auto' }}>{p.history}</div> : null}
        <Button variant="default" onClick={p.onCancel}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" loading={p.editor.busy}>
          {p.isNew ? p.addLabel : t('common.actions.save')}
        </Button>
      </Group>
    </>
  );
}
