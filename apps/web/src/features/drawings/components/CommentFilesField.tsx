import { type FileInfo, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@app/shared/files/files';
import { ActionIcon, Button, FileButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { uploadFiles } from '../../projects/api';
import { FILE_ACCEPT, formatBytes } from '../../projects/components/ProjectFilesField';
import { UploadHint } from './UploadHint';

const MAX_MB = MAX_FILE_BYTES / 1024 / 1024;
/** A comment takes at most this many files (drawingCommentInputSchema). */
export const MAX_COMMENT_FILES = 10;

const REJECTED = {
  type_not_allowed: 'drawings.upload.badType',
  too_large: 'drawings.upload.tooBig',
  invalid_character: 'drawings.upload.badName',
} as const;

function rejectedIn(err: unknown): { name: string; code: keyof typeof REJECTED }[] {
  const list = err instanceof ApiError ? err.details?.rejected : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (r): r is { name: string; code: keyof typeof REJECTED } => typeof r?.name === 'string' && r.code in REJECTED,
  );
}

interface Props {
  value: FileInfo[];
  onChange: (next: FileInfo[]) => void;
  disabled?: boolean;
  /** Names the upload button for assistive technology (several forms may be on one page). */
  label: string;
}

/** A comment's attachments: several files through POST /api/files, listed with remove; the ZIP advice. */
export function CommentFilesField({ value, onChange, disabled, label }: Props) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const [uploading, setUploading] = useState(false);
  const resetRef = useRef<() => void>(null);
  const current = useRef(value);
  current.current = value;

  const handle = async (picked: File[]) => {
    resetRef.current?.();
    if (picked.length === 0) return;
    const room = MAX_COMMENT_FILES - current.current.length;
    const small = picked.filter((f) => f.size <= MAX_FILE_BYTES);
    for (const f of picked.filter((x) => x.size > MAX_FILE_BYTES))
      notify.warning(t('drawings.upload.tooBig', { name: f.name, max: MAX_MB }));
    if (small.length > room) notify.warning(t('drawings.upload.tooMany', { max: MAX_COMMENT_FILES }));
    const ok = small.slice(0, Math.max(0, room));
    if (ok.length === 0) return;
    setUploading(true);
    const stored: FileInfo[] = [];
    try {
      for (let i = 0; i < ok.length; i += MAX_FILES_PER_UPLOAD) {
        try {
          const res = await uploadFiles(ok.slice(i, i + MAX_FILES_PER_UPLOAD));
          stored.push(...res.data);
          for (const r of res.rejected) notify.warning(t(REJECTED[r.code], { name: r.name, max: MAX_MB }));
        } catch (err) {
          const named = rejectedIn(err);
          if (named.length > 0) for (const r of named) notify.warning(t(REJECTED[r.code], { name: r.name, max: MAX_MB }));
          else notify.error(errorMessage(t, err));
        }
      }
    } finally {
      setUploading(false);
    }
    if (stored.length > 0) onChange([...current.current, ...stored]);
  };

  return (
    <Stack gap="xs">
      {value.length > 0 ? (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('drawings.comments.attachments')}>
          {value.map((f) => (
            <Paper key={f.id} withBorder p={6} radius="sm" component="li">
              <Group gap="xs" wrap="nowrap">
                <IconPaperclip size={16} style={{ flex: 'none' }} aria-hidden />
                <Text size="sm" style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
                  {f.originalName}{' '}
                  <Text span size="xs" c="dimmed">
                    ({formatBytes(f.size, i18n.language)})
                  </Text>
                </Text>
                <Tooltip label={t('drawings.upload.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    disabled={disabled}
                    aria-label={t('drawings.upload.removeFor', { name: f.originalName })}
                    onClick={() => onChange(value.filter((x) => x.id !== f.id))}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
      <Group gap="sm" wrap="wrap" align="center">
        <FileButton
          onChange={(files) => void handle(files)}
          accept={FILE_ACCEPT}
          multiple
          resetRef={resetRef}
          disabled={disabled || uploading || value.length >= MAX_COMMENT_FILES}
          inputProps={{ 'aria-label': label, 'aria-describedby': hintId }}
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} loading={uploading}>
              {t('drawings.comments.attach')}
            </Button>
          )}
        </FileButton>
        {uploading ? (
          <Text size="xs" c="dimmed" role="status">
            {t('drawings.upload.uploading')}
          </Text>
        ) : null}
      </Group>
      <UploadHint id={hintId} detail={t('drawings.upload.attachmentTypes', { max: MAX_MB })} />
    </Stack>
  );
}
