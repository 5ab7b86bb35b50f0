import { Alert, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconTrashX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { formatDateTime } from '../../../lib/dates';
import { useArticle } from '../api';
import { ArticleStatusBadge } from '../components/ArticleStatusBadge';
import { ErpCard } from '../components/article-page/ErpCard';
import { ImpressionCard } from '../components/article-page/ImpressionCard';
import { ProductAction } from '../components/article-page/ProductAction';
import { ProjectsCard } from '../components/article-page/ProjectsCard';
import { StaffEditor } from '../components/article-page/StaffEditor';

function ArticleSkeleton() {
  return (
    <Stack>
      <Skeleton h={36} w={320} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={260} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={260} />
        </Grid.Col>
      </Grid>
      <Skeleton h={200} />
    </Stack>
  );
}

/** articles.show: the ERP article with what staff add to it, and the way to its product. */
export function ArticlePage() {
  const { t } = useTranslation();
  const id = Number(useParams().articleId);
  const article = useArticle(id);

  if (article.isLoading) return <ArticleSkeleton />;
  if (article.error || !article.data) return <ErrorState error={article.error} onRetry={() => void article.refetch()} />;
  const a = article.data;
  const reload = async () => (await article.refetch()).data;

  return (
    <>
      <PageHeader
        title={a.name}
        description={
          <Group gap="xs" component="span">
            <Text span ff="monospace" size="sm">
              {a.sku}
            </Text>
            <ArticleStatusBadge status={a.status} />
          </Group>
        }
        actions={
          <>
            <HistoryPanel subject="article" id={a.id} />
            <ProductAction article={a} refetch={reload} />
          </>
        }
      />
      <Stack gap="lg">
        {a.deletedAt ? (
          <Alert color="red" variant="light" icon={<IconTrashX size={18} />} title={t('articles.detail.deletedTitle')}>
            {t('articles.detail.deletedText', { date: formatDateTime(a.deletedAt) })}
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ImpressionCard article={a} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <ErpCard article={a} />
          </Grid.Col>
        </Grid>
        <StaffEditor key={a.id} article={a} reload={reload} />
        <ProjectsCard article={a} />
      </Stack>
    </>
  );
}
