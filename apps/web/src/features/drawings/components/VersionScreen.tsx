import type { DrawingVersion } from '@app/shared/drawings/drawings';
import type { FileInfo } from '@app/shared/files/files';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconLock, IconPencil } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { ErrorState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { isApiError } from '../../../lib/api';
import { useAttempt } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { type DrawingSide, drawingPaths, useDecideDrawingVersion, useDrawingVersion } from '../api';
import { CommentFilesField } from './CommentFilesField';
import { CommentForm, CommentThread } from './CommentThread';
import { VersionStatusBadge } from './DrawingBadges';
import { DrawingPreview } from './DrawingPreview';

/** Send the version back: what should change (required) and files to show it. */
function RequestChangesModal({
  opened,
  onClose,
  onSubmit,
  busy,
}: {
  opened: boolean;
  onClose: () => void;
  onSubmit: (body: string, fileIds: number[]) => Promise<boolean>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<FileInfo[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) {
      setError(t('drawings.decide.changesRequired'));
      return;
    }
    if (
      await onSubmit(
        body.trim(),
        files.map((f) => f.id),
      )
    ) {
      setBody('');
      setFiles([]);
      setError(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('drawings.decide.changesTitle')} size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('drawings.decide.changesLabel')}
            description={t('drawings.decide.changesHelp')}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={5_000}
            value={body}
            onChange={(e) => {
              setBody(e.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            required
            data-autofocus
          />
          <CommentFilesField value={files} onChange={setFiles} disabled={busy} label={t('drawings.comments.attachFor')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" color="orange" loading={busy} leftSection={<IconPencil size={16} />}>
              {t('drawings.decide.changesSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Approve or request changes, as the server's abilities allow. A version no longer waiting says
 * what was decided; one this person may not decide (staff without projects.manage) shows nothing;
 * one waiting but refused for another reason shows the buttons disabled with the reason.
 */
function DecisionBox({ side, version }: { side: DrawingSide; version: DrawingVersion }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const decide = useDecideDrawingVersion(side, version.drawing.id, version.id);
  const [changes, setChanges] = useState(false);
  const a = version.abilities;
  // After this person's decision the buttons go: the focus moves to what was decided, not to the page.
  const decidedBox = useRef<HTMLDivElement>(null);
  const [decidedHere, setDecidedHere] = useState(false);
  useEffect(() => {
    if (decidedHere && version.status !== 'pending') decidedBox.current?.focus();
  }, [decidedHere, version.status]);

  if (version.status !== 'pending') {
    const key = version.status === 'approved' ? 'drawings.decide.approvedBy' : 'drawings.decide.changesBy';
    return (
      <Alert
        ref={decidedBox}
        tabIndex={-1}
        color={version.status === 'approved' ? 'teal' : 'orange'}
        variant="light"
        icon={version.status === 'approved' ? <IconCircleCheck size={18} /> : <IconPencil size={18} />}
        title={t(`drawings.versionStatus.${version.status}`)}
      >
        {version.decidedAt
          ? t(key, { name: version.decidedBy ?? t('drawings.comments.unknownAuthor'), date: formatDateTime(version.decidedAt) })
          : null}
      </Alert>
    );
  }
  const forbidden = a.reasons.canApprove === 'FORBIDDEN' && a.reasons.canRequestChanges === 'FORBIDDEN';
  if (forbidden) return null;
  const texts = { DRAWING_APPROVED: t('drawings.decide.alreadyApproved') };
  const denied = deniedReason(t, a, 'canApprove', texts) ?? deniedReason(t, a, 'canRequestChanges', texts);

  // A decision that comes too late (approved in another tab, or by a colleague) is told as such,
  // not with the general DRAWING_APPROVED text, which is about adding a new version.
  const tooLate = {
    onError: (err: unknown) => {
      if (!isApiError(err) || err.code !== 'DRAWING_APPROVED') return false;
      notify.error(t('drawings.decide.alreadyApproved'));
      return true;
    },
  };

  const approve = async () => {
    const ok = await confirmAction({
      title: t('drawings.decide.approveTitle', { number: version.number }),
      message: t('drawings.decide.approveText', { name: version.drawing.name, number: version.number }),
      confirmLabel: t('drawings.decide.approve'),
    });
    if (!ok) return;
    await attempt(async () => {
      await decide.mutateAsync({ kind: 'approve', body: '' });
      setDecidedHere(true);
      notify.success(t('drawings.decide.approved', { name: version.drawing.name, number: version.number }));
    }, tooLate);
  };

  const requestChanges = async (body: string, fileIds: number[]) => {
    const sent = await attempt(async () => {
      await decide.mutateAsync({ kind: 'request-changes', body, fileIds });
      setDecidedHere(true);
      notify.success(t('drawings.decide.changesSent', { name: version.drawing.name }));
      setChanges(false);
      return true;
    }, tooLate);
    return sent ?? false;
  };

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>{t('drawings.decide.title')}</Text>
        <Text size="sm" c="dimmed">
          {side.kind === 'client'
            ? t('drawings.decide.helpClient')
            : t(version.side === 'client' ? 'drawings.decide.helpStaffClient' : 'drawings.decide.helpStaff')}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button
            color="teal"
            leftSection={<IconCircleCheck size={16} />}
            onClick={() => void approve()}
            disabled={!a.canApprove}
            loading={decide.isPending && decide.variables?.kind === 'approve'}
          >
            {t('drawings.decide.approve')}
          </Button>
          <Button
            variant="light"
            color="orange"
            leftSection={<IconPencil size={16} />}
            onClick={() => setChanges(true)}
            disabled={!a.canRequestChanges}
          >
            {t('drawings.decide.requestChanges')}
          </Button>
        </Group>
        {denied ? (
          <Text size="sm" c="dimmed">
            {denied}
          </Text>
        ) : null}
      </Stack>
      <RequestChangesModal opened={changes} onClose={() => setChanges(false)} onSubmit={requestChanges} busy={decide.isPending} />
    </Card>
  );
}

/** The previous version's preview beside this one (a toggle): loaded only when asked for. */
function ComparePane({ side, version }: { side: DrawingSide; version: DrawingVersion }) {
  const { t } = useTranslation();
  const prev = version.previous;
  const previous = useDrawingVersion(side, version.drawing.id, prev?.id ?? 0, !!prev);
  if (!prev) return null;
  return (
    <Stack gap="xs" style={{ minWidth: 0 }}>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {t('drawings.version.numbered', { number: prev.number })}
        </Text>
        {previous.data ? <VersionStatusBadge status={previous.data.status} size="sm" /> : null}
      </Group>
      {previous.isLoading ? <Skeleton h={300} /> : null}
      {previous.error ? <ErrorState error={previous.error} onRetry={() => void previous.refetch()} /> : null}
      {previous.data ? (
        <DrawingPreview file={previous.data.file} label={t('drawings.preview.label', { number: prev.number })} />
      ) : null}
    </Stack>
  );
}

/**
 * One version of a drawing, the same page on both sides: the preview (and the previous version
 * beside it on request), the notes, the decision, and the comments with their form.
 */
export function VersionScreen({ side, drawingId, versionId }: { side: DrawingSide; drawingId: number; versionId: number }) {
  const { t } = useTranslation();
  const query = useDrawingVersion(side, drawingId, versionId);
  const [compare, setCompare] = useState(false);
  const paths = drawingPaths(side);

  if (query.isLoading) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Skeleton h={32} w={360} maw="100%" />
        <Skeleton h={420} />
      </Stack>
    );
  }
  if (query.error || !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const v = query.data;
  const drawingLink = side.kind === 'staff' ? paths.drawing(v.drawing.id, 'versions') : paths.drawing(v.drawing.id);
  const comparing = compare && !!v.previous;

  const thisPreview = (
    <Stack gap="xs" style={{ minWidth: 0 }}>
      {comparing ? (
        <Group gap="xs">
          <Text fw={600} size="sm">
            {t('drawings.version.numbered', { number: v.number })}
          </Text>
          <VersionStatusBadge status={v.status} size="sm" />
        </Group>
      ) : null}
      <DrawingPreview file={v.file} label={t('drawings.preview.label', { number: v.number })} />
    </Stack>
  );

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Title
            order={side.kind === 'staff' ? 2 : 1}
            fz={side.kind === 'staff' ? 'xl' : { base: 22, sm: 28 }}
            style={{ overflowWrap: 'anywhere' }}
          >
            {t('drawings.version.title', { name: v.drawing.name, number: v.number })}
          </Title>
          <VersionStatusBadge status={v.status} />
        </Group>
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to={drawingLink} size="sm" underline="always">
            {t('drawings.version.backToDrawing', { name: v.drawing.name })}
          </Anchor>
          {' · '}
          {side.kind === 'client' ? `${v.drawing.project.name} · ` : null}
          {v.createdBy
            ? t('drawings.version.createdBy', { name: v.createdBy, date: formatDateTime(v.createdAt) })
            : t('drawings.version.created', { date: formatDateTime(v.createdAt) })}
        </Text>
      </Stack>

      {v.isLatest ? null : (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={t('drawings.version.olderTitle')}>
          {t('drawings.version.olderText', { count: v.drawing.versionCount })}
        </Alert>
      )}

      <DecisionBox side={side} version={v} />

      {v.previous ? (
        <Switch
          checked={compare}
          onChange={(e) => setCompare(e.currentTarget.checked)}
          label={t('drawings.version.compare', { number: v.previous.number })}
        />
      ) : null}
      {comparing ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ComparePane side={side} version={v} />
          {thisPreview}
        </SimpleGrid>
      ) : (
        thisPreview
      )}

      {v.notes ? (
        <Card withBorder padding="md">
          <Group gap={6} mb={4}>
            <IconInfoCircle size={16} aria-hidden />
            <Text fw={600} size="sm">
              {t('drawings.version.notes')}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {v.notes}
          </Text>
        </Card>
      ) : null}

      <Stack gap="sm" component="section" aria-labelledby="drawing-comments-title">
        <Title order={side.kind === 'staff' ? 3 : 2} fz="lg" id="drawing-comments-title">
          {t('drawings.comments.titleCount', { count: v.comments.length })}
        </Title>
        <CommentThread comments={v.comments} />
        {v.abilities.canComment ? (
          <Card withBorder padding="md">
            <CommentForm side={side} drawingId={v.drawing.id} versionId={v.id} />
          </Card>
        ) : null}
      </Stack>
    </Stack>
  );
}
