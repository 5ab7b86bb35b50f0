import { clientOrderListQuerySchema, ORDER_SORTS } from '@app/shared/orders/orders';
import { CLIENT_ORDER_TABS } from '@app/shared/orders/orders.rules';
import { Button, Group, NativeSelect, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconSearch, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/States';
import { useListParams } from '../../../lib/use-list-params';
import { useOrders } from '../api';
import { orderColumns } from '../components/order-columns';

/**
 * orders.index ('Bestellingen'): the company's orders with a switch between ongoing orders,
 * requests and completed orders (in the URL), searched and sorted; 'Product aanvragen' opens the
 * request form. "Alleen wat op jou wacht" (?waiting=me, across the tabs) shows the orders whose
 * design the signed-in user still decides.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const list$ = useListParams(clientOrderListQuerySchema);
  const { tab } = list$.query;
  const waiting = list$.params.get('waiting') === 'me' ? ('me' as const) : undefined;
  const q = { page: list$.page, perPage: 25, tab, q: list$.q, sort: list$.sort, ...(waiting ? { waiting } : {}) };
  const list = useOrders('client', q);
  const request = (
    <Button component={Link} to="/orders/new" leftSection={<IconPlus size={16} />}>
      {t('orders.request.button')}
    </Button>
  );
  return (
    <>
      <PageHeader
        title={t('orders.list.title')}
        description={t('orders.list.intro')}
        actions={
          <>
            <ExportMenu path="/api/client/orders/export" params={q} />
            {request}
          </>
        }
      />
      <Stack gap="md">
        <SegmentedControl
          value={tab}
          onChange={(v) => list$.setFilters({ tab: v === 'ongoing' ? null : v })}
          data={CLIENT_ORDER_TABS.map((x) => ({ value: x, label: t(`orders.list.tabs.${x}`) }))}
          aria-label={t('orders.list.tabsLabel')}
          // "Waiting for you" looks across the tabs.
          disabled={!!waiting}
          // A phone has no room for the three labels side by side: one under the other.
          orientation={phone ? 'vertical' : 'horizontal'}
          fullWidth={phone}
          style={{ alignSelf: phone ? 'stretch' : 'flex-start' }}
        />
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            type="search"
            placeholder={t('orders.list.search')}
            aria-label={t('orders.list.search')}
            leftSection={<IconSearch size={16} />}
            value={list$.search}
            onChange={(e) => list$.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
          />
          <NativeSelect
            aria-label={t('orders.list.sortLabel')}
            data={ORDER_SORTS.map((s) => ({ value: s, label: t(`orders.list.sorts.${s}`) }))}
            value={list$.sort}
            onChange={(e) => list$.setSort(e.currentTarget.value)}
            w={{ base: '100%', sm: 220 }}
          />
          <Switch
            label={t('approvals.waitingForYouFilter')}
            checked={!!waiting}
            onChange={(e) => list$.setFilters({ waiting: e.currentTarget.checked ? 'me' : null })}
            style={{ alignSelf: 'center' }}
          />
        </Group>
        <DataTable
          caption={waiting ? t('approvals.waitingForYou') : t('orders.list.caption', { tab: t(`orders.list.tabs.${tab}`) })}
          columns={orderColumns(t, 'client')}
          rows={list.data?.data}
          meta={list.data?.meta}
          rowKey={(x) => x.id}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          onPage={list$.setPage}
          cardSort={false}
          empty={
            waiting && !list$.q ? (
              <EmptyState
                icon={<IconShoppingCart size={32} stroke={1.5} />}
                title={t('approvals.waitingForYou')}
                description={t('approvals.waitingEmpty')}
              />
            ) : list$.q ? (
              <EmptyState
                icon={<IconSearch size={32} stroke={1.5} />}
                title={t('orders.list.noMatchTitle')}
                description={t('orders.list.noMatchText', { q: list$.q })}
              />
            ) : (
              <EmptyState
                icon={<IconShoppingCart size={32} stroke={1.5} />}
                title={t(`orders.list.empty.${tab}.title`)}
                description={t(`orders.list.empty.${tab}.text`)}
                action={tab === 'completed' ? undefined : request}
              />
            )
          }
        />
      </Stack>
    </>
  );
}
