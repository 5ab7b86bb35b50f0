import {
  ARCHIVE_SOURCES,
  type ArchiveFile,
  type ArchiveItem,
  type ArchiveSource,
  MAX_ZIP_ITEMS,
  productFilesQuerySchema,
} from '@app/shared/portal/portal-products';
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconFiles, IconFileZip, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelection } from '../../../components/bulk/useSelection';
import { type Column, DataTable } from '../../../components/DataTable';
import { formatBytes } from '../../../components/files/FilesField';
import { ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, NoMatchState } from '../../../components/States';
import { useAttempt } from '../../../lib/attempt';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { FileDownloadButton } from '../components/products/FileDownloadButton';
import { downloadArchiveZip, useProductFiles } from '../products-api';

const PER_PAGE = 25;

/**
 * A stored file's number in the selection (the selection holds numbers): its source in the
 * tens of billions, its id (an int4) below. `itemOf` reads it back.
 */
const SOURCE_BASE = 10_000_000_000;
const selectionId = (item: ArchiveItem) => (ARCHIVE_SOURCES.indexOf(item.source) + 1) * SOURCE_BASE + item.id;
const itemOf = (n: number): ArchiveItem => ({
  source: ARCHIVE_SOURCES[Math.floor(n / SOURCE_BASE) - 1] as ArchiveSource,
  id: n % SOURCE_BASE,
});

/** Where a file's record opens in the portal: the product, the order or the drawing. */
const recordPath = (f: ArchiveFile) =>
  f.source === 'product'
    ? `/product-files/${f.record.id}`
    : f.source === 'order'
      ? `/orders/${f.record.id}`
      : `/drawings/${f.record.id}`;

const BADGE_COLOR = { tearsheet: 'blue', download: 'gray', final: 'teal', approved: 'grape' } as const;

/**
 * product-files.index ('Bestanden'): the company's files archive, one row per file: its products'
 * tearsheets and download links, its orders' final files and its drawings' approved versions,
 * with who uploaded them and when. Searched, filtered by source, sorted and paged on the server,
 * all in the URL; stored files are ticked (the page at once with the header's box) and downloaded
 * together as one ZIP. The selection stays while the person searches on, so files found by
 * different searches go in one ZIP. Cards with a checkbox on a phone.
 */
export function ProductFilesPage() {
  const { t, i18n } = useTranslation();
  const attempt = useAttempt();
  const list$ = useListParams(productFilesQuerySchema);
  const source = list$.query.source;
  const list = useProductFiles({ ...list$.query, perPage: PER_PAGE });
  const selection = useSelection('archive');
  const [zipping, setZipping] = useState(false);
  const selected = selection.ids.size;
  const filtered = !!list$.q || !!source;

  const clearFilters = () => {
    list$.setSearch('');
    list$.setFilters({ q: null, source: null });
  };

  const downloadZip = async () => {
    setZipping(true);
    await attempt(async () => {
      const name = await downloadArchiveZip([...selection.ids].map(itemOf));
      notify.success(t('portalProducts.files.zip.done', { name, count: selected }));
    });
    setZipping(false);
  };

  const columns: Column<ArchiveFile>[] = [
    {
      key: 'name',
      header: t('portalProducts.files.columns.name'),
      sortKey: 'name',
      render: (f) => (
        <Stack gap={2}>
          <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {f.fileName}
          </Text>
          <div>
            <Badge variant="light" color={BADGE_COLOR[f.kind]} size="sm">
              {t(`portalProducts.files.kind.${f.kind}`)}
            </Badge>
          </div>
        </Stack>
      ),
    },
    {
      key: 'record',
      header: t('portalProducts.files.columns.record'),
      sortKey: 'record',
      render: (f) => (
        <Stack gap={0}>
          <Anchor component={Link} to={recordPath(f)} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {f.record.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t(`portalProducts.files.source.${f.source}`)}
            {f.project ? ` · ${f.project.name}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'uploadedBy',
      header: t('portalProducts.files.columns.uploadedBy'),
      // A tearsheet no person uploaded came with the catalogue (its import or the ERP).
      render: (f) => f.uploadedBy ?? (f.kind === 'tearsheet' ? t('portalProducts.files.catalogue') : ''),
    },
    {
      key: 'date',
      header: t('portalProducts.files.columns.date'),
      sortKey: 'date',
      width: 120,
      render: (f) => formatDate(f.date),
    },
    {
      key: 'size',
      header: t('portalProducts.files.columns.size'),
      sortKey: 'size',
      width: 100,
      render: (f) => (f.size === null ? '' : formatBytes(f.size, i18n.language)),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('portalProducts.files.columns.actions')}</span>,
      label: t('portalProducts.files.columns.actions'),
      width: 72,
      render: (f) => <FileDownloadButton file={f} compact />,
    },
  ];

  return (
    <>
      <PageHeader title={t('portalProducts.files.title')} description={t('portalProducts.files.intro')} />
      <Stack gap="md">
        <ListToolbar>
          <TextInput
            label={t('portalProducts.files.search')}
            placeholder={t('portalProducts.files.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={list$.search}
            onChange={(e) => list$.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
            type="search"
          />
          <NativeSelect
            label={t('portalProducts.files.sourceLabel')}
            data={[
              { value: '', label: t('portalProducts.files.allSources') },
              ...ARCHIVE_SOURCES.map((s) => ({ value: s, label: t(`portalProducts.files.sources.${s}`) })),
            ]}
            value={source ?? ''}
            onChange={(e) => list$.setFilters({ source: e.currentTarget.value || null })}
            w={{ base: '100%', sm: 220 }}
          />
          <Group ml={{ sm: 'auto' }} gap="sm" w={{ base: '100%', sm: 'auto' }}>
            {selected > 0 ? (
              <Button variant="subtle" onClick={selection.clear}>
                {t('portalProducts.files.zip.clear')}
              </Button>
            ) : null}
            <Button
              leftSection={<IconFileZip size={16} />}
              disabled={selected === 0 || selected > MAX_ZIP_ITEMS}
              loading={zipping}
              onClick={() => void downloadZip()}
              style={{ flexGrow: 1 }}
            >
              {t('portalProducts.files.zip.button', { count: selected })}
            </Button>
          </Group>
        </ListToolbar>
        {selected > MAX_ZIP_ITEMS ? (
          <Text size="sm" c="red" role="status">
            {t('portalProducts.files.zip.tooMany', { max: MAX_ZIP_ITEMS })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" role="status">
            {selected > 0 ? t('portalProducts.files.zip.selected', { count: selected }) : t('portalProducts.files.zip.hint')}
          </Text>
        )}
        <DataTable
          columns={columns}
          rows={list.data?.data}
          meta={list.data?.meta}
          rowKey={(f) => (f.item ? String(selectionId(f.item)) : f.key)}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          sort={list$.sort}
          onSort={list$.setSort}
          onPage={list$.setPage}
          caption={t('portalProducts.files.title')}
          selection={selection}
          canSelect={(f) => f.item !== null}
          rowLabel={(f) => f.fileName}
          empty={
            filtered ? (
              <NoMatchState
                title={t('portalProducts.files.noMatchTitle')}
                description={
                  list$.q ? t('portalProducts.files.noMatchText', { q: list$.q }) : t('portalProducts.files.noMatchSource')
                }
                clearLabel={t('portalProducts.files.clearFilters')}
                onClear={clearFilters}
              />
            ) : (
              <EmptyState
                icon={<IconFiles size={32} stroke={1.5} />}
                title={t('portalProducts.files.emptyTitle')}
                description={t('portalProducts.files.emptyText')}
              />
            )
          }
        />
      </Stack>
    </>
  );
}
