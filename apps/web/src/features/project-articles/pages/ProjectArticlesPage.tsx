import {
  EXPORT_FORMATS,
  type ExportFormat,
  PROJECT_ARTICLE_SORTS,
  type ProjectArticle,
} from '@app/shared/project-articles/project-articles';
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowsSort, IconFileSpreadsheet, IconFileTypeCsv, IconPackage, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { EmptyState } from '../../../components/States';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { ProjectHeader } from '../../projects/components/ProjectHeader';
import { downloadProjectArticles, useProjectArticles } from '../api';
import { AreaBreakdown } from '../components/AreaBreakdown';
import { formatQuantity } from '../format';

const isSort = (raw: string): raw is (typeof PROJECT_ARTICLE_SORTS)[number] =>
  (PROJECT_ARTICLE_SORTS as readonly string[]).includes(raw);

/**
 * {projectId}/articles ('Artikelen'): every product and article on the project's order lines with
 * its total and number of lines, sorted and searched on the server (sort and search in the URL; not
 * paged, a project uses a few hundred items at most). A row opens its quantities per area; both
 * exports carry the list's sort and search.
 */
export function ProjectArticlesPage() {
  const { t, i18n } = useTranslation();
  const attempt = useAttempt();
  const projectId = Number(useParams().projectId);
  const list$ = useListParams(PROJECT_ARTICLE_SORTS, 'name');
  const params = { sort: list$.sort, q: list$.q };
  const list = useProjectArticles(projectId, params);
  const [open, setOpen] = useState<ProjectArticle | null>(null);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const items = list.data?.items;
  const empty = !!items && items.length === 0 && !list$.q;

  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    await attempt(async () => {
      const name = await downloadProjectArticles(projectId, format, params);
      notify.success(t('projectArticles.export.done', { name }));
    });
    setExporting(null);
  };

  const qty = (n: number, unit: string | null) => (
    <span style={{ whiteSpace: 'nowrap' }}>
      {formatQuantity(n, i18n.language)}
      {unit ? ` ${unit}` : ''}
    </span>
  );

  const columns: Column<ProjectArticle>[] = [
    {
      key: 'name',
      header: t('projectArticles.fields.name'),
      sortKey: 'name',
      render: (r) => (
        <Group gap={6} wrap="nowrap" align="baseline">
          <Text span fw={500} style={{ overflowWrap: 'anywhere' }}>
            {r.name}
          </Text>
          <Badge size="xs" variant="light" color={r.kind === 'product' ? 'blue' : 'gray'} style={{ flexShrink: 0 }}>
            {t(`projectArticles.kinds.${r.kind}`)}
          </Badge>
        </Group>
      ),
    },
    {
      key: 'code',
      header: t('projectArticles.fields.code'),
      sortKey: 'code',
      render: (r) =>
        r.code ? (
          <Text span size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {r.code}
          </Text>
        ) : null,
    },
    { key: 'total', header: t('projectArticles.fields.total'), sortKey: 'total', render: (r) => qty(r.total, r.unit) },
    { key: 'lines', header: t('projectArticles.fields.lines'), render: (r) => r.lines },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('projectArticles.fields.perArea')}</span>,
      label: t('projectArticles.fields.perArea'),
      render: (r) => (
        <Group justify="flex-end">
          <Button size="compact-sm" variant="light" onClick={() => setOpen(r)}>
            {t('projectArticles.breakdown.button', { count: r.perArea.length })}
            <span className="visually-hidden">{t('projectArticles.breakdown.of', { name: r.name })}</span>
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <ProjectHeader projectId={projectId} />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h3">
              {t('projectArticles.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('projectArticles.intro')}
            </Text>
          </Stack>
          <Group gap="xs">
            {EXPORT_FORMATS.map((format) => (
              <Button
                key={format}
                variant="default"
                leftSection={format === 'csv' ? <IconFileTypeCsv size={16} /> : <IconFileSpreadsheet size={16} />}
                loading={exporting === format}
                disabled={empty || (exporting !== null && exporting !== format)}
                onClick={() => void exportAs(format)}
              >
                {t(`projectArticles.export.${format}`)}
              </Button>
            ))}
          </Group>
        </Group>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            placeholder={t('projectArticles.search')}
            aria-label={t('projectArticles.search')}
            leftSection={<IconSearch size={16} />}
            value={list$.search}
            onChange={(e) => list$.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 260 }}
          />
          <Select
            aria-label={t('projectArticles.sortLabel')}
            leftSection={<IconArrowsSort size={16} />}
            data={PROJECT_ARTICLE_SORTS.map((s) => ({ value: s, label: t(`projectArticles.sorts.${s}`) }))}
            value={list$.sort}
            onChange={(v) => v && list$.setSort(v)}
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
          />
        </Group>
        <DataTable
          caption={t('projectArticles.title')}
          columns={columns}
          rows={items}
          rowKey={(r) => `${r.kind}-${r.id}`}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          sort={list$.sort}
          onSort={(s) => list$.setSort(isSort(s) ? s : 'name')}
          cardSort={false}
          empty={
            list$.q ? (
              <EmptyState
                icon={<IconSearch size={32} stroke={1.5} />}
                title={t('projectArticles.noMatchTitle')}
                description={t('projectArticles.noMatchText')}
                action={
                  <Button
                    variant="light"
                    onClick={() => {
                      list$.setSearch('');
                      list$.setFilters({ q: null });
                    }}
                  >
                    {t('projectArticles.clearSearch')}
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={<IconPackage size={32} stroke={1.5} />}
                title={t('projectArticles.emptyTitle')}
                description={t('projectArticles.emptyText')}
                action={
                  <Button component={Link} to={`/projects/${projectId}/areas`} variant="light">
                    {t('projectArticles.toAreas')}
                  </Button>
                }
              />
            )
          }
        />
        {items && items.length > 0 ? (
          <Text size="sm" c="dimmed">
            {t('projectArticles.count', { count: items.length })} {t('projectArticles.subareasIncluded')}
          </Text>
        ) : null}
      </Stack>
      <AreaBreakdown item={open} areas={list.data?.areas ?? []} onClose={() => setOpen(null)} />
    </>
  );
}
