import type { OrderListItem } from '@app/shared/orders/orders';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '../../../components/DataTable';
import { DueDateText, OverdueBadge, WaitingForYouBadge } from '../../../components/DueDateBadge';
import { Thumb } from '../../../components/Thumb';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { type OrderSide, orderPath } from '../api';
import { eventText, OrderStatusBadge, UnansweredBadge } from './OrderBadges';

/** The columns of an orders list (both sides): thumbnail, title with product, (company), status, latest event, last change. */
export function orderColumns(t: TFunction, side: OrderSide): Column<OrderListItem>[] {
  return [
    {
      key: 'image',
      header: <span className="visually-hidden">{t('orders.columns.image')}</span>,
      label: t('orders.columns.image'),
      width: 64,
      render: (x) => <Thumb src={x.product.thumbnailUrl} alt="" width={48} />,
    },
    {
      key: 'name',
      header: t('orders.columns.title'),
      render: (x) => (
        <Stack gap={2}>
          <Anchor component={Link} to={orderPath(side, x.id)} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {x.title}
          </Anchor>
          <Group gap={6} wrap="wrap">
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('orders.columns.productLine', { product: x.product.name, count: x.quantity })}
            </Text>
            {x.product.isNew ? (
              <Badge size="xs" variant="light" color="grape">
                {t('orders.detail.newProduct')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      ),
    },
    ...(side === 'staff'
      ? [{ key: 'company', header: t('orders.columns.company'), render: (x: OrderListItem) => x.company.name }]
      : []),
    {
      key: 'status',
      header: t('orders.columns.status'),
      render: (x) => (
        <Stack gap={4} align="flex-start">
          <Group gap={4} wrap="wrap">
            <OrderStatusBadge status={x.status} />
            {x.overdue ? <OverdueBadge dueDate={x.dueDate} /> : null}
            {side === 'client' && x.waitingForYou ? <WaitingForYouBadge /> : null}
            {side === 'staff' ? <UnansweredBadge count={x.openQuestions} /> : null}
          </Group>
          {x.status === 'pending_approval' ? <DueDateText dueDate={x.dueDate} overdue={x.overdue} /> : null}
        </Stack>
      ),
    },
    {
      key: 'event',
      header: t('orders.columns.latestEvent'),
      render: (x) =>
        x.latestEvent ? (
          <Stack gap={0}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {eventText(t, x.latestEvent)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(x.latestEvent.createdAt)}
            </Text>
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      key: 'updated',
      header: t('orders.columns.updated'),
      width: 120,
      render: (x) => (
        <Text size="sm" title={formatDateTime(x.updatedAt)} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(x.updatedAt)}
        </Text>
      ),
    },
  ];
}
