import { addWeeks, isoWeekOf, localDateString, parseWeekKey, weekKey } from '@app/shared/platform/iso-week';
import { TIMELINE_ROW_KINDS, type TimelineItem, type TimelineRowKind } from '@app/shared/timeline/timeline';
import { spanFits } from '@app/shared/timeline/timeline.rules';
import { Alert, Button, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarWeek, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/States';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { ProjectShell } from '../../projects/components/ProjectHeader';
import { useTimeline, useUpdateTimelineItem } from '../api';
import { TimelineGrid } from '../components/TimelineGrid';
import { type NewTimelineItem, TimelineItemModal } from '../components/TimelineItemModal';
import { type Move, moveBody, movedItem } from '../timeline-moves';

/** How many weeks the grid shows, and how far Eerder/Later step. */
export const WINDOW_WEEKS = 12;
const STEP_WEEKS = 4;

/** This week where the company works (the server's answer decides what is marked; this is where 'Deze week' goes). */
const thisWeek = () => weekKey(isoWeekOf(localDateString(new Date())));

/** /projects/:projectId/timeline: the project's week grid. */
export function TimelinePage() {
  const projectId = Number(useParams().projectId);
  return (
    <ProjectShell projectId={projectId}>
      <TimelineView projectId={projectId} />
    </ProjectShell>
  );
}

function TimelineView({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromParam = params.get('from');
  // A ?from= the app does not accept (no such week, a year outside 1900 to 2999, a window that
  // would run past 2999) falls back to this week.
  const fromWeek = fromParam ? parseWeekKey(fromParam) : null;
  const from = fromParam && fromWeek && spanFits(fromWeek, WINDOW_WEEKS) ? fromParam : undefined;
  const rowsParam = params.get('rows');
  const rows: TimelineRowKind = (TIMELINE_ROW_KINDS as readonly string[]).includes(rowsParam ?? '')
    ? (rowsParam as TimelineRowKind)
    : 'areas';
  const q = useTimeline(projectId, { from, weeks: WINDOW_WEEKS, rows });
  const update = useUpdateTimelineItem(projectId);
  const [editing, setEditing] = useState<TimelineItem | NewTimelineItem | undefined>();

  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const shownFrom = q.data?.from ?? from ?? thisWeek();
  const step = (n: number) => {
    const w = parseWeekKey(shownFrom);
    const next = w ? addWeeks(w, n) : null;
    if (next && spanFits(next, WINDOW_WEEKS)) setParam('from', weekKey(next));
  };

  const onMove = async (item: TimelineItem, move: Move) => {
    const body = moveBody(item, move);
    if (Object.keys(body).length === 0) return;
    try {
      await update.mutateAsync({ id: item.id, version: item.version, ...body, optimistic: movedItem(item, move) });
    } catch (err) {
      notify.error(
        isApiError(err) && err.code === 'STALE_VERSION'
          ? t('timeline.stale', { title: item.title })
          : t('timeline.moveFailed', { title: item.title, reason: errorMessage(t, err) }),
        { id: `timeline-move-${item.id}` },
      );
      throw err;
    }
  };

  const data = q.data;
  const canCreate = data?.abilities.canCreate ?? false;
  const hiddenOnAreas = data && data.rowKind === 'tasks' ? data.items.filter((i) => i.target.kind === 'area').length : 0;
  const lastWeek = data ? parseWeekKey(data.from) : null;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz="h3">
          {t('timeline.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('timeline.intro')}
        </Text>
      </Stack>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('timeline.nav.label')}>
          <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={() => step(-STEP_WEEKS)}>
            {t('timeline.nav.earlier')}
          </Button>
          <Button variant="default" leftSection={<IconCalendarWeek size={16} />} onClick={() => setParam('from', null)}>
            {t('timeline.nav.today')}
          </Button>
          <Button variant="default" rightSection={<IconChevronRight size={16} />} onClick={() => step(STEP_WEEKS)}>
            {t('timeline.nav.later')}
          </Button>
          {data && lastWeek ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('timeline.nav.showing', { from: data.from, to: weekKey(addWeeks(lastWeek, data.weeks - 1)) })}
            </Text>
          ) : null}
        </Group>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t('timeline.rowsLabel')}
            value={rows}
            onChange={(v) => setParam('rows', v === 'areas' ? null : v)}
            data={TIMELINE_ROW_KINDS.map((k) => ({ value: k, label: t(`timeline.rowKinds.${k}`) }))}
          />
          {canCreate ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ row: data?.rows[0] ?? null, week: data?.from ?? shownFrom })}
            >
              {t('timeline.newItem')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {q.isLoading ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton h={44} />
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
      ) : q.error || !data ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : data.rows.length === 0 ? (
        <EmptyState
          icon={<IconCalendarWeek size={32} stroke={1.5} />}
          title={t(data.rowKind === 'areas' ? 'timeline.empty.noRowsTitle' : 'timeline.empty.noTaskRowsTitle')}
          description={t(data.rowKind === 'areas' ? 'timeline.empty.noRowsText' : 'timeline.empty.noTaskRowsText')}
        />
      ) : (
        <>
          {!canCreate && data.abilities.reasons.canCreate && data.abilities.reasons.canCreate !== 'FORBIDDEN' ? (
            <Alert color="gray">{t('timeline.readOnly', { reason: t(`errors.${data.abilities.reasons.canCreate}`) })}</Alert>
          ) : null}
          {hiddenOnAreas > 0 ? (
            <Text size="sm" c="dimmed">
              {t('timeline.hiddenOnAreas', { count: hiddenOnAreas })}
            </Text>
          ) : null}
          {data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('timeline.empty.noItems')}
            </Text>
          ) : null}
          <TimelineGrid
            timeline={data}
            onCreate={canCreate ? (row, week) => setEditing({ row, week }) : undefined}
            onOpen={(item) => setEditing(item)}
            onMove={onMove}
          />
        </>
      )}
      <TimelineItemModal
        projectId={projectId}
        rows={data?.rows ?? []}
        editing={editing}
        onClose={() => setEditing(undefined)}
        reload={(id) => q.refetch().then((r) => r.data?.items.find((i) => i.id === id))}
      />
    </Stack>
  );
}
