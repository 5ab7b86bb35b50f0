import { Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconBell, IconPackage, IconShoppingCart, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Thumb } from '../../../../components/Thumb';
import { formatDate, formatDateTime } from '../../../../lib/dates';
import { useNotifications } from '../../../notifications/api';
import { notificationText } from '../../../notifications/components/notification-text';
import { useOrders } from '../../../orders/api';
import { eventText, OrderStatusBadge } from '../../../orders/components/OrderBadges';
import { useFirstCompanyProducts } from '../../projects-api';
import { usePortalUsers } from '../../users-api';
import { BlockList, DashboardBlock } from './DashboardBlock';
import { companyProductPath } from './dashboard-data';

/** How many rows each block shows; the block's link opens the rest. */
export const BLOCK_ROWS = 5;

/** "Laatste meldingen": the newest notifications, unread ones marked, each leading where it is about. */
export function NotificationsBlock() {
  const { t } = useTranslation();
  const q = useNotifications(1, BLOCK_ROWS);
  const rows = q.data?.data ?? [];
  const unread = q.data?.meta.unread ?? 0;
  return (
    <DashboardBlock
      title={t('portalProjects.blocks.notifications.title')}
      icon={<IconBell size={20} />}
      badge={unread > 0 ? t('portalProjects.blocks.notifications.unread', { count: unread }) : null}
      more={{ to: '/notifications', label: t('portalProjects.blocks.notifications.all') }}
      state={q}
      isEmpty={rows.length === 0}
      empty={t('portalProjects.blocks.notifications.empty')}
    >
      <BlockList>
        {rows.map((n) => (
          <Box component="li" key={n.id} data-testid="dashboard-notification">
            <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={n.link ?? '/notifications'} size="sm" fw={n.read ? 400 : 600}>
                  {notificationText(t, n)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.createdAt)}
                </Text>
              </Stack>
              {n.read ? null : (
                <Badge size="xs" variant="light" style={{ flex: 'none' }}>
                  {t('portalProjects.blocks.notifications.new')}
                </Badge>
              )}
            </Group>
          </Box>
        ))}
      </BlockList>
    </DashboardBlock>
  );
}

/** "Bestellingen": the latest ongoing orders, each opening its order page. */
export function OrdersBlock() {
  const { t } = useTranslation();
  const q = useOrders('client', { page: 1, perPage: BLOCK_ROWS, tab: 'ongoing', sort: '-updated' });
  const rows = q.data?.data ?? [];
  return (
    <DashboardBlock
      title={t('portalProjects.blocks.orders.title')}
      icon={<IconShoppingCart size={20} />}
      more={{ to: '/orders', label: t('orders.block.all') }}
      state={q}
      isEmpty={rows.length === 0}
      empty={t('orders.block.empty')}
    >
      <BlockList>
        {rows.map((o) => (
          <Box component="li" key={o.id} data-testid="dashboard-order">
            <Group gap="sm" wrap="nowrap" justify="space-between" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/orders/${o.id}`} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {o.title}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {o.latestEvent ? `${eventText(t, o.latestEvent)} · ${formatDate(o.latestEvent.createdAt)}` : o.product.name}
                </Text>
              </Stack>
              <OrderStatusBadge status={o.status} />
            </Group>
          </Box>
        ))}
      </BlockList>
    </DashboardBlock>
  );
}

/** "Jouw producten": the first of the company's products, with how many there are. */
export function ProductsBlock() {
  const { t } = useTranslation();
  const q = useFirstCompanyProducts();
  const rows = (q.data?.data ?? []).slice(0, BLOCK_ROWS);
  const total = q.data?.meta.total ?? 0;
  return (
    <DashboardBlock
      title={t('portalProjects.blocks.products.title')}
      icon={<IconPackage size={20} />}
      badge={total > 0 ? String(total) : null}
      more={{ to: '/company-products', label: t('portalProjects.blocks.products.all') }}
      state={q}
      isEmpty={rows.length === 0}
      empty={t('portalProjects.blocks.products.empty')}
    >
      <BlockList>
        {rows.map((p) => (
          <Box component="li" key={p.id} data-testid="dashboard-product">
            <Group gap="sm" wrap="nowrap">
              <Thumb src={p.product.thumbUrl} alt="" width={40} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={companyProductPath(p)} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {p.product.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {[p.product.code, p.article.article_type?.name ?? t('portalProjects.blocks.products.unknownType')]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </Group>
          </Box>
        ))}
      </BlockList>
    </DashboardBlock>
  );
}

/** "Collega's": the people of the own company. */
export function ColleaguesBlock() {
  const { t } = useTranslation();
  const q = usePortalUsers();
  const all = q.data ?? [];
  const rows = all.slice(0, BLOCK_ROWS);
  return (
    <DashboardBlock
      title={t('portalProjects.blocks.colleagues.title')}
      icon={<IconUsers size={20} />}
      badge={all.length > 0 ? String(all.length) : null}
      more={{ to: '/users', label: t('portalProjects.blocks.colleagues.all') }}
      state={q}
      isEmpty={rows.length === 0}
      empty={t('portalProjects.blocks.colleagues.empty')}
    >
      <BlockList>
        {rows.map((u) => (
          <Box component="li" key={u.id} data-testid="dashboard-colleague">
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {u.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {u.jobTitle ? `${u.jobTitle} · ${u.email}` : u.email}
              </Text>
            </Stack>
          </Box>
        ))}
      </BlockList>
    </DashboardBlock>
  );
}
