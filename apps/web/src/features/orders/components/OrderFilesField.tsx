import { MAX_FILES_PER_UPLOAD } from '@app/shared/files/files';
import { useTranslation } from 'react-i18next';
import { FilesField, type FilesFieldBaseProps, MAX_MB } from '../../../components/files/FilesField';
import { notify } from '../../../lib/notify';

/** A design's preview: an image or a PDF. */
export const PREVIEW_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
const PREVIEW_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];

const REJECTION_KEYS = {
  type_not_allowed: 'orders.files.rejected.type',
  too_large: 'orders.files.rejected.size',
  invalid_character: 'orders.files.rejected.name',
};

interface Props extends Omit<FilesFieldBaseProps, 'disabled'> {
  /** One preview file (image or PDF) instead of several attachments. */
  preview?: boolean;
  required?: boolean;
}

/**
 * Files of a request, a denial or a design (the shared FilesField with the orders' texts): the
 * picker advises one ZIP for many files (spec section 5). The order keeps the files once it is sent
 * with their ids. With `preview`: one image or PDF.
 */
export function OrderFilesField({ preview, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <FilesField
      {...props}
      rejectionKeys={REJECTION_KEYS}
      accept={preview ? PREVIEW_ACCEPT : undefined}
      texts={{
        hint: preview ? t('orders.files.previewHint', { max: MAX_MB }) : t('orders.files.hint', { max: MAX_MB }),
        empty: t('orders.files.none'),
        removeFor: (name) => t('orders.files.removeFor', { name }),
        upload: preview && props.value.length > 0 ? t('orders.files.replace') : undefined,
      }}
      select={
        preview
          ? (picked) => {
              const typed = picked.filter((f) => PREVIEW_TYPES.includes(f.type));
              for (const f of picked.filter((x) => !typed.includes(x)))
                notify.warning(t('orders.files.rejected.previewType', { name: f.name }));
              return typed;
            }
          : undefined
      }
      limit={preview ? 1 : undefined}
      merge={preview ? (stored) => stored.slice(0, 1) : undefined}
      onPicked={(picked) => {
        if (picked.length > MAX_FILES_PER_UPLOAD) notify.info(t('orders.files.zipAdvice'));
      }}
      onUploaded={(count) => notify.success(t('orders.files.uploaded', { count }))}
    />
  );
}
