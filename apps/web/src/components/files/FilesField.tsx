import {
  type FileInfo,
  type FilePurpose,
  type fileUploadResponseSchema,
  MAX_FILE_BYTES,
  MAX_FILES_PER_UPLOAD,
} from '@app/shared/files/files';
import { ActionIcon, Anchor, Button, FileButton, Group, Input, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileZip, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { ApiError, api } from '../../lib/api';
import { notifyError } from '../../lib/attempt';
import { formatDateTime } from '../../lib/dates';
import { notify } from '../../lib/notify';

type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

/** What the picker offers: the types the server accepts (files.ts), by extension and by type. */
export const FILE_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.zip,.docx,.xlsx,.pptx,.txt,.csv,application/pdf,image/jpeg,image/png,image/webp,application/zip';

/** The largest file the server takes, in MB (for the texts). */
export const MAX_MB = MAX_FILE_BYTES / 1024 / 1024;

/** 1,2 MB / 340 kB / 12 B in the reader's language. */
export function formatBytes(bytes: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${n.format(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${n.format(bytes / 1024)} kB`;
  return `${bytes} B`;
}

/**
 * Sends files to POST /api/files (multipart, one 'files' field each) for a purpose (who may upload
 * follows it: a receipt, every employee; an HR file, the HR rights); answers the stored and the refused ones.
 */
export function uploadFiles(files: readonly File[], purpose: FilePurpose = 'attachment'): Promise<FileUploadResponse> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  return api.post<FileUploadResponse>(purpose === 'attachment' ? '/api/files' : `/api/files?purpose=${purpose}`, form);
}

type RejectionCode = 'type_not_allowed' | 'too_large' | 'invalid_character';

/** The i18n key of the toast for each reason the server gives for skipping a file ({{name}}, {{max}}). */
export type RejectionKeys = Record<RejectionCode, string>;

function rejectedIn(err: unknown, keys: RejectionKeys): { name: string; code: RejectionCode }[] {
  const list = err instanceof ApiError ? err.details?.rejected : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter((r): r is { name: string; code: RejectionCode } => typeof r?.name === 'string' && r.code in keys);
}

/**
 * Uploading picked files: the ones over the size limit are named in a toast and skipped, the rest go
 * up in batches the server takes; a file the server skips is named in a toast, another failure says
 * why. `upload` resolves with the stored files (the list `current` is the value as it is now).
 */
export function useFileUpload(value: FileInfo[], rejectionKeys: RejectionKeys, purpose: FilePurpose = 'attachment') {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const resetRef = useRef<() => void>(null);
  // The list as it is now: an upload that finishes later adds to it, not to the list it started with.
  const current = useRef(value);
  current.current = value;

  const warn = (code: RejectionCode, name: string) => notify.warning(t(rejectionKeys[code], { name, max: MAX_MB }));

  /** Forgets the picked files (so the same file can be picked again); false when none were picked. */
  const pick = (picked: File[]): boolean => {
    resetRef.current?.();
    return picked.length > 0;
  };

  /** The files within the size limit; a toast for each one over it. */
  const small = (picked: File[]): File[] => {
    for (const f of picked.filter((x) => x.size > MAX_FILE_BYTES)) warn('too_large', f.name);
    return picked.filter((f) => f.size <= MAX_FILE_BYTES);
  };

  const upload = async (ok: File[]): Promise<FileInfo[]> => {
    const stored: FileInfo[] = [];
    if (ok.length === 0) return stored;
    setUploading(true);
    try {
      for (let i = 0; i < ok.length; i += MAX_FILES_PER_UPLOAD) {
        try {
          const res = await uploadFiles(ok.slice(i, i + MAX_FILES_PER_UPLOAD), purpose);
          stored.push(...res.data);
          for (const r of res.rejected) warn(r.code, r.name);
        } catch (err) {
          const named = rejectedIn(err, rejectionKeys);
          if (named.length > 0) for (const r of named) warn(r.code, r.name);
          else notifyError(t, err);
        }
      }
    } finally {
      setUploading(false);
    }
    return stored;
  };

  return { uploading, resetRef, current, pick, small, upload };
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
              file.uploadedBy ? t('files.by', { name: file.uploadedBy }) : null,
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

/** What a form gives a files field: its label, the files, and the form's error, state and id. */
export interface FilesFieldBaseProps {
  label: string;
  value: FileInfo[];
  onChange: (next: FileInfo[]) => void;
  error?: ReactNode;
  disabled?: boolean;
  id?: string;
}

interface Props extends FilesFieldBaseProps {
  required?: boolean;
  /** What the picker offers; FILE_ACCEPT unless told. */
  accept?: string;
  /** The caller's texts (its own wording, already translated). */
  texts: {
    hint: string;
    empty: string;
    removeFor: (name: string) => string;
    /** The upload button; "Upload files" unless told. */
    upload?: string;
  };
  /** Picked files to the ones the field takes (the size limit is checked after it). */
  select?: (picked: File[]) => File[];
  /** At most this many files go up at once. */
  limit?: number;
  /** Called when files were picked, before they go up (e.g. the ZIP advice for many files). */
  onPicked?: (picked: File[]) => void;
  /** The new value from the stored files and the value as it is now; both, added, unless told. */
  merge?: (stored: FileInfo[], current: FileInfo[]) => FileInfo[];
  /** Called with how many files were stored (a success toast). */
  onUploaded?: (count: number) => void;
  rejectionKeys: RejectionKeys;
  /** What the files are for (POST /api/files?purpose=): attachment unless told. */
  purpose?: FilePurpose;
}

/**
 * Attachments of a record: upload (POST /api/files, several at once), a list with name, size, who
 * uploaded it and when, a download link, and remove. The hint advises one ZIP for many files (spec
 * section 5). The record keeps the files once it is saved with their ids.
 */
export function FilesField({
  label,
  value,
  onChange,
  error,
  disabled,
  id,
  required,
  accept = FILE_ACCEPT,
  texts,
  select,
  limit,
  onPicked,
  merge = (stored, now) => [...now, ...stored],
  onUploaded,
  rejectionKeys,
  purpose,
}: Props) {
  const { t } = useTranslation();
  const { uploading, resetRef, current, pick, small, upload } = useFileUpload(value, rejectionKeys, purpose);

  const handleFiles = async (picked: File[]) => {
    if (!pick(picked)) return;
    const ok = small(select ? select(picked) : picked).slice(0, limit);
    onPicked?.(picked);
    const stored = await upload(ok);
    if (stored.length > 0) {
      onChange(merge(stored, current.current));
      onUploaded?.(stored.length);
    }
  };

  return (
    <Input.Wrapper label={label} error={error} labelElement="div" id={id} required={required}>
      <Stack gap="sm" mt={6}>
        {disabled ? null : (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconFileZip size={16} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
            <Text size="xs" c="dimmed">
              {texts.hint}
            </Text>
          </Group>
        )}
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            {texts.empty}
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
            {value.map((f) => (
              <FileRow
                key={f.id}
                file={f}
                removeLabel={texts.removeFor(f.originalName)}
                onRemove={disabled ? undefined : () => onChange(value.filter((x) => x.id !== f.id))}
              />
            ))}
          </Stack>
        )}
        {disabled ? null : (
          <Group>
            <FileButton
              onChange={(files) => void handleFiles(files)}
              accept={accept}
              multiple
              resetRef={resetRef}
              disabled={uploading}
              inputProps={{ 'aria-label': t('files.uploadFor', { field: label }) }}
            >
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={uploading}>
                  {texts.upload ?? t('files.upload')}
                </Button>
              )}
            </FileButton>
            {uploading ? (
              <Text size="sm" c="dimmed" role="status">
                {t('files.uploading')}
              </Text>
            ) : null}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
