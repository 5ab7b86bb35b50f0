import type { ArticleDetail } from '@app/shared/articles/articles';
import { Card, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/States';

/** The article's impression image, as lists show it. */
export function ImpressionCard({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" h="100%">
      <Title order={2} size="h4" mb="sm">
        {t('articles.fields.impression')}
      </Title>
      {article.impression ? (
        <img
          src={article.impression.largeUrl}
          alt={article.name}
          width={article.impression.width ?? 800}
          height={article.impression.height ?? 600}
          loading="lazy"
          decoding="async"
          style={{ width: '100%', height: 'auto', borderRadius: 8, display: 'block' }}
        />
      ) : (
        <EmptyState
          icon={<IconPhoto size={32} stroke={1.5} />}
          title={t('articles.detail.noImpression')}
          description={t(article.abilities.canEdit ? 'articles.detail.noImpressionText' : 'articles.detail.noImpressionReadOnly')}
        />
      )}
    </Card>
  );
}
