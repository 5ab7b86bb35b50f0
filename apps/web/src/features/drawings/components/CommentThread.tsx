import type { DrawingComment, MarkupThread } from '@app/shared/drawings/drawings';
import type { FileInfo } from '@app/shared/files/files';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck, IconMessage, IconPaperclip, IconPencil } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../components/files/FilesField';
import { useAttempt } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { type DrawingSide, useAddDrawingComment, useReplyToThread, useSetThreadResolved } from '../api';
import { CommentFilesField, useCommentDraft } from './CommentFilesField';

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

/**
 * One comment, on its own card or inside a thread (the root or a reply): who, which side and
 * decision, when, the employee acting for the company, the text and the files.
 */
function CommentContent({ c, gap = 4 }: { c: DrawingComment; gap?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap={gap}>
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
          <CommentContent c={c} gap={6} />
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
  const draft = useCommentDraft(t('drawings.comments.bodyRequired'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void draft.send(
      async (body, fileIds) =>
        (await attempt(async () => {
          await add.mutateAsync({ body, fileIds });
          notify.success(t('drawings.comments.posted'));
          return true;
        })) ?? false,
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('drawings.comments.newLabel')}
          placeholder={t('drawings.comments.placeholder')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={MAX_BODY}
          {...draft.textProps}
          required
        />
        <CommentFilesField
          value={draft.files}
          onChange={draft.setFiles}
          disabled={add.isPending}
          label={t('drawings.comments.attachFor')}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconMessage size={16} />} loading={add.isPending}>
            {t('drawings.comments.post')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The reply box of a thread, with attachments as on a comment: Enter (or Ctrl+Enter) sends,
 * Shift+Enter is a new line, Escape closes.
 */
function ReplyForm({
  onSend,
  onClose,
  busy,
  label,
  attachLabel,
}: {
  onSend: (body: string, fileIds: number[]) => Promise<boolean>;
  onClose: () => void;
  busy: boolean;
  label: string;
  /** Names the attachments' upload button. */
  attachLabel: string;
}) {
  const { t } = useTranslation();
  const draft = useCommentDraft(t('drawings.comments.bodyRequired'));
  const send = () => void draft.send(onSend);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      noValidate
    >
      <Stack gap={6}>
        <Textarea
          label={label}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MAX_BODY}
          {...draft.textProps}
          data-autofocus
          autoFocus
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              send();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              onClose();
            }
          }}
          description={t('drawings.markup.enterHint')}
        />
        <CommentFilesField value={draft.files} onChange={draft.setFiles} disabled={busy} label={attachLabel} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onClose} disabled={busy}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={busy} leftSection={<IconMessage size={14} />}>
            {t('drawings.markup.sendReply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface NumberedThread {
  thread: MarkupThread;
  number: number;
}

/**
 * The threads of a version beside the drawing: numbered like their pins, replies oldest first, a
 * reply box, resolve and reopen as the server's abilities allow, carried-over ones marked. A
 * thread hovered or focused highlights its pin (onHover); "show on the drawing" selects it.
 */
export function ThreadList({
  side,
  drawingId,
  versionId,
  threads,
  activeId,
  onHover,
  onSelect,
}: {
  side: DrawingSide;
  drawingId: number;
  versionId: number;
  threads: NumberedThread[];
  activeId: number | null;
  onHover: (id: number | null) => void;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const reply = useReplyToThread(side, drawingId, versionId);
  const state = useSetThreadResolved(side, drawingId, versionId);
  const [replying, setReplying] = useState<number | null>(null);

  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('drawings.markup.threads')}>
      {threads.map(({ thread: th, number }) => {
        const active = th.id === activeId;
        const title = t('drawings.markup.threadTitle', { number });
        return (
          <Paper
            key={th.id}
            component="li"
            withBorder
            p="sm"
            radius="md"
            id={`thread-${th.id}`}
            tabIndex={-1}
            data-testid={`thread-${th.id}`}
            data-active={active || undefined}
            aria-label={title}
            onMouseEnter={() => onHover(th.id)}
            onMouseLeave={() => onHover(null)}
            onFocus={() => onHover(th.id)}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onHover(null);
            }}
            style={{
              borderColor: active ? 'var(--mantine-color-blue-7)' : undefined,
              boxShadow: active ? '0 0 0 2px var(--mantine-color-blue-3)' : undefined,
            }}
          >
            <Stack gap="xs">
              <Group gap={6} wrap="wrap">
                <Badge circle size="lg" color={active ? 'blue.7' : th.resolvedAt ? 'gray.7' : 'orange.9'} aria-hidden>
                  {number}
                </Badge>
                {th.anchor ? (
                  <Anchor component="button" type="button" size="sm" onClick={() => onSelect(th.id)}>
                    {th.anchor.w !== null
                      ? t('drawings.markup.showRect', { page: th.anchor.page })
                      : t('drawings.markup.showPin', { page: th.anchor.page })}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('drawings.markup.wholeVersion')}
                  </Text>
                )}
                {th.carriedOver ? (
                  <Badge color="violet.9" variant="outline" size="sm">
                    {t('drawings.markup.carriedOver', { number: th.versionNumber })}
                  </Badge>
                ) : null}
                {th.resolvedAt ? (
                  <Badge color="teal.9" variant="outline" size="sm" leftSection={<IconCircleCheck size={12} aria-hidden />}>
                    {t('drawings.markup.resolved')}
                  </Badge>
                ) : null}
              </Group>
              <CommentContent c={th} />
              {th.replies.length ? (
                <Stack
                  gap="xs"
                  component="ol"
                  p={0}
                  m={0}
                  pl="sm"
                  style={{ listStyle: 'none', borderLeft: '2px solid var(--mantine-color-gray-3)' }}
                  aria-label={t('drawings.markup.replies', { count: th.replies.length })}
                >
                  {th.replies.map((r) => (
                    <li key={r.id}>
                      <CommentContent c={r} />
                    </li>
                  ))}
                </Stack>
              ) : null}
              {th.resolvedAt ? (
                <Text size="xs" c="dimmed">
                  {t('drawings.markup.resolvedBy', {
                    name: th.resolvedBy ?? t('drawings.comments.unknownAuthor'),
                    date: formatDateTime(th.resolvedAt),
                  })}
                </Text>
              ) : null}
              {replying === th.id ? (
                <ReplyForm
                  label={t('drawings.markup.replyLabel', { number })}
                  attachLabel={t('drawings.markup.attachForReply', { number })}
                  busy={reply.isPending}
                  onClose={() => setReplying(null)}
                  onSend={async (body, fileIds) =>
                    (await attempt(async () => {
                      await reply.mutateAsync({ threadId: th.id, body, fileIds });
                      notify.success(t('drawings.markup.replied'));
                      setReplying(null);
                      return true;
                    })) ?? false
                  }
                />
              ) : (
                <Group gap="xs">
                  {th.abilities.canReply ? (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setReplying(th.id)}
                      aria-label={t('drawings.markup.replyTo', { number })}
                    >
                      {t('drawings.markup.reply')}
                    </Button>
                  ) : null}
                  {th.abilities.canResolve ? (
                    <Button
                      size="xs"
                      variant="light"
                      color="teal"
                      leftSection={<IconCircleCheck size={14} />}
                      aria-label={t('drawings.markup.resolveThread', { number })}
                      loading={state.isPending && state.variables?.threadId === th.id}
                      onClick={() =>
                        void attempt(async () => {
                          await state.mutateAsync({ threadId: th.id, resolve: true });
                          notify.success(t('drawings.markup.resolvedToast', { number }));
                        })
                      }
                    >
                      {t('drawings.markup.resolve')}
                    </Button>
                  ) : null}
                  {th.abilities.canReopen ? (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('drawings.markup.reopenThread', { number })}
                      loading={state.isPending && state.variables?.threadId === th.id}
                      onClick={() =>
                        void attempt(async () => {
                          await state.mutateAsync({ threadId: th.id, resolve: false });
                          notify.success(t('drawings.markup.reopenedToast', { number }));
                        })
                      }
                    >
                      {t('drawings.markup.reopen')}
                    </Button>
                  ) : null}
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
