import type { ArticleDetail } from '@app/shared/articles/articles';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/dates';
import { ArticleStatusBadge } from '../ArticleStatusBadge';

const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const number = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

function dimensions(a: ArticleDetail): string | null {
  const parts = [a.lengthMm, a.widthMm, a.heightMm];
  if (parts.every((p) => p === null)) return null;
  return `${parts.map((p) => (p === null ? '?' : number.format(p))).join(' × ')} mm`;
}

/** The ERP's own fields: shown, never edited here. */
export function ErpCard({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h4">
          {t('articles.detail.erpTitle')}
        </Title>
        <Badge variant="outline" color="gray" leftSection={<IconCloudDownload size={12} />}>
          {t('articles.detail.fromErp')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('articles.detail.erpNote')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <Field label={t('articles.fields.name')}>{article.name}</Field>
        <Field label={t('articles.fields.sku')}>
          <Text span ff="monospace" size="sm">
            {article.sku}
          </Text>
        </Field>
        <Field label={t('articles.fields.type')}>
          {article.typeName ? `${article.typeName}${article.typeCode ? ` (${article.typeCode})` : ''}` : article.typeCode}
        </Field>
        <Field label={t('articles.fields.supplier')}>{article.supplierName}</Field>
        <Field label={t('articles.fields.status')}>
          <ArticleStatusBadge status={article.status} />
        </Field>
        <Field label={t('articles.fields.unit')}>{article.unit}</Field>
        <Field label={t('articles.fields.dimensions')}>{dimensions(article)}</Field>
        <Field label={t('articles.fields.weight')}>
          {article.weightKg === null ? null : `${number.format(article.weightKg)} kg`}
        </Field>
        <Field label={t('articles.fields.costPrice')}>{article.costPrice === null ? null : euro.format(article.costPrice)}</Field>
        <Field label={t('articles.fields.erpModifiedAt')}>{formatDateTime(article.erpModifiedAt)}</Field>
        <Field label={t('articles.fields.syncedAt')}>{formatDateTime(article.syncedAt)}</Field>
        <Field label={t('articles.fields.erpId')}>
          <Text span ff="monospace" size="xs">
            {article.erpId}
          </Text>
        </Field>
      </SimpleGrid>
      <Stack mt="md" gap={4}>
        <Field label={t('articles.fields.description')}>{article.description}</Field>
      </Stack>
    </Card>
  );
}
