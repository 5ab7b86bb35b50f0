import { COMPANY_USER_SORTS, type CompanyUser } from '@app/shared/companies/company-users';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { EmptyState } from '../../../components/States';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useListParams } from '../../../lib/use-list-params';
import { CompanyShell } from '../components/CompanyHeader';
import { useCompanyUsers } from '../users-api';

const WRAPPING = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', paddingBlock: 2 },
  label: { whiteSpace: 'normal', lineHeight: 1.35 },
} as const;

/** A sentence in which `part` (a date) is never broken over two lines (at its hyphens). */
function KeepTogether({ text, part }: { text: string; part: string }) {
  const at = part ? text.indexOf(part) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
      {text.slice(at + part.length)}
    </>
  );
}

/** Whether the person was invited and set a password: 'Niet uitgenodigd', 'Uitgenodigd op 24-11-2026', 'Geaccepteerd'. */
export function InvitationBadge({ user }: { user: Pick<CompanyUser, 'invitation' | 'invitedAt'> }) {
  const { t } = useTranslation();
  if (user.invitation === 'accepted') {
    return (
      <Badge variant="light" color="teal">
        {t('companies.users.invitation.accepted')}
      </Badge>
    );
  }
  if (user.invitation === 'pending') {
    const date = formatDate(user.invitedAt);
    return (
      // The date makes it long: on a phone's card it wraps within the badge rather than being cut off.
      <Badge variant="light" color="blue" styles={WRAPPING}>
        <KeepTogether text={t('companies.users.invitation.pending', { date })} part={date} />
      </Badge>
    );
  }
  return (
    <Badge variant="light" color="gray">
      {t('companies.users.invitation.none')}
    </Badge>
  );
}

/**
 * company.users ('Gebruikers'): the people of one company who sign in to its portal, searched,
 * sorted and paged on the server (all of it in the URL), each with whether the invitation was
 * accepted and when they last signed in. 'Nieuwe gebruiker' adds one (and mails the invitation).
 */
export function CompanyUsersPage() {
  const companyId = Number(useParams().companyId);
  return (
    <CompanyShell companyId={companyId}>
      <UsersList companyId={companyId} />
    </CompanyShell>
  );
}

function UsersList({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const list$ = useListParams(COMPANY_USER_SORTS, 'name');
  const { page, sort } = list$;
  const q = { page, perPage: 25, sort, q: list$.q };
  const list = useCompanyUsers(companyId, q);
  const newPath = `/companies/${companyId}/users/new`;

  const columns: Column<CompanyUser>[] = [
    {
      key: 'name',
      header: t('companies.users.list.name'),
      sortKey: 'name',
      render: (u) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/companies/${companyId}/users/${u.id}`} fw={500}>
            {u.name}
          </Anchor>
          {u.jobTitle ? (
            <Text size="xs" c="dimmed">
              {u.jobTitle}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'email',
      header: t('companies.users.list.email'),
      sortKey: 'email',
      render: (u) => <span style={{ overflowWrap: 'anywhere' }}>{u.email}</span>,
    },
    {
      key: 'invitation',
      header: t('companies.users.list.invitation'),
      render: (u) => <InvitationBadge user={u} />,
    },
    {
      key: 'lastLogin',
      header: t('companies.users.list.lastLogin'),
      sortKey: 'lastLogin',
      width: 170,
      render: (u) =>
        u.lastLoginAt ? (
          formatDateTime(u.lastLoginAt)
        ) : (
          <Text size="sm" c="dimmed" component="span">
            {t('companies.users.list.never')}
          </Text>
        ),
    },
  ];

  const createButton = (
    <Button component={Link} to={newPath} leftSection={<IconPlus size={16} />}>
      {t('companies.users.list.create')}
    </Button>
  );

  const empty = q.q ? (
    <EmptyState
      icon={<IconSearch size={32} stroke={1.5} />}
      title={t('companies.users.list.noMatchTitle')}
      description={t('companies.users.list.noMatchText')}
    />
  ) : (
    <EmptyState
      icon={<IconUsers size={32} stroke={1.5} />}
      title={t('companies.users.list.emptyTitle')}
      description={t('companies.users.list.emptyText')}
      action={createButton}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          placeholder={t('companies.users.list.search')}
          aria-label={t('companies.users.list.search')}
          leftSection={<IconSearch size={16} />}
          value={list$.search}
          onChange={(e) => list$.setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Group gap="sm" wrap="nowrap">
          <ExportMenu path={`/api/companies/${companyId}/users/export`} params={q} />
          {createButton}
        </Group>
      </Group>
      <DataTable
        caption={t('companies.users.list.caption')}
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        rowKey={(u) => u.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        sort={sort}
        onSort={list$.setSort}
        onPage={list$.setPage}
        empty={empty}
      />
    </Stack>
  );
}
