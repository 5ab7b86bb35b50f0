import { ORDER_SORTS, staffOrderListQuerySchema } from '@app/shared/orders/orders';
import { STAFF_ORDER_TABS } from '@app/shared/orders/orders.rules';
import { Button, Select, Stack } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { ListSearch, ListSort, ListTabs, ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, NoMatchState } from '../../../components/States';
import { useListParams } from '../../../lib/use-list-params';
import { useCompanyOptions } from '../../projects/api';
import { useOrders } from '../api';
import { orderColumns } from '../components/order-columns';

/**
 * requests.index ('Aanvragen'): product requests and orders of every company, in tabs (waiting
 * requests first), filtered by company and searched; tab, company, search, sort and page in the URL.
 */
export function RequestsPage() {
  const { t } = useTranslation();
  const list$ = useListParams(staffOrderListQuerySchema);
  const { tab, companyId } = list$.query;
  const companies = useCompanyOptions();
  const q = { page: list$.page, perPage: 25, tab, q: list$.q, sort: list$.sort, companyId };
  const list = useOrders('staff', q);
  const filtered = !!(list$.q || companyId);
  const clear = () => {
    list$.setSearch('');
    list$.setFilters({ q: null, companyId: null });
  };
  return (
    <>
      <PageHeader
        title={t('orders.staff.title')}
        description={t('orders.staff.intro')}
        actions={<ExportMenu path="/api/orders/export" params={q} />}
      />
      <ListTabs
        list$={list$}
        tabs={STAFF_ORDER_TABS}
        value={tab}
        defaultTab="requested"
        label={(x) => t(`orders.staff.tabs.${x}`)}
      >
        <Stack gap="md">
          <ListToolbar>
            <ListSearch list$={list$} label={t('orders.list.search')} width={280} type="search" />
            <Select
              aria-label={t('orders.columns.company')}
              placeholder={t('orders.staff.allCompanies')}
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={companyId ? String(companyId) : null}
              onChange={(v) => list$.setFilters({ companyId: v })}
              searchable
              clearable
              w={{ base: '100%', sm: 240 }}
            />
            <ListSort
              list$={list$}
              sorts={ORDER_SORTS}
              sortLabel={(s) => t(`orders.list.sorts.${s}`)}
              label={t('orders.list.sortLabel')}
              width={220}
            />
            {filtered ? (
              <Button variant="subtle" onClick={clear}>
                {t('orders.list.clearFilters')}
              </Button>
            ) : null}
          </ListToolbar>
          <DataTable
            caption={t('orders.list.caption', { tab: t(`orders.staff.tabs.${tab}`) })}
            columns={orderColumns(t, 'staff')}
            rows={list.data?.data}
            meta={list.data?.meta}
            rowKey={(x) => x.id}
            isLoading={list.isLoading}
            error={list.error}
            onRetry={() => void list.refetch()}
            onPage={list$.setPage}
            cardSort={false}
            empty={
              filtered ? (
                <NoMatchState
                  title={t('orders.list.noMatchTitle')}
                  description={t('orders.staff.noMatchText')}
                  clearLabel={t('orders.list.clearFilters')}
                  onClear={clear}
                />
              ) : (
                <EmptyState
                  icon={<IconInbox size={32} stroke={1.5} />}
                  title={t(`orders.staff.empty.${tab}.title`)}
                  description={t(`orders.staff.empty.${tab}.text`)}
                />
              )
            }
          />
        </Stack>
      </ListTabs>
    </>
  );
}
