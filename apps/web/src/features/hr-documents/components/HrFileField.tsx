import type { FileInfo } from '@app/shared/files/files';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilesField } from '../../../components/files/FilesField';
import { notify } from '../../../lib/notify';

/** What an HR record takes: images and PDF. */
const HR_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
const HR_EXTENSION = /\.(pdf|jpe?g|png|webp)$/i;

const REJECTION_KEYS = {
  type_not_allowed: 'hrDocuments.upload.badType',
  too_large: 'hrDocuments.upload.tooBig',
  invalid_character: 'hrDocuments.upload.badName',
};

/**
 * The one file of a document or contract (a scan or a PDF), through the shared upload field: a new
 * upload replaces the previous one; the record takes the file's id when it is saved.
 */
export function HrFileField(p: {
  label: string;
  value: FileInfo | null;
  onChange: (file: FileInfo | null) => void;
  error?: ReactNode;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FilesField
      label={p.label}
      value={p.value ? [p.value] : []}
      onChange={(files) => p.onChange(files.at(-1) ?? null)}
      error={p.error}
      required={p.required}
      accept={HR_ACCEPT}
      limit={1}
      merge={(stored) => stored.slice(0, 1)}
      select={(picked) => {
        for (const f of picked.filter((x) => !HR_EXTENSION.test(x.name)))
          notify.warning(t('hrDocuments.upload.badType', { name: f.name }));
        return picked.filter((f) => HR_EXTENSION.test(f.name));
      }}
      rejectionKeys={REJECTION_KEYS}
      purpose="hr-document"
      texts={{
        hint: t('hrDocuments.upload.hint'),
        empty: t('hrDocuments.upload.empty'),
        removeFor: (name) => t('hrDocuments.upload.removeFor', { name }),
        upload: p.value ? t('hrDocuments.upload.replace') : t('hrDocuments.upload.choose'),
      }}
    />
  );
}
