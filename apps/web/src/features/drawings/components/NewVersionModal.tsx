import type { Drawing } from '@app/shared/drawings/drawings';
import type { FileInfo } from '@app/shared/files/files';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { type DrawingSide, drawingPaths, useNewDrawingVersion } from '../api';
import { DrawingFileField } from './DrawingFileField';

interface Props {
  drawing: Drawing;
  side: DrawingSide;
  opened: boolean;
  onClose: () => void;
}

/**
 * A new version: its media (one file with progress) and notes. The server may still refuse
 * (the drawing became pending or approved meanwhile): its message shows here and as a toast.
 */
export function NewVersionModal({ drawing, side, opened, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useNewDrawingVersion(side, drawing.id);
  const [file, setFile] = useState<FileInfo | null>(null);
  const [notes, setNotes] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const close = () => {
    if (create.isPending || uploading) return;
    setRefusal(null);
    setFileError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setFileError(t('drawings.newVersion.fileRequired'));
      return;
    }
    setRefusal(null);
    try {
      const v = await create.mutateAsync({ fileId: file.id, notes: notes.trim() });
      // Staff's version waits for the client, the client's for staff.
      const done = side.kind === 'client' ? 'drawings.newVersion.createdClient' : 'drawings.newVersion.created';
      notify.success(t(done, { number: v.number, name: drawing.name }));
      setFile(null);
      setNotes('');
      onClose();
      void navigate(drawingPaths(side).version(drawing.id, v.id));
    } catch (err) {
      const message = errorMessage(t, err);
      if (isApiError(err) && err.fieldErrors?.fileId) setFileError(t('validation.not_found'));
      else setRefusal(message);
      notify.error(t('drawings.newVersion.failed', { reason: message }));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('drawings.newVersion.title', { number: drawing.versionCount + 1 })} size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {refusal ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={t('drawings.newVersion.refused')}
              role="alert"
            >
              {refusal}
            </Alert>
          ) : null}
          <DrawingFileField
            label={t('drawings.fields.media')}
            required
            value={file}
            onChange={(f) => {
              setFile(f);
              if (f) setFileError(null);
            }}
            error={fileError}
            onBusyChange={setUploading}
          />
          <Textarea
            label={t('drawings.fields.notes')}
            description={t('drawings.fields.notesHelp')}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={5_000}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={uploading}>
              {t('drawings.newVersion.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
