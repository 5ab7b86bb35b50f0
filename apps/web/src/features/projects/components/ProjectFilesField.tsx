import { MAX_FILES_PER_UPLOAD } from '@app/shared/files/files';
import { useTranslation } from 'react-i18next';
import { FilesField, type FilesFieldBaseProps, MAX_MB } from '../../../components/files/FilesField';
import { notify } from '../../../lib/notify';

const REJECTION_KEYS = {
  type_not_allowed: 'projects.attachments.rejected.type',
  too_large: 'projects.attachments.rejected.size',
  invalid_character: 'projects.attachments.rejected.name',
};

/**
 * Attachments of a project or a task (the shared FilesField with the projects' texts): the picker
 * advises one ZIP for many files (spec section 5); the record keeps the files once it is saved.
 */
export function ProjectFilesField(props: FilesFieldBaseProps) {
  const { t } = useTranslation();
  return (
    <FilesField
      {...props}
      rejectionKeys={REJECTION_KEYS}
      texts={{
        hint: t('projects.attachments.hint', { max: MAX_MB }),
        empty: t('projects.attachments.empty'),
        removeFor: (name) => t('projects.attachments.removeFor', { name }),
      }}
      onPicked={(picked) => {
        if (picked.length > MAX_FILES_PER_UPLOAD) notify.info(t('projects.attachments.zipAdvice'));
      }}
      onUploaded={(count) => notify.success(t('projects.attachments.uploaded', { count }))}
    />
  );
}
