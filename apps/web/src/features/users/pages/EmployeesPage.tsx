import { type EmployeeRow, employeeListQuerySchema } from '@app/shared/users/employees';
import { EMPLOYEE_TABS } from '@app/shared/users/employees.rules';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelection } from '../../../components/bulk/useSelection';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/States';
import { useListParams } from '../../../lib/use-list-params';
import { useCan } from '../../auth/api';
import { EmployeesBulkBar } from '../components/EmployeesBulkBar';
import { useEmployees } from '../employees-api';

const dimmed = (text: string) => (
  <Text size="sm" c="dimmed" component="span">
    {text}
  </Text>
);

/**
 * users.index ('Medewerkers'): the active or the deactivated employees (a tab in the URL),
 * searched on name, e-mail and function, sorted and paged on the server. Each row links to the
 * profile and says when a document or contract runs out. 'Nieuwe medewerker' with users.manage.
 */
export function EmployeesPage() {
  const { t } = useTranslation();
  const list$ = useListParams(employeeListQuerySchema);
  const { page, sort } = list$;
  const { tab } = list$.query;
  const q = { page, perPage: 25, sort, tab, ...(list$.q ? { q: list$.q } : {}) };
  const list = useEmployees(q);
  const canManage = useCan(PEOPLE_RIGHTS.manageEmployees);
  const canExpiring = useCan([...PEOPLE_RIGHTS.documents, ...PEOPLE_RIGHTS.contracts]);
  // Deactivating many at once: on the active tab, for those who manage employees.
  const bulk = canManage && tab === 'active';
  const listQuery = { sort, tab, q: list$.q };
  const selection = useSelection(JSON.stringify(listQuery));

  const columns: Column<EmployeeRow>[] = [
    {
      key: 'name',
      header: t('users.employees.fields.name'),
      sortKey: 'name',
      render: (e) => (
        <Group gap={6} wrap="wrap">
          <Anchor component={Link} to={`/users/${e.id}`} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {e.name}
          </Anchor>
          {e.expiring ? (
            <Badge color="orange" variant="light" size="sm">
              {t('users.employees.expiringBadge')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'function',
      header: t('users.employees.fields.function'),
      sortKey: 'function',
      render: (e) => e.function ?? dimmed('—'),
    },
    {
      key: 'role',
      header: t('users.employees.fields.role'),
      render: (e) => e.role?.name ?? dimmed(t('users.employees.noRole')),
    },
    {
      key: 'email',
      header: t('users.employees.fields.email'),
      sortKey: 'email',
      render: (e) => <span style={{ overflowWrap: 'anywhere' }}>{e.email}</span>,
    },
    {
      key: 'phone',
      header: t('users.employees.fields.phone'),
      width: 150,
      render: (e) =>
        e.phone ? (
          <Anchor href={`tel:${e.phone.replace(/[^+\d]/g, '')}`} size="sm">
            {e.phone}
          </Anchor>
        ) : (
          dimmed('—')
        ),
    },
  ];

  const createButton = canManage ? (
    <Button component={Link} to="/users/new" leftSection={<IconPlus size={16} />}>
      {t('users.employees.create')}
    </Button>
  ) : null;

  const empty = q.q ? (
    <EmptyState
      icon={<IconSearch size={32} stroke={1.5} />}
      title={t('users.employees.noMatchTitle')}
      description={t('users.employees.noMatchText')}
    />
  ) : tab === 'deleted' ? (
    <EmptyState
      icon={<IconUsers size={32} stroke={1.5} />}
      title={t('users.employees.noDeletedTitle')}
      description={t('users.employees.noDeletedText')}
    />
  ) : (
    <EmptyState
      icon={<IconUsers size={32} stroke={1.5} />}
      title={t('users.employees.emptyTitle')}
      description={t('users.employees.emptyText')}
      action={createButton}
    />
  );

  return (
    <>
      <PageHeader
        title={t('users.employees.title')}
        description={t('users.employees.intro')}
        actions={
          <>
            <ExportMenu path="/api/users/export" params={q} />
            {canExpiring ? (
              <Button component={Link} to="/users/expiring" variant="default" leftSection={<IconAlertTriangle size={16} />}>
                {t('users.employees.expiringLink')}
              </Button>
            ) : null}
            {createButton}
          </>
        }
      />
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t('users.employees.tabsLabel')}
            value={tab}
            onChange={(v) => list$.setFilters({ tab: v === 'active' ? null : v })}
            data={EMPLOYEE_TABS.map((v) => ({ value: v, label: t(`users.employees.tabs.${v}`) }))}
          />
          <TextInput
            placeholder={t('users.employees.search')}
            aria-label={t('users.employees.search')}
            leftSection={<IconSearch size={16} />}
            value={list$.search}
            onChange={(e) => list$.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
        </Group>
        <DataTable
          caption={t('users.employees.caption')}
          columns={columns}
          rows={list.data?.data}
          meta={list.data?.meta}
          rowKey={(e) => e.id}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          sort={sort}
          onSort={list$.setSort}
          onPage={list$.setPage}
          selection={bulk ? selection : undefined}
          rowLabel={(e) => e.name}
          empty={empty}
        />
      </Stack>
      {bulk ? (
        <EmployeesBulkBar
          selection={selection}
          pageIds={(list.data?.data ?? []).map((e) => e.id)}
          total={list.data?.meta.total ?? 0}
          query={listQuery}
        />
      ) : null}
    </>
  );
}
