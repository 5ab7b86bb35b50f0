import type { Ticket } from '@app/shared/tickets/tickets';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { EmptyState } from '../../../components/States';
import { formatDate } from '../../../lib/dates';
import { useCan } from '../../auth/api';
import { useTickets } from '../../tickets/api';
import { PriorityBadge, TicketStatusBadge } from '../../tickets/components/TicketBadges';
import { TicketModal } from '../../tickets/components/TicketModal';
import { useProjectLock } from '../project-lock';
import { GuardedAction } from './GuardedAction';

/** The task editor's tickets tab: the task's tickets, open and closed, and "Ticket aanmaken" (the ticket dialog). */
export function TaskTickets({ projectId, taskId }: { projectId: number; taskId: number }) {
  const { t } = useTranslation();
  const tickets = useTickets({ projectId, taskId, tab: 'all', sort: '-created', page: 1, perPage: 100 });
  const canManage = useCan('projects.manage');
  // A deleted project is read-only: the add stays in sight, disabled, and says why.
  const lock = useProjectLock(projectId);
  const [creating, setCreating] = useState(false);

  const columns: Column<Ticket>[] = [
    {
      key: 'name',
      header: t('tasks.tickets.description'),
      render: (r) => (
        <Anchor component={Link} to={`/projects/${projectId}/tickets/${r.id}`} fw={500} style={{ overflowWrap: 'anywhere' }}>
          {r.description}
        </Anchor>
      ),
    },
    {
      key: 'priority',
      header: t('tasks.tickets.priority'),
      render: (r) => <PriorityBadge priority={r.priority} />,
    },
    {
      key: 'status',
      header: t('tasks.tickets.status'),
      render: (r) => <TicketStatusBadge status={r.status} />,
    },
    { key: 'created', header: t('tasks.tickets.createdAt'), render: (r) => formatDate(r.createdAt) },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('tasks.tickets.intro')}
        </Text>
        {canManage ? (
          <GuardedAction
            icon={<IconPlus size={16} />}
            label={t('tasks.tickets.create')}
            denied={lock.denied}
            onClick={() => setCreating(true)}
          />
        ) : null}
      </Group>
      <DataTable
        caption={t('tasks.tabs.tickets')}
        columns={columns}
        rows={tickets.data?.data}
        rowKey={(r) => r.id}
        isLoading={tickets.isLoading}
        error={tickets.error}
        onRetry={() => void tickets.refetch()}
        empty={
          <EmptyState
            icon={<IconTicket size={32} stroke={1.5} />}
            title={t('tasks.tickets.emptyTitle')}
            description={t('tasks.tickets.emptyText')}
          />
        }
      />
      {canManage ? (
        <TicketModal projectId={projectId} taskId={taskId} opened={creating} onClose={() => setCreating(false)} />
      ) : null}
    </Stack>
  );
}
