import type { ArticleStatus } from '@app/shared/articles/articles';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors: Record<ArticleStatus, string> = { active: 'green', blocked: 'orange', discontinued: 'gray' };

/** The status as a badge; `compact` is a coloured label that never truncates inside a table cell. */
export function ArticleStatusBadge({ status, compact = false }: { status: ArticleStatus; compact?: boolean }) {
  const { t } = useTranslation();
  if (compact) {
    return (
      <Text component="span" size="xs" fw={700} tt="uppercase" c={`${colors[status]}.8`} style={{ whiteSpace: 'nowrap' }}>
        {t(`articles.status.${status}`)}
      </Text>
    );
  }
  return (
    <Badge variant="light" color={colors[status]} size="sm" style={{ flex: 'none', maxWidth: 'none' }}>
      {t(`articles.status.${status}`)}
    </Badge>
  );
}
