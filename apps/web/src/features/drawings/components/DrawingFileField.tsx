import type { FileInfo } from '@app/shared/files/files';
import { ActionIcon, Button, FileButton, Group, Input, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconFile, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../components/files/FilesField';
import { ApiError } from '../../../lib/api';
import { errorMessage, translateFieldErrors } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { DRAWING_ACCEPT, drawingFileProblem, MAX_DRAWING_MB, uploadDrawingFile } from '../upload';
import { UploadHint } from './UploadHint';

interface Props {
  label: string;
  value: FileInfo | null;
  onChange: (file: FileInfo | null) => void;
  error?: ReactNode;
  required?: boolean;
  /** Told while an upload runs, so the form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
}

const REJECTED: Record<string, string> = {
  type_not_allowed: 'drawings.upload.badType',
  too_large: 'drawings.upload.tooBig',
  invalid_character: 'drawings.upload.badName',
};

/**
 * The drawing's media: one PDF, image or ZIP up to 500 MB, uploaded at once with its progress
 * (POST /api/files?purpose=drawing), cancellable; the record takes the file's id when it is saved.
 */
export function DrawingFileField({ label, value, onChange, error, required, onBusyChange }: Props) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadingName, setUploadingName] = useState('');
  const abort = useRef<AbortController | null>(null);
  const resetRef = useRef<() => void>(null);
  const busy = progress !== null;

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => () => abort.current?.abort(), []);

  const handle = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const problem = drawingFileProblem(file);
    if (problem) {
      notify.warning(
        t(problem === 'type' ? 'drawings.upload.badType' : 'drawings.upload.tooBig', { name: file.name, max: MAX_DRAWING_MB }),
      );
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setUploadingName(file.name);
    setProgress(0);
    try {
      const res = await uploadDrawingFile(file, setProgress, controller.signal);
      const stored = res.data[0];
      for (const r of res.rejected)
        notify.warning(t(REJECTED[r.code] ?? 'drawings.upload.failed', { name: r.name, max: MAX_DRAWING_MB }));
      if (stored) onChange(stored);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      const rejected = err instanceof ApiError ? err.details?.rejected : undefined;
      const first = Array.isArray(rejected) ? (rejected[0] as { code?: string } | undefined) : undefined;
      const fieldError = err instanceof ApiError ? (err.fieldErrors?.file ?? err.fieldErrors?.files) : undefined;
      if (first?.code && REJECTED[first.code])
        notify.error(t(REJECTED[first.code] as string, { name: file.name, max: MAX_DRAWING_MB }));
      else if (fieldError) notify.error(translateFieldErrors(t, { file: fieldError }).file ?? errorMessage(t, err));
      else notify.error(t('drawings.upload.failedWith', { name: file.name, reason: errorMessage(t, err) }));
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
    }
  };

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Input.Wrapper label={label} error={error} required={required} labelElement="div">
      <Stack gap="sm" mt={6}>
        <UploadHint id={hintId} detail={t('drawings.upload.drawingTypes', { max: MAX_DRAWING_MB })} />
        {value && !busy ? (
          <Paper withBorder p="xs" radius="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconFile size={18} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {value.originalName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(value.size, i18n.language)}
                </Text>
              </Stack>
              <Tooltip label={t('drawings.upload.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('drawings.upload.removeFor', { name: value.originalName })}
                  onClick={() => onChange(null)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        ) : null}
        {busy ? (
          <Paper withBorder p="xs" radius="sm">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }} role="status">
                  {t('drawings.upload.progress', { name: uploadingName, percent })}
                </Text>
                <Tooltip label={t('drawings.upload.cancel')}>
                  <ActionIcon variant="subtle" aria-label={t('drawings.upload.cancel')} onClick={() => abort.current?.abort()}>
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <Progress value={percent} aria-label={t('drawings.upload.progressLabel')} animated={percent < 100} />
            </Stack>
          </Paper>
        ) : (
          <Group>
            <FileButton
              onChange={(f) => void handle(f)}
              accept={DRAWING_ACCEPT}
              resetRef={resetRef}
              inputProps={{ 'aria-label': t('drawings.upload.chooseFor', { field: label }), 'aria-describedby': hintId }}
            >
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconUpload size={16} />}>
                  {value ? t('drawings.upload.replace') : t('drawings.upload.choose')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
