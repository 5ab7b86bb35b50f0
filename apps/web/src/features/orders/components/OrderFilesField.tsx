import { type FileInfo, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@app/shared/files/files';
import { ActionIcon, Anchor, Button, FileButton, Group, Input, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileZip, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { uploadOrderFiles } from '../api';

/** What the picker offers: the types the server accepts (files.ts), by extension and by type. */
export const FILE_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.zip,.docx,.xlsx,.pptx,.txt,.csv,application/pdf,image/jpeg,image/png,image/webp,application/zip';
/** A design's preview: an image or a PDF. */
export const PREVIEW_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
const PREVIEW_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];

const MAX_MB = MAX_FILE_BYTES / 1024 / 1024;

/** 1,2 MB / 340 kB / 12 B in the reader's language. */
export function formatBytes(bytes: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${n.format(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${n.format(bytes / 1024)} kB`;
  return `${bytes} B`;
}

const REJECTION_KEYS = {
  type_not_allowed: 'orders.files.rejected.type',
  too_large: 'orders.files.rejected.size',
  invalid_character: 'orders.files.rejected.name',
} as const;

function rejectedIn(err: unknown): { name: string; code: keyof typeof REJECTION_KEYS }[] {
  const list = err instanceof ApiError ? err.details?.rejected : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (r): r is { name: string; code: keyof typeof REJECTION_KEYS } => typeof r?.name === 'string' && r.code in REJECTION_KEYS,
  );
}

interface Props {
  label: string;
  value: FileInfo[];
  onChange: (next: FileInfo[]) => void;
  error?: ReactNode;
  id?: string;
  /** One preview file (image or PDF) instead of several attachments. */
  preview?: boolean;
  required?: boolean;
}

/** One file in a list: its name (a download link), size, who uploaded it and when. */
export function FileRow({ file, onRemove, removeLabel }: { file: FileInfo; onRemove?: () => void; removeLabel?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="xs" radius="sm" component="li">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconPaperclip size={18} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Anchor href={file.url} download={file.originalName} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {file.originalName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {[
              formatBytes(file.size, i18n.language),
              file.uploadedBy ? t('orders.files.by', { name: file.uploadedBy }) : null,
              formatDateTime(file.createdAt),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        {onRemove ? (
          <Tooltip label={t('common.actions.delete')}>
            <ActionIcon variant="subtle" color="red" aria-label={removeLabel} onClick={onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Paper>
  );
}

/** A read-only list of files with download links, or a line saying there are none. */
export function FileList({ files, label, empty }: { files: FileInfo[]; label: string; empty: string }) {
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {files.map((f) => (
        <FileRow key={f.id} file={f} />
      ))}
    </Stack>
  );
}

/**
 * Files of a request, a denial or a design: upload (POST /api/files, several at once), a list with
 * name, size, who uploaded it and when, and remove. The picker advises one ZIP for many files (spec
 * section 5). The order keeps the files once it is sent with their ids. With `preview`: one image
 * or PDF.
 */
export function OrderFilesField({ label, value, onChange, error, id, preview, required }: Props) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const resetRef = useRef<() => void>(null);
  // The list as it is now: an upload that finishes later adds to it, not to the list it started with.
  const current = useRef(value);
  current.current = value;

  const handleFiles = async (picked: File[]) => {
    resetRef.current?.();
    if (picked.length === 0) return;
    const typed = preview ? picked.filter((f) => PREVIEW_TYPES.includes(f.type)) : picked;
    for (const f of picked.filter((x) => !typed.includes(x)))
      notify.warning(t('orders.files.rejected.previewType', { name: f.name }));
    const tooBig = typed.filter((f) => f.size > MAX_FILE_BYTES);
    for (const f of tooBig) notify.warning(t('orders.files.rejected.size', { name: f.name, max: MAX_MB }));
    const ok = typed.filter((f) => f.size <= MAX_FILE_BYTES).slice(0, preview ? 1 : undefined);
    if (picked.length > MAX_FILES_PER_UPLOAD) notify.info(t('orders.files.zipAdvice'));
    if (ok.length === 0) return;
    setUploading(true);
    const stored: FileInfo[] = [];
    try {
      for (let i = 0; i < ok.length; i += MAX_FILES_PER_UPLOAD) {
        try {
          const res = await uploadOrderFiles(ok.slice(i, i + MAX_FILES_PER_UPLOAD));
          stored.push(...res.data);
          for (const r of res.rejected) notify.warning(t(REJECTION_KEYS[r.code], { name: r.name, max: MAX_MB }));
        } catch (err) {
          const named = rejectedIn(err);
          if (named.length > 0) for (const r of named) notify.warning(t(REJECTION_KEYS[r.code], { name: r.name, max: MAX_MB }));
          else notify.error(errorMessage(t, err));
        }
      }
    } finally {
      setUploading(false);
    }
    if (stored.length > 0) {
      onChange(preview ? stored.slice(0, 1) : [...current.current, ...stored]);
      notify.success(t('orders.files.uploaded', { count: stored.length }));
    }
  };

  return (
    <Input.Wrapper label={label} error={error} labelElement="div" id={id} required={required}>
      <Stack gap="sm" mt={6}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconFileZip size={16} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
          <Text size="xs" c="dimmed">
            {preview ? t('orders.files.previewHint', { max: MAX_MB }) : t('orders.files.hint', { max: MAX_MB })}
          </Text>
        </Group>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('orders.files.none')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
            {value.map((f) => (
              <FileRow
                key={f.id}
                file={f}
                removeLabel={t('orders.files.removeFor', { name: f.originalName })}
                onRemove={() => onChange(value.filter((x) => x.id !== f.id))}
              />
            ))}
          </Stack>
        )}
        <Group>
          <FileButton
            onChange={(files) => void handleFiles(files)}
            accept={preview ? PREVIEW_ACCEPT : FILE_ACCEPT}
            multiple
            resetRef={resetRef}
            disabled={uploading}
            inputProps={{ 'aria-label': t('orders.files.uploadFor', { field: label }) }}
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={uploading}>
                {preview && value.length > 0 ? t('orders.files.replace') : t('orders.files.upload')}
              </Button>
            )}
          </FileButton>
          {uploading ? (
            <Text size="sm" c="dimmed" role="status">
              {t('orders.files.uploading')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
