import { TICKET_SORTS, type Ticket, ticketListQuerySchema } from '@app/shared/tickets/tickets';
import { TICKET_PRIORITIES, TICKET_TABS } from '@app/shared/tickets/tickets.rules';
import { ActionIcon, Anchor, Button, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconPlus, IconRefresh, IconTicket } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSelection } from '../../../components/bulk/useSelection';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { ListSearch, ListSort, ListTabs, ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, NoMatchState } from '../../../components/States';
import { useAttempt } from '../../../lib/attempt';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useCan } from '../../auth/api';
import { GuardedAction } from '../../projects/components/GuardedAction';
import { ProjectShell } from '../../projects/components/ProjectHeader';
import { useProjectLock } from '../../projects/project-lock';
import { useTickets, useTicketTransitions } from '../api';
import { PriorityBadge, TicketStatusBadge } from '../components/TicketBadges';
import { TicketModal } from '../components/TicketModal';
import { TicketsBulkBar } from '../components/TicketsBulkBar';

/** Where a ticket opens: under its project on a project's page, else on its own. */
export const ticketPath = (x: Pick<Ticket, 'id' | 'project'>, inProject: boolean) =>
  inProject ? `/projects/${x.project.id}/tickets/${x.id}` : `/tickets/${x.id}`;

/** The task's page: its editor on its area (the tasks engineer's route). */
export const taskPath = (projectId: number, task: NonNullable<Ticket['task']>) =>
  `/projects/${projectId}/areas/${task.areaId}/task/${task.id}`;

/**
 * The tickets list, across projects or of one project: tabs open, closed and all; priority, search,
 * sort and page in the URL; close or reopen per the server's abilities.
 */
function TicketList({ projectId, action, readOnly = false }: { projectId?: number; action?: ReactNode; readOnly?: boolean }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const list$ = useListParams(ticketListQuerySchema);
  const { tab, priority } = list$.query;
  const filtered = !!(list$.q || priority);
  const inProject = projectId !== undefined;
  const { close, reopen } = useTicketTransitions();

  const list = useTickets({ page: list$.page, perPage: 25, sort: list$.sort, q: list$.q, tab, priority, projectId });
  const listQuery = { sort: list$.sort, q: list$.q, tab, priority, projectId };
  const selection = useSelection(JSON.stringify(listQuery));
  // Closing many at once: for those who may close, where there are open tickets to close.
  const bulk = useCan('projects.manage') && tab !== 'closed' && !readOnly;

  const clearFilters = () => {
    list$.setSearch('');
    list$.setFilters({ q: null, priority: null });
  };

  const handle = async (kind: 'close' | 'reopen', x: Ticket) => {
    await attempt(async () => {
      await (kind === 'close' ? close : reopen).mutateAsync(x);
      notify.success(t(kind === 'close' ? 'tickets.close.done' : 'tickets.reopen.done', { description: x.description }));
    });
  };

  const columns: Column<Ticket>[] = [
    {
      key: 'name',
      header: t('tickets.fields.description'),
      render: (x) => (
        <Anchor
          component={Link}
          to={ticketPath(x, inProject)}
          fw={500}
          display="inline-block"
          miw={180}
          style={{ overflowWrap: 'anywhere' }}
        >
          {x.description}
        </Anchor>
      ),
    },
    ...(inProject
      ? []
      : [
          {
            key: 'project',
            header: t('tickets.fields.project'),
            render: (x: Ticket) => (
              <Anchor component={Link} to={`/projects/${x.project.id}/tickets`} size="sm">
                {x.project.name}
              </Anchor>
            ),
          },
        ]),
    {
      key: 'task',
      header: t('tickets.fields.task'),
      render: (x) =>
        x.task ? (
          <Stack gap={0}>
            <Anchor component={Link} to={taskPath(x.project.id, x.task)} size="sm">
              {x.task.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {x.task.areaName}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'priority',
      header: t('tickets.fields.priority'),
      sortKey: 'priority',
      render: (x) => <PriorityBadge priority={x.priority} />,
    },
    { key: 'status', header: t('tickets.fields.status'), render: (x) => <TicketStatusBadge status={x.status} /> },
    {
      key: 'manager',
      header: t('tickets.fields.projectManager'),
      render: (x) => x.projectManager?.name ?? '—',
    },
    {
      key: 'created',
      header: t('tickets.fields.createdAt'),
      sortKey: 'created',
      width: 120,
      render: (x) => (
        <Text size="sm" title={formatDateTime(x.createdAt)} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(x.createdAt)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      label: t('common.table.actions'),
      width: 70,
      render: (x) =>
        x.abilities.canClose ? (
          <Tooltip label={t('tickets.close.button')}>
            <ActionIcon
              variant="subtle"
              color="teal"
              aria-label={t('tickets.close.buttonFor', { description: x.description })}
              onClick={() => void handle('close', x)}
            >
              <IconCircleCheck size={18} />
            </ActionIcon>
          </Tooltip>
        ) : x.abilities.canReopen ? (
          <Tooltip label={t('tickets.reopen.button')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('tickets.reopen.buttonFor', { description: x.description })}
              onClick={() => void handle('reopen', x)}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <ListTabs list$={list$} tabs={TICKET_TABS} value={tab} defaultTab="open" label={(x) => t(`tickets.list.tabs.${x}`)}>
      <Stack gap="md">
        <ListToolbar>
          <ListSearch list$={list$} label={t('tickets.list.search')} width={280} />
          <Select
            aria-label={t('tickets.fields.priority')}
            placeholder={t('tickets.list.allPriorities')}
            data={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`tickets.priority.${p}`) }))}
            value={priority ?? null}
            onChange={(v) => list$.setFilters({ priority: v })}
            clearable
            w={{ base: '100%', sm: 200 }}
          />
          <ListSort
            list$={list$}
            sorts={TICKET_SORTS}
            sortLabel={(s) => t(`tickets.list.sorts.${s}`)}
            label={t('tickets.list.sortLabel')}
            width={220}
          />
          {filtered ? (
            <Button variant="subtle" onClick={clearFilters}>
              {t('tickets.list.clearFilters')}
            </Button>
          ) : null}
          <Group ml="auto" gap="sm">
            <ExportMenu path="/api/tickets/export" params={{ sort: list$.sort, q: list$.q, tab, priority, projectId }} />
            {action}
          </Group>
        </ListToolbar>
        <DataTable
          caption={t('tickets.list.caption', { tab: t(`tickets.list.tabs.${tab}`) })}
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
          selection={bulk ? selection : undefined}
          rowLabel={(x) => x.description}
          empty={
            filtered ? (
              <NoMatchState
                title={t('tickets.list.noMatchTitle')}
                description={t('tickets.list.noMatchText')}
                clearLabel={t('tickets.list.clearFilters')}
                onClear={clearFilters}
              />
            ) : (
              <EmptyState
                icon={<IconTicket size={32} stroke={1.5} />}
                title={t(`tickets.list.empty.${tab}.title`)}
                description={t(inProject ? `tickets.list.empty.${tab}.project` : `tickets.list.empty.${tab}.global`)}
              />
            )
          }
        />
      </Stack>
      {bulk ? (
        <TicketsBulkBar
          selection={selection}
          pageIds={(list.data?.data ?? []).map((x) => x.id)}
          total={list.data?.meta.total ?? 0}
          query={listQuery}
        />
      ) : null}
    </ListTabs>
  );
}

/** tickets.index ('Tickets'): the tickets of every project; a ticket is made from its project or task. */
export function TicketsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('tickets.list.title')} description={t('tickets.list.intro')} />
      <TicketList />
    </>
  );
}

/**
 * projects.tickets: one project's tickets under its header, with 'Ticket aanmaken' while the
 * server lets this person change the project (not for a deleted project, nor without projects.manage).
 */
export function ProjectTicketsPage() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  // A deleted project is read-only: the button stays in sight, disabled, and says why.
  const lock = useProjectLock(projectId);
  const canManage = lock.shown && !lock.denied;
  const [creating, setCreating] = useState(false);
  return (
    <ProjectShell projectId={projectId}>
      <Title order={2} fz="xl" mb="sm">
        {t('tickets.list.projectTitle')}
      </Title>
      <TicketList
        projectId={projectId}
        readOnly={!!lock.denied}
        action={
          lock.shown ? (
            <GuardedAction
              buttonVariant="filled"
              icon={<IconPlus size={16} />}
              label={t('tickets.create.button')}
              denied={lock.denied}
              onClick={() => setCreating(true)}
            />
          ) : null
        }
      />
      {canManage ? <TicketModal projectId={projectId} opened={creating} onClose={() => setCreating(false)} /> : null}
    </ProjectShell>
  );
}
