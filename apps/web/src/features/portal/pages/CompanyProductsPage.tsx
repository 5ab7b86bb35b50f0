import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFilterOff, IconPackage } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { ProductCard, ProductCardSkeleton } from '../components/products/ProductCard';
import { ProductFiltersBar } from '../components/products/ProductFiltersBar';
import { groupByType, hasFilters, type ProductFilters, parseFilters, withFilters } from '../components/products/product-filters';
import classes from '../components/products/products.module.css';
import { PAGE_SIZE, useCompanyProductFilters, useCompanyProductsList } from '../products-api';

const GRID_COLS = { base: 1, xs: 2, md: 3, xl: 4 };
const SKELETONS = Array.from({ length: 6 }, (_, i) => i);

/**
 * company-products.index ('Jouw producten'): the company's products grouped by article type
 * ('Onbekend' last), 24 at a time: the next page loads when the end of the list scrolls into view,
 * or with "Meer laden" (keyboard). The project and type filters live in the URL as JSON
 * (?projects=[1,2]&types=["Stoel"]), so a reload or a link shows the same list; any change starts
 * again from page 1.
 */
export function CompanyProductsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filtersKey = `${params.get('projects') ?? ''}|${params.get('types') ?? ''}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parsed filters change only with their two parameters
  const filters = useMemo(() => parseFilters(params), [filtersKey]);
  const choices = useCompanyProductFilters();
  const list = useCompanyProductsList(filters);
  const setFilters = (f: ProductFilters) => setParams((prev) => withFilters(prev, f), { replace: true });
  const clear = () => setFilters({ projects: [], types: [] });

  const items = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const groups = useMemo(() => groupByType(items), [items]);
  const total = list.data?.pages[0]?.meta.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const failedMore = list.isFetchNextPageError;

  // The end of the list in view loads the next page (never while one is loading or after a failure).
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchingNextPage || failedMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, failedMore, fetchNextPage]);

  let body: ReactNode;
  if (list.isError && !list.isFetchNextPageError) {
    body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = (
      <SimpleGrid cols={GRID_COLS} spacing="md" role="status" aria-busy="true" aria-label={t('common.states.loading')}>
        {SKELETONS.map((i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  } else if (items.length === 0) {
    body = hasFilters(filters) ? (
      <EmptyState
        icon={<IconFilterOff size={32} stroke={1.5} />}
        title={t('portalProducts.list.noMatchTitle')}
        description={t('portalProducts.list.noMatchText')}
        action={
          <Button variant="light" onClick={clear}>
            {t('portalProducts.filters.clear')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<IconPackage size={32} stroke={1.5} />}
        title={t('portalProducts.list.emptyTitle')}
        description={t('portalProducts.list.emptyText')}
      />
    );
  } else {
    body = (
      <Stack gap="xl">
        {groups.map((g) => (
          <section key={g.type ?? ''} aria-label={g.type ?? t('portalProducts.unknownType')}>
            <Group gap="xs" mb="sm" align="center">
              <Title order={2} size="h4">
                {g.type ?? t('portalProducts.unknownType')}
              </Title>
              <Badge variant="light" color="gray" aria-hidden>
                {g.items.length}
              </Badge>
            </Group>
            <SimpleGrid cols={GRID_COLS} spacing="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {g.items.map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} />
                </li>
              ))}
            </SimpleGrid>
          </section>
        ))}
        {isFetchingNextPage ? (
          <SimpleGrid cols={GRID_COLS} spacing="md" aria-hidden>
            {SKELETONS.slice(0, 3).map((i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        ) : null}
        {failedMore ? <ErrorState error={list.error} onRetry={() => void fetchNextPage()} /> : null}
        <div ref={sentinel} className={classes.sentinel} aria-hidden />
        <Stack align="center" gap="xs">
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {t('portalProducts.list.shown', { shown: items.length, total })}
          </Text>
          {hasNextPage && !failedMore ? (
            <Button variant="default" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
              {t('portalProducts.list.loadMore', { count: PAGE_SIZE })}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t('portalProducts.list.title')} description={t('portalProducts.list.intro')} />
      <ProductFiltersBar value={filters} choices={choices.data} onChange={setFilters} />
      {body}
    </>
  );
}
