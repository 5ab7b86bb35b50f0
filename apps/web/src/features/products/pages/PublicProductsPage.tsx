import type { PublicSort } from '@app/shared/products/products';
import { Button, Collapse, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch, IconSparkles } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, NoMatchState } from '../../../components/States';
import { CatalogueFilters } from '../components/CatalogueFilters';
import classes from '../components/catalogue.module.css';
import { Pager } from '../components/Pager';
import { ProductCard, ProductCardSkeleton } from '../components/ProductCard';
import { usePublicFilters, usePublicProducts } from '../public-api';
import { CATALOGUE_SORTS, FILTER_KINDS, MAX_SEARCH } from '../public-catalogue';
import { useCatalogueParams } from '../use-catalogue-params';

/** Cards loaded at once (above the fold at every width); the rest load lazily as they scroll in. */
const FIRST_ROW = 4;
const SKELETONS = [1, 2, 3, 4, 5, 6, 7, 8];

/** The label key of each order in the sort select. */
const SORT_LABELS: Record<PublicSort, string> = {
  order: 'public.sort.order',
  name: 'public.sort.nameAsc',
  '-name': 'public.sort.nameDesc',
  newest: 'public.sort.newest',
};

/**
 * The inspiration catalogue: published products in the manual order (or by name, or newest first),
 * searched by name and description, filtered by area, category, feature, material and preference.
 * The search, order, selection and page live in the URL (?q=stoel&sort=name&areas=1,2&page=2).
 */
export function PublicProductsPage() {
  const { t, i18n } = useTranslation();
  const { query, activeCount, search, setSearch, setFilter, clearFilters, clearAll, setSort, setPage } = useCatalogueParams();
  const products = usePublicProducts(query, i18n.language);
  const filters = usePublicFilters();
  // Read synchronously: a desktop must not first render the phone layout and then jump. The
  // server's HTML (prerender.tsx) cannot measure the screen: it has both, one shown by CSS.
  const wide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  const isWide = import.meta.env.SSR ? 'both' : wide;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const listTop = useRef<HTMLDivElement>(null);

  const meta = products.data?.meta;
  // A page beyond the last one (an old link, fewer products now): show the last page instead.
  useEffect(() => {
    if (meta && !products.isPlaceholderData && meta.total > 0 && query.page > meta.last_page) setPage(meta.last_page, true);
  }, [meta, products.isPlaceholderData, query.page, setPage]);

  const hasFilterValues = filters.data ? FILTER_KINDS.some((k) => filters.data[k].length > 0) : false;
  const showFilters = filters.isPending || filters.isError || hasFilterValues || activeCount > 0;

  const panel = (
    <CatalogueFilters
      filters={filters.data}
      isLoading={filters.isPending}
      isError={filters.isError}
      onRetry={() => void filters.refetch()}
      selected={query.filters}
      activeCount={activeCount}
      onChange={setFilter}
      onClear={clearFilters}
    />
  );

  let body: ReactNode;
  if (products.isPending) {
    body = (
      <div className={classes.grid} role="status" aria-busy="true" aria-label={t('public.products.loading')}>
        {SKELETONS.map((k) => (
          <ProductCardSkeleton key={k} />
        ))}
      </div>
    );
  } else if (products.isError && !products.data) {
    body = <ErrorState error={products.error} onRetry={() => void products.refetch()} />;
  } else if (products.data && products.data.meta.total === 0) {
    body = query.q ? (
      <NoMatchState
        title={t('public.search.noMatchTitle', { q: query.q })}
        description={t(activeCount > 0 ? 'public.search.noMatchFilteredText' : 'public.search.noMatchText')}
        clearLabel={t(activeCount > 0 ? 'public.search.clearAll' : 'public.search.clear')}
        onClear={clearAll}
      />
    ) : activeCount > 0 ? (
      <EmptyState
        icon={<IconFilterOff size={32} stroke={1.5} />}
        title={t('public.products.noMatchTitle')}
        description={t('public.products.noMatchText')}
        action={
          <Button variant="light" onClick={clearFilters}>
            {t('public.filters.clear')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<IconSparkles size={32} stroke={1.5} />}
        title={t('public.products.emptyTitle')}
        description={t('public.products.emptyText')}
      />
    );
  } else if (products.data) {
    body = (
      <ul
        className={`${classes.grid} ${products.isPlaceholderData ? classes.busy : ''}`}
        aria-busy={products.isPlaceholderData || undefined}
        aria-label={t('public.products.listLabel')}
      >
        {products.data.data.map((p, i) => (
          <li key={p.id}>
            <ProductCard product={p} eager={query.page === 1 && i < FIRST_ROW} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title={t('public.products.title')} description={t('public.products.intro')} />
      <div className={showFilters && isWide ? (isWide === 'both' ? classes.layoutFromWide : classes.layout) : undefined}>
        {showFilters ? (
          isWide === true ? (
            <aside aria-label={t('public.filters.title')}>{panel}</aside>
          ) : (
            <div className={isWide === 'both' ? classes.narrowOnly : undefined}>
              <Button
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={18} />}
                aria-expanded={filtersOpen}
                aria-controls={isWide === 'both' ? undefined : panelId}
                onClick={() => setFiltersOpen((o) => !o)}
                mb={filtersOpen ? 'sm' : 'md'}
              >
                {activeCount > 0 ? t('public.filters.toggleActive', { count: activeCount }) : t('public.filters.toggle')}
              </Button>
              {isWide === 'both' ? null : (
                <Collapse expanded={filtersOpen} id={panelId}>
                  <aside aria-label={t('public.filters.title')}>{panel}</aside>
                  <div style={{ height: 'var(--mantine-spacing-md)' }} />
                </Collapse>
              )}
            </div>
          )
        ) : null}
        {showFilters && isWide === 'both' ? (
          <aside aria-label={t('public.filters.title')} className={classes.wideOnly}>
            {panel}
          </aside>
        ) : null}
        {/* data-first-screen: the server sends this page as HTML, products and all (prerender.tsx);
            the app takes that HTML's place once its own list is there (app/takeover.ts). */}
        <div ref={listTop} style={{ scrollMarginTop: 16 }} data-first-screen={products.data ? 'catalogue' : undefined}>
          <search className={classes.toolbar}>
            <label className={`${classes.control} ${classes.searchControl}`}>
              {t('public.search.label')}
              <span className={classes.field}>
                <IconSearch size={16} aria-hidden />
                <input
                  type="search"
                  className={classes.input}
                  placeholder={t('public.search.placeholder')}
                  value={search}
                  maxLength={MAX_SEARCH}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                />
              </span>
            </label>
            <label className={`${classes.control} ${classes.sortControl}`}>
              {t('public.sort.label')}
              <select
                className={classes.select}
                value={query.sort}
                onChange={(e) => setSort(e.currentTarget.value as PublicSort)}
              >
                {CATALOGUE_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(SORT_LABELS[s])}
                  </option>
                ))}
              </select>
            </label>
          </search>
          <Text size="sm" c="dimmed" mb="sm" aria-live="polite" mih={21}>
            {meta && meta.total > 0
              ? query.q
                ? t('public.search.count', { count: meta.total, q: query.q })
                : t('public.products.count', { count: meta.total })
              : ''}
          </Text>
          {body}
          {meta && meta.last_page > 1 ? (
            <Pager
              page={Math.min(query.page, meta.last_page)}
              lastPage={meta.last_page}
              onPage={(page) => {
                setPage(page);
                listTop.current?.scrollIntoView({ block: 'start' });
              }}
            />
          ) : null}
        </div>
      </div>
    </>
  );
}
