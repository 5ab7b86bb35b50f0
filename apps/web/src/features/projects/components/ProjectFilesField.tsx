import { type FileInfo, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@app/shared/files/files';
import { ActionIcon, Anchor, Button, FileButton, Group, Input, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileZip, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { uploadFiles } from '../api';

/** What the picker offers: the types the server accepts (files.ts), by extension and by type. */
export const FILE_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.zip,.docx,.xlsx,.pptx,.txt,.csv,application/pdf,image/jpeg,image/png,image/webp,application/zip';

const MAX_MB = MAX_FILE_BYTES / 1024 / 1024;

/** 1,2 MB / 340 kB / 12 B in the reader's language. */
export function formatBytes(bytes: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${n.format(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${n.format(bytes / 1024)} kB`;
  return `${bytes} B`;
}

const REJECTION_KEYS = {
  type_not_allowed: 'projects.attachments.rejected.type',
  too_large: 'projects.attachments.rejected.size',
  invalid_character: 'projects.attachments.rejected.name',
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
  disabled?: boolean;
  id?: string;
}

/**
 * Attachments of a record: upload (POST /api/files, several at once), a list with name, size, who
 * uploaded it and when, a download link, and remove. The picker advises one ZIP for many files
 * (spec section 5). The record keeps the files once it is saved with their ids.
 */
export function ProjectFilesField({ label, value, onChange, error, disabled, id }: Props) {
  const { t, i18n } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const resetRef = useRef<() => void>(null);
  // The list as it is now: an upload that finishes later adds to it, not to the list it started with.
  const current = useRef(value);
  current.current = value;

  const handleFiles = async (picked: File[]) => {
    resetRef.current?.();
    if (picked.length === 0) return;
    const tooBig = picked.filter((f) => f.size > MAX_FILE_BYTES);
    for (const f of tooBig) notify.warning(t('projects.attachments.rejected.size', { name: f.name, max: MAX_MB }));
    const ok = picked.filter((f) => f.size <= MAX_FILE_BYTES);
    if (picked.length > MAX_FILES_PER_UPLOAD) notify.info(t('projects.attachments.zipAdvice'));
    if (ok.length === 0) return;
    setUploading(true);
    const stored: FileInfo[] = [];
    try {
      for (let i = 0; i < ok.length; i += MAX_FILES_PER_UPLOAD) {
        try {
          const res = await uploadFiles(ok.slice(i, i + MAX_FILES_PER_UPLOAD));
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
      onChange([...current.current, ...stored]);
      notify.success(t('projects.attachments.uploaded', { count: stored.length }));
    }
  };

  return (
    <Input.Wrapper label={label} error={error} labelElement="div" id={id}>
      <Stack gap="sm" mt={6}>
        {disabled ? null : (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconFileZip size={16} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
            <Text size="xs" c="dimmed">
              {t('projects.attachments.hint', { max: MAX_MB })}
            </Text>
          </Group>
        )}
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('projects.attachments.empty')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
            {value.map((f) => (
              <Paper key={f.id} withBorder p="xs" radius="sm" component="li">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <IconPaperclip size={18} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Anchor href={f.url} download={f.originalName} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {f.originalName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {[
                        formatBytes(f.size, i18n.language),
                        f.uploadedBy ? t('projects.attachments.by', { name: f.uploadedBy }) : null,
                        formatDateTime(f.createdAt),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                  {disabled ? null : (
                    <Tooltip label={t('common.actions.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('projects.attachments.removeFor', { name: f.originalName })}
                        onClick={() => onChange(value.filter((x) => x.id !== f.id))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {disabled ? null : (
          <Group>
            <FileButton
              onChange={(files) => void handleFiles(files)}
              accept={FILE_ACCEPT}
              multiple
              resetRef={resetRef}
              disabled={uploading}
              inputProps={{ 'aria-label': t('projects.attachments.uploadFor', { field: label }) }}
            >
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={uploading}>
                  {t('projects.attachments.upload')}
                </Button>
              )}
            </FileButton>
            {uploading ? (
              <Text size="sm" c="dimmed" role="status">
                {t('projects.attachments.uploading')}
              </Text>
            ) : null}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
