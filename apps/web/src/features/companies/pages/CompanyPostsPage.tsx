import { type CompanyPost, companyPostListQuerySchema } from '@app/shared/companies/company-posts';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { IconNews, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { EmptyState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useListParams } from '../../../lib/use-list-params';
import { CompanyShell } from '../components/CompanyHeader';
import { useCompanyPosts } from '../posts-api';

/** A badge that may wrap (a date in a narrow card column) instead of being cut off. */
const WRAPPING = { root: { height: 'auto', minHeight: 'var(--badge-height)' }, label: { whiteSpace: 'normal' } } as const;

/** Where a post stands: 'Concept', 'Gepland 29-11-2026 09:00' (published, its time still to come) or 'Gepubliceerd 12-11-2026'. */
export function PostStatusBadge({ post }: { post: Pick<CompanyPost, 'status' | 'scheduled' | 'publishAt'> }) {
  const { t } = useTranslation();
  const [color, text] =
    post.status === 'draft'
      ? ['gray', t('companies.posts.status.draft')]
      : post.scheduled
        ? ['blue', t('companies.posts.status.scheduled', { date: formatDateTime(post.publishAt) })]
        : ['teal', t('companies.posts.status.published', { date: formatDate(post.publishAt) })];
  return (
    <Badge variant="light" color={color} tt="none" fw={600} styles={WRAPPING}>
      {text}
    </Badge>
  );
}

/**
 * company.posts ('Berichten'): the company's news, newest first (drafts on top), with where each
 * post stands; filter by status and search by title, both in the URL. 'Nieuw bericht' writes one.
 */
export function CompanyPostsPage() {
  const companyId = Number(useParams().companyId);
  return (
    <CompanyShell companyId={companyId}>
      <PostsList companyId={companyId} />
    </CompanyShell>
  );
}

function PostsList({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  // The server orders the news (newest first, drafts on top): nothing to sort by.
  const list$ = useListParams(companyPostListQuerySchema);
  const { status } = list$.query;
  const q = { page: list$.page, perPage: 25, q: list$.q, status };
  const list = useCompanyPosts(companyId, q);
  const base = `/companies/${companyId}/posts`;

  const columns: Column<CompanyPost>[] = [
    {
      key: 'image',
      header: <VisuallyHidden>{t('companies.posts.list.image')}</VisuallyHidden>,
      label: t('companies.posts.list.image'),
      width: 88,
      render: (p) => <Thumb src={p.image?.thumbUrl} alt="" width={72} height={48} />,
    },
    {
      key: 'name',
      header: t('companies.posts.list.title'),
      render: (p) => (
        <Anchor component={Link} to={`${base}/${p.id}`} fw={500} style={{ overflowWrap: 'anywhere' }}>
          {p.title}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: t('companies.posts.list.status'),
      render: (p) => <PostStatusBadge post={p} />,
    },
    {
      key: 'updated',
      header: t('companies.posts.list.updated'),
      width: 170,
      render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.updatedAt)}</span>,
    },
  ];

  const createButton = (
    <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} />}>
      {t('companies.posts.list.create')}
    </Button>
  );

  const filtered = !!q.q || !!status;
  const empty = filtered ? (
    <EmptyState
      icon={<IconSearch size={32} stroke={1.5} />}
      title={t('companies.posts.list.noMatchTitle')}
      description={t('companies.posts.list.noMatchText')}
    />
  ) : (
    <EmptyState
      icon={<IconNews size={32} stroke={1.5} />}
      title={t('companies.posts.list.emptyTitle')}
      description={t('companies.posts.list.emptyText')}
      action={createButton}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
        <Group gap="sm" wrap="wrap" style={{ flex: '1 1 auto' }}>
          <TextInput
            placeholder={t('companies.posts.list.search')}
            aria-label={t('companies.posts.list.search')}
            leftSection={<IconSearch size={16} />}
            value={list$.search}
            onChange={(e) => list$.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 280 }}
          />
          <SegmentedControl
            aria-label={t('companies.posts.list.statusFilter')}
            value={status ?? 'all'}
            onChange={(v) => list$.setFilters({ status: v === 'all' ? null : v })}
            data={[
              { value: 'all', label: t('companies.posts.list.all') },
              { value: 'draft', label: t('companies.posts.status.draft') },
              { value: 'published', label: t('companies.posts.list.publishedFilter') },
            ]}
          />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <ExportMenu path={`/api/companies/${companyId}/posts/export`} params={q} />
          {createButton}
        </Group>
      </Group>
      <DataTable
        caption={t('companies.posts.list.caption')}
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        rowKey={(p) => p.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        onPage={list$.setPage}
        empty={empty}
      />
    </Stack>
  );
}
