import type { DrawingVersion } from '@app/shared/drawings/drawings';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
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
import { IconCircleCheck, IconInfoCircle, IconLock, IconMapPin, IconMessage, IconPencil, IconSquare } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { ErrorState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { isApiError } from '../../../lib/api';
import { useAttempt } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { type DrawingSide, drawingPaths, useAddDrawingComment, useDecideDrawingVersion, useDrawingVersion } from '../api';
import { previewKind } from '../upload';
import { CommentFilesField, useCommentDraft } from './CommentFilesField';
import { CommentForm, type NumberedThread, ThreadList } from './CommentThread';
import { VersionStatusBadge } from './DrawingBadges';
import { DrawingPreview, type PreviewMarkup } from './DrawingPreview';
import { type Mark, MarkupLayer, type MarkupTool } from './MarkupLayer';
import { firstWords, type Placement } from './markup-geometry';

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
  const draft = useCommentDraft(t('drawings.decide.changesRequired'));

  return (
    <Modal opened={opened} onClose={onClose} title={t('drawings.decide.changesTitle')} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void draft.send(onSubmit);
        }}
        noValidate
      >
        <Stack gap="md">
          <Textarea
            label={t('drawings.decide.changesLabel')}
            description={t('drawings.decide.changesHelp')}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={5_000}
            {...draft.textProps}
            required
            data-autofocus
          />
          <CommentFilesField
            value={draft.files}
            onChange={draft.setFiles}
            disabled={busy}
            label={t('drawings.comments.attachFor')}
          />
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

/** The comment for a place just marked on the page: Enter (or Ctrl+Enter) saves, Escape cancels. */
function DraftForm({
  side,
  version,
  draft,
  onCancel,
  onSaved,
}: {
  side: DrawingSide;
  version: DrawingVersion;
  draft: Placement;
  onCancel: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const add = useAddDrawingComment(side, version.drawing.id, version.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const isRect = draft.w !== undefined;

  const save = async () => {
    if (!body.trim()) {
      setError(t('drawings.comments.bodyRequired'));
      return;
    }
    await attempt(async () => {
      const saved = await add.mutateAsync({ body: body.trim(), fileIds: [], anchor: draft });
      notify.success(t('drawings.markup.placed', { page: draft.page }));
      onSaved(saved.id);
    });
  };

  return (
    <Card withBorder padding="sm" style={{ borderColor: 'var(--mantine-color-blue-7)' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="xs">
          <Textarea
            label={t(isRect ? 'drawings.markup.draftRect' : 'drawings.markup.draftPin', { page: draft.page })}
            description={t('drawings.markup.enterHint')}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={5_000}
            autoFocus
            value={body}
            error={error}
            onChange={(e) => {
              setBody(e.currentTarget.value);
              if (error) setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (!e.shiftKey || e.ctrlKey)) {
                e.preventDefault();
                void save();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                onCancel();
              }
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={onCancel} disabled={add.isPending}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" size="xs" loading={add.isPending} leftSection={<IconMessage size={14} />}>
              {t('drawings.markup.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * The version's preview with its markup and the threads beside it (below it on a small screen):
 * the tools to place a pin or a rectangle, the comment for a new place, and the thread list;
 * a pin and its thread highlight each other on hover and focus, and choosing one shows the other.
 */
function MarkupWorkspace({ side, version: v }: { side: DrawingSide; version: DrawingVersion }) {
  const { t } = useTranslation();
  const [compare, setCompare] = useState(false);
  const [tool, setTool] = useState<MarkupTool | null>(null);
  const [draft, setDraft] = useState<Placement | null>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [hoverId, setHoverId] = useState<number | null>(null);
  const [showResolved, setShowResolved] = useState(false);
  const [goTo, setGoTo] = useState<{ page: number; seq: number } | null>(null);
  const comparing = compare && !!v.previous;
  const kind = previewKind(v.file);
  const canPlace = v.abilities.canComment && kind !== 'download';

  const numbered: NumberedThread[] = v.threads.map((thread, i) => ({ thread, number: i + 1 }));
  const resolvedCount = numbered.filter((n) => n.thread.resolvedAt).length;
  const visible = numbered.filter((n) => showResolved || !n.thread.resolvedAt || n.thread.id === activeId);
  const highlight = hoverId ?? activeId;

  const marksOn = (page: number): Mark[] =>
    visible.flatMap(({ thread: th, number }) =>
      th.anchor && th.anchor.page === page
        ? [
            {
              id: th.id,
              number,
              anchor: th.anchor,
              resolved: !!th.resolvedAt,
              label: t('drawings.markup.pinLabel', { number, page, text: firstWords(th.body) }),
            },
          ]
        : [],
    );

  const selectFromPin = useCallback((id: number) => {
    setActiveId(id);
    const el = document.getElementById(`thread-${id}`);
    el?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  }, []);

  const selectFromList = (id: number) => {
    const th = v.threads.find((x) => x.id === id);
    setActiveId(id);
    if (th?.anchor) setGoTo({ page: th.anchor.page, seq: Date.now() });
    // The pin shows once its page is drawn: bring it into view and give it the focus.
    window.setTimeout(() => {
      const pin = document.querySelector<HTMLElement>(`[data-testid="markup-pin-${id}"]`);
      pin?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      pin?.focus({ preventScroll: true });
    }, 150);
  };

  const chooseTool = (next: MarkupTool) => {
    setDraft(null);
    setTool((cur) => (cur === next ? null : next));
  };

  const markup: PreviewMarkup | undefined =
    canPlace || v.threads.some((x) => x.anchor)
      ? {
          goTo,
          layer: (page) => (
            <MarkupLayer
              page={page}
              marks={marksOn(page)}
              tool={tool}
              draft={draft}
              activeId={highlight}
              onPlace={(p) => {
                setDraft(p);
                setTool(null);
              }}
              onCancel={() => setTool(null)}
              onSelect={selectFromPin}
              onHover={setHoverId}
            />
          ),
        }
      : undefined;

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
      <DrawingPreview file={v.file} label={t('drawings.preview.label', { number: v.number })} markup={markup} />
    </Stack>
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: comparing ? 12 : 8 }}>
        <Stack gap="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            {canPlace ? (
              <Group gap="xs" role="toolbar" aria-label={t('drawings.markup.tools')}>
                <Button
                  size="xs"
                  variant={tool === 'pin' ? 'filled' : 'default'}
                  leftSection={<IconMapPin size={14} />}
                  aria-pressed={tool === 'pin'}
                  onClick={() => chooseTool('pin')}
                >
                  {t('drawings.markup.pin')}
                </Button>
                <Button
                  size="xs"
                  variant={tool === 'rect' ? 'filled' : 'default'}
                  leftSection={<IconSquare size={14} />}
                  aria-pressed={tool === 'rect'}
                  onClick={() => chooseTool('rect')}
                >
                  {t('drawings.markup.rect')}
                </Button>
              </Group>
            ) : (
              <span />
            )}
            {v.previous ? (
              <Switch
                checked={compare}
                onChange={(e) => setCompare(e.currentTarget.checked)}
                label={t('drawings.version.compare', { number: v.previous.number })}
              />
            ) : null}
          </Group>
          {tool ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t(tool === 'pin' ? 'drawings.markup.hintPin' : 'drawings.markup.hintRect')}
            </Text>
          ) : null}
          {comparing ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <ComparePane side={side} version={v} />
              {thisPreview}
            </SimpleGrid>
          ) : (
            thisPreview
          )}
          {draft ? (
            <DraftForm
              side={side}
              version={v}
              draft={draft}
              onCancel={() => setDraft(null)}
              onSaved={(id) => {
                setDraft(null);
                setActiveId(id);
              }}
            />
          ) : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: comparing ? 12 : 4 }}>
        <Stack gap="sm" component="section" aria-labelledby="drawing-comments-title">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={side.kind === 'staff' ? 3 : 2} fz="lg" id="drawing-comments-title">
              {t('drawings.comments.titleCount', { count: v.threads.length })}
            </Title>
            {resolvedCount > 0 ? (
              <Switch
                size="sm"
                checked={showResolved}
                onChange={(e) => setShowResolved(e.currentTarget.checked)}
                label={t('drawings.markup.showResolved', { count: resolvedCount })}
              />
            ) : null}
          </Group>
          {visible.length === 0 ? (
            <Text size="sm" c="dimmed">
              {v.threads.length === 0
                ? t(canPlace ? 'drawings.markup.emptyPlace' : 'drawings.comments.empty')
                : t('drawings.markup.allResolved')}
            </Text>
          ) : (
            <ThreadList
              side={side}
              drawingId={v.drawing.id}
              versionId={v.id}
              threads={visible}
              activeId={highlight}
              onHover={setHoverId}
              onSelect={selectFromList}
            />
          )}
          {v.abilities.canComment ? (
            <Card withBorder padding="md">
              <CommentForm side={side} drawingId={v.drawing.id} versionId={v.id} />
            </Card>
          ) : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * One version of a drawing, the same page on both sides: the preview with its markup (and the
 * previous version beside it on request), the notes, the decision, and the threads with their forms.
 */
export function VersionScreen({ side, drawingId, versionId }: { side: DrawingSide; drawingId: number; versionId: number }) {
  const { t } = useTranslation();
  const query = useDrawingVersion(side, drawingId, versionId);
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

      <MarkupWorkspace side={side} version={v} />
    </Stack>
  );
}
