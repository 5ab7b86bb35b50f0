import { ORDER_SORTS } from '@app/shared/orders/orders';
import { STAFF_ORDER_TABS, type StaffOrderTab } from '@app/shared/orders/orders.rules';
import { Button, Group, NativeSelect, Select, Stack, Tabs, TextInput } from '@mantine/core';
import { IconInbox, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/States';
import { useListParams } from '../../../lib/use-list-params';
import { useCompanyOptions } from '../../projects/api';
import { useOrders } from '../api';
import { orderColumns } from '../components/order-columns';

const isTab = (v: string | null): v is StaffOrderTab => !!v && (STAFF_ORDER_TABS as readonly string[]).includes(v);

/**
 * requests.index ('Aanvragen'): product requests and orders of every company, in tabs (waiting
 * requests first), filtered by company and searched; tab, company, search, sort and page in the URL.
 */
export function RequestsPage() {
  const { t } = useTranslation();
  const list$ = useListParams(ORDER_SORTS, '-updated');
  const tabParam = list$.params.get('tab');
  const tab: StaffOrderTab = isTab(tabParam) ? tabParam : 'requested';
  const companyParam = Number(list$.params.get('companyId'));
  const companyId = Number.isInteger(companyParam) && companyParam > 0 ? companyParam : undefined;
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
      <Tabs
        value={tab}
        onChange={(v) => list$.setFilters({ tab: v === 'requested' || !isTab(v) ? null : v })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {STAFF_ORDER_TABS.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {t(`orders.staff.tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab}>
          <Stack gap="md">
            <Group gap="sm" wrap="wrap" align="flex-end">
              <TextInput
                type="search"
                placeholder={t('orders.list.search')}
                aria-label={t('orders.list.search')}
                leftSection={<IconSearch size={16} />}
                value={list$.search}
                onChange={(e) => list$.setSearch(e.currentTarget.value)}
                w={{ base: '100%', sm: 280 }}
              />
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
              <NativeSelect
                aria-label={t('orders.list.sortLabel')}
                data={ORDER_SORTS.map((s) => ({ value: s, label: t(`orders.list.sorts.${s}`) }))}
                value={list$.sort}
                onChange={(e) => list$.setSort(e.currentTarget.value)}
                w={{ base: '100%', sm: 220 }}
              />
              {filtered ? (
                <Button variant="subtle" onClick={clear}>
                  {t('orders.list.clearFilters')}
                </Button>
              ) : null}
            </Group>
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
                  <EmptyState
                    icon={<IconSearch size={32} stroke={1.5} />}
                    title={t('orders.list.noMatchTitle')}
                    description={t('orders.staff.noMatchText')}
                    action={
                      <Button variant="light" onClick={clear}>
                        {t('orders.list.clearFilters')}
                      </Button>
                    }
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
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
