import { SimpleGrid, Skeleton } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { NewsCard } from '../components/news/NewsCard';
import { Pager } from '../components/news/Pager';
import { usePageParam } from '../components/news/use-page-param';
import { useNews } from '../news-api';

/** The company's news: its published posts, newest first, a page at a time. */
export function NewsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const news = useNews(page);
  const posts = news.data?.data;
  return (
    <>
      <PageHeader title={t('portal.news.title')} description={t('portalNews.news.description')} />
      {news.error ? (
        <ErrorState error={news.error} onRetry={() => void news.refetch()} />
      ) : !posts ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t('common.states.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={320} radius="md" />
          ))}
        </SimpleGrid>
      ) : posts.length === 0 ? (
        <EmptyState
          icon={<IconNews size={32} stroke={1.5} />}
          title={t('portalNews.news.emptyTitle')}
          description={t('portalNews.news.emptyText')}
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="ul"
          aria-label={t('portalNews.news.listLabel')}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {posts.map((p) => (
            <li key={p.id}>
              <NewsCard post={p} />
            </li>
          ))}
        </SimpleGrid>
      )}
      <Pager meta={news.data?.meta} onPage={setPage} />
    </>
  );
}
