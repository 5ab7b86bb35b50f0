import { TASK_STATUSES } from '@app/shared/projects/projects.rules';
import { projectTaskListQuerySchema, TASK_SORTS, type TaskSummary } from '@app/shared/projects/tasks';
import { Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowsSort, IconChecklist, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSelection } from '../../../components/bulk/useSelection';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { EmptyState, NoMatchState } from '../../../components/States';
import { formatDateTime } from '../../../lib/dates';
import { useListParams } from '../../../lib/use-list-params';
import { useCan } from '../../auth/api';
import { areaTitle } from '../area-label';
import { useAreaList } from '../areas-api';
import { OpenTickets, SubtaskCount, TaskQuickAction, taskPath } from '../components/AreaTasks';
import { ProjectHeader } from '../components/ProjectHeader';
import { TaskStatusBadge } from '../components/TaskStatusBadge';
import { TasksBulkBar } from '../components/TasksBulkBar';
import { useEmployeeOptions } from '../employees-api';
import { useProjectLock } from '../project-lock';
import { useProjectTasks } from '../tasks-api';

const isSort = (raw: string): raw is (typeof TASK_SORTS)[number] => (TASK_SORTS as readonly string[]).includes(raw);

/**
 * {projectId}/tasks ('Taken'): every task of the project with filters status, assignee and area
 * and a search, sorted and paged on the server; all of it in the URL. A task opens in its
 * editor on its area's page.
 */
export function ProjectTasksPage() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  const list$ = useListParams(projectTaskListQuerySchema);
  const { status, assigneeId, areaId } = list$.query;
  const filtered = !!(list$.q || status || assigneeId || areaId);

  const employees = useEmployeeOptions();
  const areas = useAreaList(projectId);
  const list = useProjectTasks(projectId, {
    page: list$.page,
    perPage: 25,
    sort: list$.sort,
    q: list$.q,
    status,
    assigneeId,
    areaId,
  });
  // A deleted project is read-only: no selection, no bulk actions.
  const lock = useProjectLock(projectId);
  const canManage = useCan('projects.manage') && !lock.denied;
  const listQuery = { sort: list$.sort, q: list$.q, status, assigneeId, areaId };
  const selection = useSelection(JSON.stringify([projectId, listQuery]));

  const clearFilters = () => {
    list$.setSearch('');
    list$.setFilters({ q: null, status: null, assigneeId: null, areaId: null });
  };

  const areaOptions = [
    ...(areas.data?.decks.length
      ? [{ group: t('tasks.list.decks'), items: areas.data.decks.map((d) => ({ value: String(d.id), label: areaTitle(d) })) }]
      : []),
    ...(areas.data?.areas.length
      ? [{ group: t('tasks.list.areas'), items: areas.data.areas.map((a) => ({ value: String(a.id), label: areaTitle(a) })) }]
      : []),
  ];

  const columns: Column<TaskSummary>[] = [
    {
      key: 'name',
      header: t('tasks.fields.name'),
      sortKey: 'name',
      render: (r) => (
        <Anchor component={Link} to={taskPath(projectId, r.areaId, r.id)} fw={500} style={{ overflowWrap: 'anywhere' }}>
          {r.name}
        </Anchor>
      ),
    },
    {
      key: 'area',
      header: t('tasks.fields.area'),
      render: (r) => (
        <Anchor
          component={Link}
          to={`/projects/${projectId}/areas/${r.areaId}`}
          size="sm"
          c="inherit"
          style={{ whiteSpace: 'nowrap' }}
        >
          {areaTitle({ number: r.areaNumber, name: r.areaName })}
        </Anchor>
      ),
    },
    { key: 'status', header: t('tasks.fields.status'), render: (r) => <TaskStatusBadge status={r.status} /> },
    {
      key: 'assignee',
      header: t('tasks.fields.assignee'),
      render: (r) =>
        r.assignee?.name ?? (
          <Text span size="sm" c="dimmed">
            {t('tasks.unassigned')}
          </Text>
        ),
    },
    {
      key: 'subtasks',
      header: t('tasks.fields.subtasks'),
      render: (r) => <SubtaskCount done={r.subtasksDone} total={r.subtasksTotal} />,
    },
    { key: 'tickets', header: t('tasks.fields.openTickets'), render: (r) => <OpenTickets count={r.openTicketsCount} /> },
    {
      key: 'updated',
      header: t('tasks.fields.updatedAt'),
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.updatedAt)}</span>,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      width: 60,
      render: (r) => (
        <Group justify="flex-end">
          <TaskQuickAction projectId={projectId} task={r} />
        </Group>
      ),
    },
  ];

  return (
    <>
      <ProjectHeader projectId={projectId} />
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Title order={2} fz="h3">
            {t('tasks.list.title')}
          </Title>
          <Group gap="sm" wrap="wrap">
            <ExportMenu
              path={`/api/projects/${projectId}/tasks/export`}
              params={{ sort: list$.sort, q: list$.q, status, assigneeId, areaId }}
            />
            <Button
              variant="default"
              component={Link}
              to={`/projects/${projectId}/task-list${areaId ? `?areas=${areaId}` : ''}`}
              leftSection={<IconPrinter size={16} />}
            >
              {t('taskList.open')}
            </Button>
          </Group>
        </Group>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            placeholder={t('tasks.list.search')}
            aria-label={t('tasks.list.search')}
            leftSection={<IconSearch size={16} />}
            value={list$.search}
            onChange={(e) => list$.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 220 }}
          />
          <Select
            aria-label={t('tasks.fields.status')}
            placeholder={t('tasks.list.allStatuses')}
            data={TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.status.${s}`) }))}
            value={status ?? null}
            onChange={(v) => list$.setFilters({ status: v })}
            clearable
            w={{ base: '100%', sm: 150 }}
          />
          <Select
            aria-label={t('tasks.fields.assignee')}
            placeholder={t('tasks.list.allAssignees')}
            data={(employees.data ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
            value={assigneeId ? String(assigneeId) : null}
            onChange={(v) => list$.setFilters({ assigneeId: v })}
            clearable
            searchable
            nothingFoundMessage={t('tasks.noEmployees')}
            w={{ base: '100%', sm: 170 }}
          />
          <Select
            aria-label={t('tasks.fields.area')}
            placeholder={t('tasks.list.allAreas')}
            data={areaOptions}
            value={areaId ? String(areaId) : null}
            onChange={(v) => list$.setFilters({ areaId: v })}
            clearable
            searchable
            nothingFoundMessage={t('tasks.list.noAreas')}
            w={{ base: '100%', sm: 190 }}
          />
          <Select
            aria-label={t('tasks.list.sortLabel')}
            leftSection={<IconArrowsSort size={16} />}
            data={TASK_SORTS.map((s) => ({ value: s, label: t(`tasks.list.sorts.${s}`) }))}
            value={list$.sort}
            onChange={(v) => v && list$.setSort(v)}
            allowDeselect={false}
            w={{ base: '100%', sm: 190 }}
          />
          {filtered ? (
            <Button variant="subtle" onClick={clearFilters}>
              {t('tasks.list.clearFilters')}
            </Button>
          ) : null}
        </Group>
        <DataTable
          caption={t('tasks.list.title')}
          columns={columns}
          rows={list.data?.data}
          meta={list.data?.meta}
          rowKey={(r) => r.id}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          sort={list$.sort}
          onSort={(s) => list$.setSort(isSort(s) ? s : list$.sort === 'name' ? '-name' : 'name')}
          cardSort={false}
          onPage={list$.setPage}
          selection={canManage ? selection : undefined}
          rowLabel={(r) => r.name}
          empty={
            filtered ? (
              <NoMatchState
                title={t('tasks.list.noMatchTitle')}
                description={t('tasks.list.noMatchText')}
                clearLabel={t('tasks.list.clearFilters')}
                onClear={clearFilters}
              />
            ) : (
              <EmptyState
                icon={<IconChecklist size={32} stroke={1.5} />}
                title={t('tasks.list.emptyTitle')}
                description={t('tasks.list.emptyText')}
                action={
                  <Button component={Link} to={`/projects/${projectId}/areas`} variant="light">
                    {t('tasks.list.toAreas')}
                  </Button>
                }
              />
            )
          }
        />
      </Stack>
      {canManage ? (
        <TasksBulkBar
          projectId={projectId}
          selection={selection}
          pageIds={(list.data?.data ?? []).map((r) => r.id)}
          total={list.data?.meta.total ?? 0}
          query={listQuery}
        />
      ) : null}
    </>
  );
}
