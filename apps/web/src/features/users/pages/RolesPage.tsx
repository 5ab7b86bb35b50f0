import { ROLE_SORTS, type Role } from '@app/shared/users/roles';
import { Anchor, Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { EmptyState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useDeleteRole, useRoles } from '../api';

/** roles.index: every role with its people count; create, edit, delete (with confirmation). */
export function RolesPage() {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const list$ = useListParams(ROLE_SORTS, 'name');
  const remove = useDeleteRole();

  const q = { page: list$.page, perPage: 25, sort: list$.sort, q: list$.q };
  const list = useRoles(q);

  const handleDelete = async (role: Role) => {
    const ok = await confirmAction({
      title: t('users.roles.delete.title'),
      message: t('users.roles.delete.text', { name: role.name }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(role);
      notify.success(t('users.roles.delete.done', { name: role.name }));
    });
  };

  const columns: Column<Role>[] = [
    {
      key: 'name',
      header: t('users.roles.fields.name'),
      sortKey: 'name',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={`/settings/roles/${r.id}`} fw={500}>
            {r.name}
          </Anchor>
          {r.is_admin ? (
            <Badge size="sm" color="gold" variant="light">
              {t('users.roles.admin')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'slug',
      header: t('users.roles.fields.slug'),
      sortKey: 'slug',
      render: (r) => (
        <Text ff="monospace" size="sm">
          {r.slug}
        </Text>
      ),
    },
    {
      key: 'dashboard',
      header: t('users.roles.fields.dashboardView'),
      render: (r) => t(`users.dashboardViews.${r.dashboard_view}`),
    },
    {
      key: 'permissions',
      header: t('users.roles.fields.permissions'),
      render: (r) =>
        r.is_admin ? t('users.roles.allPermissions') : t('users.roles.permissionCount', { count: r.permissions.length }),
    },
    { key: 'users', header: t('users.roles.fields.users'), sortKey: 'users', render: (r) => r.users_count, width: 110 },
    { key: 'updated', header: t('users.roles.fields.updated'), sortKey: 'updated', render: (r) => formatDateTime(r.updated_at) },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      width: 100,
      render: (r) => (
        <RowActions
          edit={{ to: `/settings/roles/${r.id}` }}
          editLabel={t('users.roles.editFor', { name: r.name })}
          deleteLabel={t('users.roles.deleteFor', { name: r.name })}
          onDelete={() => void handleDelete(r)}
          deleteDenied={deniedReason(t, r.abilities, 'canDelete', {
            ROLE_IN_USE: t('users.roles.delete.inUse', { count: r.users_count }),
            ROLE_SELF_LOCKOUT: t('users.roles.delete.ownRole'),
          })}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('users.roles.title')}
        description={t('users.roles.intro')}
        actions={
          <>
            <ExportMenu path="/api/roles/export" params={q} />
            <Button component={Link} to="/settings/roles/new" leftSection={<IconPlus size={16} />}>
              {t('users.roles.create')}
            </Button>
          </>
        }
      />
      <TextInput
        mb="md"
        placeholder={t('users.roles.search')}
        aria-label={t('users.roles.search')}
        leftSection={<IconSearch size={16} />}
        value={list$.search}
        onChange={(e) => list$.setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
      />
      <DataTable
        caption={t('users.roles.title')}
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        rowKey={(r) => r.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        sort={q.sort}
        onSort={list$.setSort}
        onPage={list$.setPage}
        empty={
          <EmptyState
            icon={<IconShieldLock size={32} stroke={1.5} />}
            title={t(q.q ? 'users.roles.noMatchTitle' : 'users.roles.emptyTitle')}
            description={t(q.q ? 'users.roles.noMatchText' : 'users.roles.emptyText')}
            action={
              q.q ? null : (
                <Button component={Link} to="/settings/roles/new" leftSection={<IconPlus size={16} />}>
                  {t('users.roles.create')}
                </Button>
              )
            }
          />
        }
      />
    </>
  );
}
