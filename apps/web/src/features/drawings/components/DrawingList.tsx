import { DRAWING_SORTS, type DrawingListItem, drawingListQuerySchema } from '@app/shared/drawings/drawings';
import { DRAWING_TABS, type DrawingTab } from '@app/shared/drawings/drawings.rules';
import { Anchor, Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { DueDateText, OverdueBadge, WaitingForYouBadge } from '../../../components/DueDateBadge';
import { ListSearch, ListSort, ListTabs, ListToolbar } from '../../../components/ListToolbar';
import { EmptyState, NoMatchState } from '../../../components/States';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useListParams } from '../../../lib/use-list-params';
import { type DrawingSide, drawingPaths, useDrawings } from '../api';
import { DrawingStatusBadge } from './DrawingBadges';

const PER_PAGE = 25;

export interface ProjectChoice {
  value: string;
  label: string;
}

interface Props {
  side: DrawingSide;
  /** Beside the filters (e.g. "Nieuwe tekening"). */
  action?: ReactNode;
  /** The portal filters by project: its projects to choose from. */
  projects?: ProjectChoice[];
  /** What the empty pending tab suggests (staff: make one). */
  emptyAction?: ReactNode;
  /** Beside the filters: the export of the list as it is filtered (staff; the page brings the menu, so the portal's chunk stays as it is). */
  exportMenu?: (params: { tab: DrawingTab; sort: string; q: string | undefined }) => ReactNode;
}

/**
 * The drawings of a project (staff) or of the company (portal): tabs pending and approved, search,
 * sort, page and (portal) project in the URL; status, latest version and who is responsible.
 */
export function DrawingList({ side, action, projects, emptyAction, exportMenu }: Props) {
  const { t } = useTranslation();
  const list$ = useListParams(drawingListQuerySchema);
  const { tab } = list$.query;
  const projectParam = Number(list$.params.get('project'));
  const projectId = projects && Number.isInteger(projectParam) && projectParam > 0 ? projectParam : undefined;
  // The portal's "Wacht op jou": only what the signed-in user still decides (any tab).
  const waiting = side.kind === 'client' && list$.params.get('waiting') === 'me' ? ('me' as const) : undefined;
  const filtered = !!(list$.q || projectId || waiting);
  const paths = drawingPaths(side);

  const list = useDrawings(side, {
    page: list$.page,
    perPage: PER_PAGE,
    sort: list$.sort,
    q: list$.q,
    tab,
    projectId,
    ...(waiting ? { waiting } : {}),
  });

  const clearFilters = () => {
    list$.setSearch('');
    list$.setFilters({ q: null, project: null, waiting: null });
  };

  const columns: Column<DrawingListItem>[] = [
    {
      key: 'name',
      header: t('drawings.fields.name'),
      render: (x) => (
        <Anchor
          component={Link}
          to={paths.drawing(x.id)}
          fw={500}
          display="inline-block"
          miw={160}
          style={{ overflowWrap: 'anywhere' }}
        >
          {x.name}
        </Anchor>
      ),
    },
    side.kind === 'client'
      ? { key: 'project', header: t('drawings.fields.project'), render: (x: DrawingListItem) => x.project.name }
      : { key: 'company', header: t('drawings.fields.client'), render: (x: DrawingListItem) => x.company.name },
    { key: 'area', header: t('drawings.fields.area'), render: (x: DrawingListItem) => x.area?.name ?? '—' },
    {
      key: 'status',
      header: t('drawings.fields.status'),
      render: (x) => (
        <Stack gap={4} align="flex-start">
          <Group gap={4} wrap="wrap">
            <DrawingStatusBadge status={x.status} waitingFor={x.waitingFor} viewer={side.kind} />
            {x.overdue ? <OverdueBadge dueDate={x.dueDate} /> : null}
            {x.waitingForYou ? <WaitingForYouBadge /> : null}
          </Group>
          <DueDateText dueDate={x.dueDate} overdue={x.overdue} />
        </Stack>
      ),
    },
    {
      key: 'latest',
      header: t('drawings.fields.latestVersion'),
      render: (x) =>
        x.latestVersion ? (
          <Stack gap={2} align="flex-start">
            <Anchor component={Link} to={paths.version(x.id, x.latestVersion.id)} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('drawings.version.numbered', { number: x.latestVersion.number })}
            </Anchor>
            <Text size="xs" c="dimmed" title={formatDateTime(x.latestVersion.createdAt)}>
              {formatDate(x.latestVersion.createdAt)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    { key: 'employee', header: t('drawings.fields.employee'), render: (x) => x.employee?.name ?? '—' },
    {
      key: 'date',
      header: t('drawings.fields.date'),
      width: 120,
      render: (x) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(x.drawingDate)}
        </Text>
      ),
    },
  ];

  return (
    <ListTabs list$={list$} tabs={DRAWING_TABS} value={tab} defaultTab="pending" label={(x) => t(`drawings.list.tabs.${x}`)}>
      <Stack gap="md">
        <ListToolbar>
          <ListSearch list$={list$} label={t('drawings.list.search')} width={260} />
          {projects ? (
            <Select
              aria-label={t('drawings.fields.project')}
              placeholder={t('drawings.list.allProjects')}
              data={projects}
              value={projectId ? String(projectId) : null}
              onChange={(v) => list$.setFilters({ project: v })}
              clearable
              searchable
              w={{ base: '100%', sm: 240 }}
            />
          ) : null}
          {side.kind === 'client' ? (
            <Switch
              label={t('approvals.waitingForYouFilter')}
              checked={!!waiting}
              onChange={(e) => list$.setFilters({ waiting: e.currentTarget.checked ? 'me' : null })}
            />
          ) : null}
          <ListSort
            list$={list$}
            sorts={DRAWING_SORTS}
            sortLabel={(s) => t(`drawings.list.sorts.${s}`)}
            label={t('drawings.list.sortLabel')}
            width={200}
          />
          {filtered ? (
            <Button variant="subtle" onClick={clearFilters}>
              {t('drawings.list.clearFilters')}
            </Button>
          ) : null}
          {action || exportMenu ? (
            <Group ml="auto" gap="sm">
              {exportMenu?.({ tab, sort: list$.sort, q: list$.q })}
              {action}
            </Group>
          ) : null}
        </ListToolbar>
        <DataTable
          caption={t('drawings.list.caption', { tab: t(`drawings.list.tabs.${tab}`) })}
          columns={columns}
          rows={list.data?.data}
          meta={list.data?.meta}
          rowKey={(x) => x.id}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          sort={list$.sort}
          onSort={list$.setSort}
          onPage={list$.setPage}
          cardSort={false}
          empty={
            filtered ? (
              <NoMatchState
                title={t('drawings.list.noMatchTitle')}
                description={t('drawings.list.noMatchText')}
                clearLabel={t('drawings.list.clearFilters')}
                onClear={clearFilters}
              />
            ) : (
              <EmptyState
                icon={<IconFileDescription size={32} stroke={1.5} />}
                title={t(`drawings.list.empty.${tab}.title`)}
                description={t(`drawings.list.empty.${tab}.${side.kind}`)}
                action={tab === 'pending' ? emptyAction : undefined}
              />
            )
          }
        />
      </Stack>
    </ListTabs>
  );
}
