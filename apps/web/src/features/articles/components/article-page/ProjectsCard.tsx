import type { ArticleDetail } from '@app/shared/articles/articles';
import { Card, List, Text, Title } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The projects the article is used in. */
export function ProjectsCard({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('articles.fields.linkedProjects')}
      </Title>
      {article.linkedProjects.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('articles.detail.noProjects')}
        </Text>
      ) : (
        <List spacing={4} icon={<IconFolder size={14} />} size="sm">
          {article.linkedProjects.map((p) => (
            <List.Item key={p.id}>{p.name}</List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
