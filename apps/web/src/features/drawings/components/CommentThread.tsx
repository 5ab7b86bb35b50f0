import type { DrawingComment } from '@app/shared/drawings/drawings';
import type { FileInfo } from '@app/shared/files/files';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck, IconMessage, IconPaperclip, IconPencil } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../components/files/FilesField';
import { useAttempt } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { type DrawingSide, useAddDrawingComment } from '../api';
import { CommentFilesField } from './CommentFilesField';

const MAX_BODY = 5_000;

function KindBadge({ kind }: { kind: DrawingComment['kind'] }) {
  const { t } = useTranslation();
  if (kind === 'approve') {
    return (
      <Badge color="teal" variant="light" size="sm" leftSection={<IconCircleCheck size={12} aria-hidden />}>
        {t('drawings.comments.kind.approve')}
      </Badge>
    );
  }
  if (kind === 'request_changes') {
    return (
      <Badge color="orange" variant="light" size="sm" leftSection={<IconPencil size={12} aria-hidden />}>
        {t('drawings.comments.kind.request_changes')}
      </Badge>
    );
  }
  return null;
}

export function FileLinks({ files }: { files: FileInfo[] }) {
  const { t, i18n } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('drawings.comments.attachments')}>
      {files.map((f) => (
        <Group key={f.id} gap={6} wrap="nowrap" component="li">
          <IconPaperclip size={14} style={{ flex: 'none' }} aria-hidden />
          <Anchor href={f.url} download={f.originalName} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {f.originalName}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatBytes(f.size, i18n.language)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The comments on a version, oldest first: who (and on which side), when, what, the files; decisions marked. */
export function CommentThread({ comments }: { comments: DrawingComment[] }) {
  const { t } = useTranslation();
  if (comments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('drawings.comments.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('drawings.comments.title')}>
      {comments.map((c) => (
        <Paper
          key={c.id}
          component="li"
          withBorder
          p="sm"
          radius="md"
          bg={c.side === 'client' ? 'var(--mantine-color-blue-light)' : undefined}
        >
          <Stack gap={6}>
            <Group gap="xs" wrap="wrap" justify="space-between">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {c.author ?? t('drawings.comments.unknownAuthor')}
                </Text>
                {/* Shade 9 on the client's tinted card: shade 8 is 4.1:1 there (axe), 9 is 4.9:1. */}
                <Badge variant="outline" color={c.side === 'client' ? 'blue.9' : 'gray'} size="sm">
                  {t(`drawings.comments.side.${c.side}`)}
                </Badge>
                <KindBadge kind={c.kind} />
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(c.createdAt)}
              </Text>
            </Group>
            {c.actingEmployee ? (
              <Text size="xs" c="dimmed">
                {t('drawings.comments.actingEmployee', { name: c.actingEmployee })}
              </Text>
            ) : null}
            {c.body ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.body}
              </Text>
            ) : null}
            <FileLinks files={c.files} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** A new comment with attachments (POST …/comments); the text is required. */
export function CommentForm({ side, drawingId, versionId }: { side: DrawingSide; drawingId: number; versionId: number }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const add = useAddDrawingComment(side, drawingId, versionId);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<FileInfo[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) {
      setError(t('drawings.comments.bodyRequired'));
      return;
    }
    setError(null);
    await attempt(async () => {
      await add.mutateAsync({ body: body.trim(), fileIds: files.map((f) => f.id) });
      setBody('');
      setFiles([]);
      notify.success(t('drawings.comments.posted'));
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('drawings.comments.newLabel')}
          placeholder={t('drawings.comments.placeholder')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={MAX_BODY}
          value={body}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          required
        />
        <CommentFilesField value={files} onChange={setFiles} disabled={add.isPending} label={t('drawings.comments.attachFor')} />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconMessage size={16} />} loading={add.isPending}>
            {t('drawings.comments.post')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
