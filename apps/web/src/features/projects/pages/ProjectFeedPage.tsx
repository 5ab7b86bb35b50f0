import { FEED_FILTERS, feedQuerySchema } from '@app/shared/projects/feed';
import { Button, Card, Chip, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/States';
import { readListQuery } from '../../../lib/use-list-params';
import { FEED_PAGE_SIZE, useProjectFeedPage } from '../api';
import { FeedEventItem } from '../components/FeedEventItem';
import { ProjectShell } from '../components/ProjectHeader';

type FeedFilter = (typeof FEED_FILTERS)[number];

/** The events of one page of the feed, as list items (the list is the parent's). */
function FeedPageItems({
  projectId,
  kind,
  page,
  now,
}: {
  projectId: number;
  kind: FeedFilter | undefined;
  page: number;
  now: Date;
}) {
  const q = useProjectFeedPage(projectId, kind, page);
  if (q.isLoading) {
    return (
      <Group component="li" gap="sm" wrap="nowrap" py="xs" aria-busy="true">
        <Skeleton h={32} w={32} circle />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton h={14} w="60%" />
          <Skeleton h={10} w="30%" />
        </Stack>
      </Group>
    );
  }
  return (
    <>
      {(q.data?.data ?? []).map((e) => (
        <FeedEventItem key={e.id} projectId={projectId} event={e} now={now} />
      ))}
    </>
  );
}

/** The feed of one kind: the first page, and each next page once 'Meer laden' asks for it. */
function FeedList({ projectId, kind, onShowAll }: { projectId: number; kind: FeedFilter | undefined; onShowAll: () => void }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const first = useProjectFeedPage(projectId, kind, 1);
  const last = useProjectFeedPage(projectId, kind, pages);
  // One "now" per first load, so the relative times do not shift while the list is read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new load (dataUpdatedAt) is a new "now"
  const now = useMemo(() => new Date(), [first.dataUpdatedAt]);

  if (first.isLoading) {
    return (
      <Stack gap="md" aria-busy="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Group key={i} gap="sm" wrap="nowrap">
            <Skeleton h={32} w={32} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={14} w="60%" />
              <Skeleton h={10} w="30%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  }
  if (first.error || !first.data) return <ErrorState error={first.error} onRetry={() => void first.refetch()} />;
  const total = first.data.meta.total;
  if (total === 0) {
    return kind ? (
      <EmptyState
        icon={<IconActivity size={32} stroke={1.5} />}
        title={t('projects.feed.noMatchTitle')}
        description={t('projects.feed.noMatchText', { kind: t(`projects.feed.filters.${kind}`) })}
        action={
          <Button variant="light" onClick={onShowAll}>
            {t('projects.feed.showAll')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<IconActivity size={32} stroke={1.5} />}
        title={t('projects.feed.emptyTitle')}
        description={t('projects.feed.emptyText')}
      />
    );
  }
  const lastMeta = last.data?.meta;
  const hasMore = !!lastMeta && lastMeta.current_page < lastMeta.last_page;
  // Every page before the last is full.
  const shown = Math.min(total, (pages - 1) * FEED_PAGE_SIZE + (last.data?.data.length ?? 0));
  return (
    <Stack gap="sm">
      <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('projects.feed.listLabel')}>
        {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
          <FeedPageItems key={page} projectId={projectId} kind={kind} page={page} now={now} />
        ))}
      </Stack>
      {last.error ? <ErrorState error={last.error} onRetry={() => void last.refetch()} /> : null}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('projects.feed.shown', { count: shown, total })}
        </Text>
        {hasMore || last.isLoading ? (
          <Button variant="light" onClick={() => setPages((n) => n + 1)} loading={last.isLoading}>
            {t('projects.feed.more')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/**
 * projects.feed ('Feed'): what happened in the project, newest first: areas, tasks and sub-tasks
 * completed or reopened, tickets made or changed, with who and when. The kind filter lives in the
 * URL; older events come with 'Meer laden'.
 */
export function ProjectFeedPage() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  const [params, setParams] = useSearchParams();
  const { kind } = readListQuery(feedQuerySchema, params);

  const setKind = (v: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (v === 'all') p.delete('kind');
        else p.set('kind', v);
        return p;
      },
      { replace: true },
    );

  return (
    <ProjectShell projectId={projectId}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Title order={2} fz="xl">
            {t('projects.feed.title')}
          </Title>
          <Chip.Group multiple={false} value={kind ?? 'all'} onChange={setKind}>
            <Group gap={6} wrap="wrap" role="radiogroup" aria-label={t('projects.feed.filterLabel')}>
              {(['all', ...FEED_FILTERS] as const).map((f) => (
                <Chip key={f} value={f} size="sm" variant="outline">
                  {t(`projects.feed.filters.${f}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Group>
        <Card withBorder padding="md">
          <FeedList key={kind ?? 'all'} projectId={projectId} kind={kind} onShowAll={() => setKind('all')} />
        </Card>
      </Stack>
    </ProjectShell>
  );
}
