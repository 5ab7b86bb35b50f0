import { COMPANY_TABS, type CompanySummary, companyListQuerySchema } from '@app/shared/companies/companies';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Tabs, TextInput } from '@mantine/core';
import { IconBuilding, IconChartBar, IconLogin2, IconPlus, IconRestore, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/States';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { startActingAs, useCan } from '../../auth/api';
import { useCompanies, useRestoreFromList } from '../api';
import { CompanyAvatar } from '../components/CompanyAvatar';

/**
 * archive-companies ('Bedrijven'): the client companies in tabs active and archived, searched,
 * filtered by sector, sorted and paged on the server; all of it lives in the URL. Each name opens
 * the company; 'act as' and restore follow each company's abilities; 'Nieuw bedrijf' needs
 * companies.manage.
 */
export function CompaniesPage() {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const list$ = useListParams(companyListQuerySchema);
  const { page, sort } = list$;
  const { tab, sector } = list$.query;
  const [acting, setActing] = useState<number | null>(null);
  const canManage = useCan('companies.manage');
  const canAnalytics = useCan(['companies.manage', 'dashboard.change-settings']);
  const restore = useRestoreFromList();

  const q = { page, perPage: 25, sort, q: list$.q, sector, tab };
  const list = useCompanies(q);

  const handleRestore = async (c: CompanySummary) => {
    await attempt(async () => {
      await restore.mutateAsync(c.id);
      notify.success(t('companies.restore.done', { name: c.name }));
    });
  };

  const handleActAs = async (c: CompanySummary) => {
    setActing(c.id);
    await attempt(
      async () => {
        await startActingAs(c.id);
      },
      {
        onError: () => {
          setActing(null);
        },
      },
    );
  };

  const columns: Column<CompanySummary>[] = [
    {
      key: 'name',
      header: t('companies.list.name'),
      sortKey: 'name',
      render: (c) => (
        <Group gap="sm" wrap="nowrap">
          <CompanyAvatar name={c.name} logo={c.logo} primaryColor={c.primaryColor} />
          <Anchor component={Link} to={`/companies/${c.id}`} fw={500}>
            {c.name}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'sector',
      header: t('companies.list.sector'),
      render: (c) => (
        <Badge variant="light" color={c.sector === 'cruise' ? 'brand' : 'teal'}>
          {t(`companies.sector.${c.sector}`)}
        </Badge>
      ),
    },
    {
      key: 'city',
      header: t('companies.list.city'),
      sortKey: 'city',
      render: (c) => [c.city, c.country].filter(Boolean).join(', '),
    },
    { key: 'users', header: t('companies.list.users'), sortKey: 'users', render: (c) => c.usersCount, width: 110 },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      width: 170,
      // The server says per company whether this person may open its portal (abilities.canActAs)
      // and whether an archived one may be restored (abilities.canRestore).
      render: (c) =>
        c.abilities.canRestore ? (
          <Button
            size="xs"
            variant="light"
            color="teal"
            leftSection={<IconRestore size={14} />}
            loading={restore.isPending && restore.variables === c.id}
            disabled={restore.isPending && restore.variables !== c.id}
            onClick={() => void handleRestore(c)}
            aria-label={t('companies.list.restoreFor', { name: c.name })}
          >
            {t('companies.restore.button')}
          </Button>
        ) : c.abilities.canActAs ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconLogin2 size={14} />}
            loading={acting === c.id}
            disabled={acting !== null && acting !== c.id}
            onClick={() => void handleActAs(c)}
            aria-label={t('companies.actAs.buttonFor', { company: c.name })}
          >
            {t('companies.actAs.button')}
          </Button>
        ) : null,
    },
  ];

  const createButton = canManage ? (
    <Button component={Link} to="/companies/new" leftSection={<IconPlus size={16} />}>
      {t('companies.list.create')}
    </Button>
  ) : null;

  const filtered = Boolean(q.q || sector);
  const empty = filtered ? (
    <EmptyState
      icon={<IconSearch size={32} stroke={1.5} />}
      title={t('companies.list.noMatchTitle')}
      description={t('companies.list.noMatchText')}
    />
  ) : tab === 'archived' ? (
    <EmptyState
      icon={<IconBuilding size={32} stroke={1.5} />}
      title={t('companies.list.archivedEmptyTitle')}
      description={t('companies.list.archivedEmptyText')}
    />
  ) : (
    <EmptyState
      icon={<IconBuilding size={32} stroke={1.5} />}
      title={t('companies.list.emptyTitle')}
      description={t(canManage ? 'companies.list.emptyTextManage' : 'companies.list.emptyText')}
      action={createButton}
    />
  );

  return (
    <>
      <PageHeader
        title={t('companies.list.title')}
        description={t('companies.list.intro')}
        actions={
          <>
            <ExportMenu path="/api/companies/export" params={q} />
            {canAnalytics ? (
              <Button component={Link} to="/companies/analytics" variant="default" leftSection={<IconChartBar size={16} />}>
                {t('analytics.title')}
              </Button>
            ) : null}
            {createButton}
          </>
        }
      />
      <Tabs value={tab} onChange={(v) => list$.setFilters({ tab: v === 'active' ? null : v })} keepMounted={false}>
        <Tabs.List mb="md" aria-label={t('companies.list.tabs.label')}>
          {COMPANY_TABS.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {t(`companies.list.tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab}>
          <Stack gap="md">
            <Group gap="sm" wrap="wrap">
              <TextInput
                placeholder={t('companies.list.search')}
                aria-label={t('companies.list.search')}
                leftSection={<IconSearch size={16} />}
                value={list$.search}
                onChange={(e) => list$.setSearch(e.currentTarget.value)}
                w={{ base: '100%', sm: 320 }}
              />
              <SegmentedControl
                aria-label={t('companies.list.sector')}
                value={sector ?? 'all'}
                onChange={(v) => list$.setFilters({ sector: v === 'all' ? null : v })}
                data={[
                  { value: 'all', label: t('companies.sector.all') },
                  { value: 'cruise', label: t('companies.sector.cruise') },
                  { value: 'leisure', label: t('companies.sector.leisure') },
                ]}
              />
            </Group>
            <DataTable
              caption={tab === 'archived' ? t('companies.list.captionArchived') : t('companies.list.title')}
              columns={columns}
              rows={list.data?.data}
              meta={list.data?.meta}
              rowKey={(c) => c.id}
              isLoading={list.isLoading}
              error={list.error}
              onRetry={() => void list.refetch()}
              sort={sort}
              onSort={list$.setSort}
              onPage={list$.setPage}
              empty={empty}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
