import type { FileInfo } from '@app/shared/files/files';
import { ActionIcon, Button, FileButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_ACCEPT, formatBytes, MAX_MB, useFileUpload } from '../../../components/files/FilesField';
import { notify } from '../../../lib/notify';
import { UploadHint } from './UploadHint';

/** A comment takes at most this many files (drawingCommentInputSchema). */
export const MAX_COMMENT_FILES = 10;

const REJECTED = {
  type_not_allowed: 'drawings.upload.badType',
  too_large: 'drawings.upload.tooBig',
  invalid_character: 'drawings.upload.badName',
};

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
  const { uploading, resetRef, current, pick, small, upload } = useFileUpload(value, REJECTED);

  const handle = async (picked: File[]) => {
    if (!pick(picked)) return;
    const room = MAX_COMMENT_FILES - current.current.length;
    const fitting = small(picked);
    if (fitting.length > room) notify.warning(t('drawings.upload.tooMany', { max: MAX_COMMENT_FILES }));
    const stored = await upload(fitting.slice(0, Math.max(0, room)));
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
            {t('files.uploading')}
          </Text>
        ) : null}
      </Group>
      <UploadHint id={hintId} detail={t('drawings.upload.attachmentTypes', { max: MAX_MB })} />
    </Stack>
  );
}

/**
 * A text with attachments being written (a comment, a reply, a request for changes): the text
 * field's props (its error cleared on typing) and the files; `send` refuses an empty text with
 * `required`, else hands the trimmed text and the files' ids over and empties both once they went.
 */
export function useCommentDraft(required: string) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<FileInfo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const send = async (fn: (body: string, fileIds: number[]) => Promise<boolean>): Promise<void> => {
    if (!body.trim()) {
      setError(required);
      return;
    }
    setError(null);
    if (
      await fn(
        body.trim(),
        files.map((f) => f.id),
      )
    ) {
      setBody('');
      setFiles([]);
    }
  };
  const textProps = {
    value: body,
    error,
    onChange: (e: ChangeEvent<HTMLTextAreaElement>) => {
      setBody(e.currentTarget.value);
      if (error) setError(null);
    },
  };
  return { textProps, files, setFiles, send };
}
