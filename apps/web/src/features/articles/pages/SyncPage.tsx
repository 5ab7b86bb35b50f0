import type { SyncRun } from '@app/shared/articles/articles';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHistory, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { api, isApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { articleKeys, isRunActive, useStartSync, useSyncRun, useSyncRuns } from '../api';
import { formatDuration, SyncProgress, SyncResult, SyncStatusBadge } from '../components/SyncRunPanel';

const HISTORY_PER_PAGE = 10;

/**
 * articles.sync ('Sync Articles'): start a run, follow its progress (polled every second while it is
 * queued or running), read its outcome, and the history of runs. A run already going when the page
 * opens is followed too.
 */
export function SyncPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const start = useStartSync();
  const [runId, setRunId] = useState<number | null>(null);
  const [alreadyRunning, setAlreadyRunning] = useState(false);

  const newest = useSyncRuns(1, HISTORY_PER_PAGE);
  const history = useSyncRuns(page, HISTORY_PER_PAGE);
  const latest = newest.data?.data[0];
  const followId = runId ?? (latest && isRunActive(latest.status) ? latest.id : null);
  const followed = useSyncRun(followId);
  const shown: SyncRun | undefined = followed.data ?? (followId === null ? latest : undefined);
  const active = !!shown && isRunActive(shown.status);

  // When the followed run ends: refresh the history and every article list, and say how it went.
  const wasActive = useRef(false);
  useEffect(() => {
    const run = followed.data;
    if (!run) return;
    if (isRunActive(run.status)) {
      wasActive.current = true;
      return;
    }
    if (!wasActive.current) return;
    wasActive.current = false;
    setAlreadyRunning(false);
    void qc.invalidateQueries({ queryKey: articleKeys.all, predicate: (q) => q.queryKey[2] !== 'run' });
    if (run.status === 'succeeded') notify.success(t('articles.sync.doneToast'));
    else notify.error(t(`articles.sync.errors.${run.error ?? 'INTERNAL'}`));
  }, [followed.data, qc, t]);

  const handleStart = async () => {
    setAlreadyRunning(false);
    try {
      const run = await start.mutateAsync();
      setRunId(run.id);
      notify.info(t('articles.sync.startedToast'));
    } catch (err) {
      if (isApiError(err) && err.code === 'ARTICLE_SYNC_RUNNING') {
        setAlreadyRunning(true);
        // Follow the run that is going: named in the answer, or the newest one in progress.
        const named = Number(err.details?.runId);
        if (Number.isInteger(named) && named > 0) setRunId(named);
        else {
          const fresh = await api.get<{ data: SyncRun[] }>('/api/articles/sync/runs', { query: { page: 1, perPage: 5 } });
          const going = fresh.data.find((r) => isRunActive(r.status));
          if (going) setRunId(going.id);
          await qc.invalidateQueries({ queryKey: articleKeys.runs(1) });
        }
      } else notifyError(t, err);
    }
  };

  const columns: Column<SyncRun>[] = [
    {
      key: 'started',
      header: t('articles.sync.history.started'),
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.startedAt)}</span>,
    },
    {
      key: 'by',
      header: t('articles.sync.history.by'),
      render: (r) =>
        r.triggeredBy ?? (
          <Text size="sm" c="dimmed">
            {t(`articles.sync.triggers.${r.trigger}`)}
          </Text>
        ),
    },
    {
      key: 'trigger',
      header: t('articles.sync.history.trigger'),
      render: (r) => (
        <Badge variant="outline" color="gray" size="sm">
          {t(`articles.sync.triggers.${r.trigger}`)}
        </Badge>
      ),
    },
    { key: 'status', header: t('articles.sync.history.status'), render: (r) => <SyncStatusBadge status={r.status} /> },
    {
      key: 'counts',
      header: t('articles.sync.history.counts'),
      render: (r) =>
        r.status === 'succeeded' ? (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {t('articles.sync.history.countsValue', {
              created: r.created,
              updated: r.updated,
              unchanged: r.unchanged,
              deleted: r.deleted,
            })}
          </Text>
        ) : r.error ? (
          <Text size="sm" c="dimmed">
            {t(`articles.sync.errorsShort.${r.error}`)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('articles.sync.fetched', { fetched: r.fetched })}
          </Text>
        ),
    },
    {
      key: 'duration',
      header: t('articles.sync.history.duration'),
      render: (r) => (isRunActive(r.status) ? '…' : formatDuration(t, r.startedAt, r.finishedAt)),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('articles.sync.title')}
        description={t('articles.sync.intro')}
        actions={
          <>
            <ExportMenu path="/api/articles/sync/runs/export" params={{}} />
            <Button
              leftSection={<IconRefresh size={16} />}
              onClick={() => void handleStart()}
              loading={start.isPending}
              disabled={active}
            >
              {t('articles.sync.start')}
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        {alreadyRunning ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
            {t('articles.sync.alreadyRunning')}
          </Alert>
        ) : null}
        {followed.error ? (
          <ErrorState error={followed.error} onRetry={() => void followed.refetch()} />
        ) : newest.isLoading || (followId !== null && !followed.data) ? (
          <Skeleton h={140} />
        ) : newest.error ? (
          <ErrorState error={newest.error} onRetry={() => void newest.refetch()} />
        ) : shown ? (
          active ? (
            <SyncProgress run={shown} />
          ) : (
            <SyncResult run={shown} />
          )
        ) : (
          <Card withBorder padding="lg">
            <Text size="sm" c="dimmed">
              {t('articles.sync.neverRun')}
            </Text>
          </Card>
        )}
        <div>
          <Title order={2} size="h4" mb="sm">
            {t('articles.sync.history.title')}
          </Title>
          <DataTable
            caption={t('articles.sync.history.title')}
            columns={columns}
            // The run being followed shows its latest polled state here too.
            rows={history.data?.data.map((r) => (shown && r.id === shown.id ? shown : r))}
            meta={history.data?.meta}
            rowKey={(r) => r.id}
            isLoading={history.isLoading}
            error={history.error}
            onRetry={() => void history.refetch()}
            onPage={(p) =>
              setParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  if (p === 1) next.delete('page');
                  else next.set('page', String(p));
                  return next;
                },
                { replace: true },
              )
            }
            empty={
              <EmptyState
                icon={<IconHistory size={32} stroke={1.5} />}
                title={t('articles.sync.history.emptyTitle')}
                description={t('articles.sync.history.emptyText')}
              />
            }
          />
          <Group mt="xs">
            <Text size="xs" c="dimmed">
              {t('articles.sync.history.note')}
            </Text>
          </Group>
        </div>
      </Stack>
    </>
  );
}
