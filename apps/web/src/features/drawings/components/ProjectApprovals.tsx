import type { DrawingListItem } from '@app/shared/drawings/drawings';
import type { OrderListItem } from '@app/shared/orders/orders';
import type { Page } from '@app/shared/platform/http';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DueDateText, OverdueBadge } from '../../../components/DueDateBadge';
import { ErrorState } from '../../../components/States';
import { useCan } from '../../auth/api';
import { orderPath, useOrders } from '../../orders/api';
import { OrderStatusBadge } from '../../orders/components/OrderBadges';
import { type DrawingSide, drawingPaths, useDrawings } from '../api';
import { DrawingStatusBadge } from './DrawingBadges';

const PER_PAGE = 50;

interface Row {
  key: string;
  name: string;
  to: string;
  status: ReactNode;
  dueDate: string | null;
  overdue: boolean;
}

function RowList({
  title,
  rows,
  query,
  empty,
}: {
  title: string;
  rows: Row[] | undefined;
  query: { error: unknown; isLoading: boolean; refetch: () => unknown };
  empty: string;
}) {
  const titleId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} fz="sm" id={titleId}>
        {title}
      </Title>
      {query.isLoading ? (
        <Skeleton h={48} />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !rows || rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
          {rows.map((r) => (
            <Group component="li" key={r.key} gap="xs" wrap="wrap" justify="space-between" align="flex-start">
              <Anchor component={Link} to={r.to} size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
                {r.name}
              </Anchor>
              <Stack gap={2} align="flex-end">
                <Group gap={4} wrap="wrap" justify="flex-end">
                  {r.status}
                  {r.overdue ? <OverdueBadge dueDate={r.dueDate} /> : null}
                </Group>
                <DueDateText dueDate={r.dueDate} overdue={r.overdue} />
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Both tabs of the project's drawings in one list: waiting ones first. */
function useProjectDrawings(side: DrawingSide, projectId: number) {
  const q = { page: 1, perPage: PER_PAGE, sort: '-updated' as const, projectId: side.kind === 'client' ? projectId : undefined };
  const pending = useDrawings(side, { ...q, tab: 'pending' });
  const approved = useDrawings(side, { ...q, tab: 'approved' });
  const rows =
    pending.data && approved.data ? [...pending.data.data, ...approved.data.data] : (undefined as DrawingListItem[] | undefined);
  return {
    rows,
    query: {
      isLoading: pending.isLoading || approved.isLoading,
      error: pending.error ?? approved.error,
      refetch: () => Promise.all([pending.refetch(), approved.refetch()]),
    },
  };
}

/**
 * "Goedkeuringen": a project's drawings and orders (those asked for the project) with their state,
 * due date and overdue mark, each linking to its page, so no one hunts through the global lists.
 * The portal's lists are its company's (the server scopes them); staff see the orders with
 * companies.manage.
 */
export function ProjectApprovals({ side, projectId }: { side: 'staff' | 'client'; projectId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const drawingSide: DrawingSide = side === 'staff' ? { kind: 'staff', projectId } : { kind: 'client' };
  const canOrders = useCan('companies.manage');
  const showOrders = side === 'client' || canOrders;
  const drawings = useProjectDrawings(drawingSide, projectId);
  const orders = useOrders(
    side,
    side === 'staff'
      ? { page: 1, perPage: PER_PAGE, projectId, tab: 'all' }
      : { page: 1, perPage: PER_PAGE, projectId, tab: 'ongoing' },
    showOrders,
  ) as UseQueryResult<Page<OrderListItem>>;
  const paths = drawingPaths(drawingSide);
  const drawingRows: Row[] | undefined = drawings.rows?.map((d) => ({
    key: `d${d.id}`,
    name: d.name,
    to: paths.drawing(d.id),
    status: <DrawingStatusBadge status={d.status} />,
    dueDate: d.status === 'pending' ? d.dueDate : null,
    overdue: d.overdue,
  }));
  const orderRows: Row[] | undefined = orders.data?.data.map((o) => ({
    key: `o${o.id}`,
    name: o.title,
    to: orderPath(side, o.id),
    status: <OrderStatusBadge status={o.status} />,
    dueDate: o.status === 'pending_approval' ? o.dueDate : null,
    overdue: o.overdue,
  }));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          {t('approvals.project.title')}
        </Title>
        <RowList
          title={t('approvals.project.drawings')}
          rows={drawingRows}
          query={drawings.query}
          empty={t('approvals.project.emptyDrawings')}
        />
        {showOrders ? (
          <RowList
            title={t('approvals.project.orders')}
            rows={orderRows}
            query={orders}
            empty={t('approvals.project.emptyOrders')}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
