import type { TicketPriority, TicketStatus } from '@app/shared/tickets/tickets.rules';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const PRIORITY_COLORS: Record<TicketPriority, string> = { low: 'gray', normal: 'blue', high: 'orange', urgent: 'red' };

/** The ticket's priority in words, coloured from calm (low) to loud (urgent). */
export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation();
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant={priority === 'urgent' ? 'filled' : 'light'}>
      {t(`tickets.priority.${priority}`)}
    </Badge>
  );
}

/** Open (orange: something to do) or closed (teal). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'open' ? 'orange' : 'teal'} variant="light">
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}
