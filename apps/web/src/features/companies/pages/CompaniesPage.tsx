import type { Sector } from '@app/shared/auth/auth';
import { COMPANY_SORTS, type CompanySummary } from '@app/shared/companies/companies';
import { Avatar, Badge, Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconBuilding, IconLogin2, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/States';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { startActingAs } from '../../auth/api';
import { useCompanies } from '../api';

/** 'Bedrijven': the client companies, with 'act as' where the server allows it. Filters live in the URL. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const list$ = useListParams(COMPANY_SORTS, 'name');
  const { page, sort } = list$;
  const sectorParam = list$.params.get('sector');
  const sector: Sector | undefined = sectorParam === 'cruise' || sectorParam === 'leisure' ? sectorParam : undefined;
  const [acting, setActing] = useState<number | null>(null);

  const q = { page, perPage: 25, sort, q: list$.q, sector, tab: 'active' as const };
  const list = useCompanies(q);

  const handleActAs = async (c: CompanySummary) => {
    setActing(c.id);
    try {
      await startActingAs(c.id);
    } catch (err) {
      notify.error(errorMessage(t, err));
      setActing(null);
    }
  };

  const columns: Column<CompanySummary>[] = [
    {
      key: 'name',
      header: t('companies.list.name'),
      sortKey: 'name',
      render: (c) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={c.logo} radius="sm" size={32} style={{ background: c.primaryColor, color: c.secondaryColor }}>
            {c.name.slice(0, 2).toUpperCase()}
          </Avatar>
          <Text fw={500}>{c.name}</Text>
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
      // The server says per company whether this person may open its portal (abilities.canActAs).
      render: (c) =>
        c.abilities.canActAs ? (
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

  return (
    <>
      <PageHeader title={t('companies.list.title')} description={t('companies.list.intro')} />
      <Group mb="md" gap="sm" wrap="wrap">
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
        caption={t('companies.list.title')}
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
        empty={
          <EmptyState
            icon={<IconBuilding size={32} stroke={1.5} />}
            title={t(q.q || sector ? 'companies.list.noMatchTitle' : 'companies.list.emptyTitle')}
            description={t(q.q || sector ? 'companies.list.noMatchText' : 'companies.list.emptyText')}
          />
        }
      />
    </>
  );
}
