import { localName } from '@app/shared/products/attributes';
import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { formatDateTime } from '../../../lib/dates';
import { useProduct } from '../api';
import { ProductEditor } from '../components/product-editor/ProductEditor';

/** products.edit: the whole product in one editor, saved with its version; delete with confirmation. */
export function ProductEditPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().productId);
  const product = useProduct(id);

  if (product.isLoading) {
    return (
      <Stack>
        <Skeleton h={36} w={320} />
        <Skeleton h={320} />
        <Skeleton h={240} />
      </Stack>
    );
  }
  if (product.error || !product.data) return <ErrorState error={product.error} onRetry={() => void product.refetch()} />;
  const p = product.data;

  return (
    <>
      <PageHeader
        title={localName(p, i18n.language)}
        description={
          <Group gap="xs" component="span">
            <Badge variant="light" color={p.published ? 'green' : 'gray'} size="sm">
              {t(p.published ? 'products.status.published' : 'products.status.draft')}
            </Badge>
            <Text span size="sm" c="dimmed">
              {p.published && p.publishedAt
                ? t('products.edit.publishedSince', { date: formatDateTime(p.publishedAt) })
                : t('products.edit.updatedAt', { date: formatDateTime(p.updatedAt) })}
            </Text>
          </Group>
        }
        actions={
          <>
            <HistoryPanel subject="product" id={p.id} />
            {p.published ? (
              <Button
                component="a"
                href={`/public/products/${p.id}`}
                target="_blank"
                rel="noopener"
                variant="light"
                leftSection={<IconExternalLink size={16} />}
              >
                {t('products.edit.viewInCatalogue')}
              </Button>
            ) : null}
          </>
        }
      />
      {p.article?.removedAt ? (
        <Alert
          color="orange"
          variant="light"
          mb="md"
          icon={<IconAlertTriangle size={18} />}
          title={t('products.edit.articleRemovedTitle')}
        >
          {t(p.published ? 'products.edit.articleRemovedPublished' : 'products.edit.articleRemovedText', {
            sku: p.article.sku,
            date: formatDateTime(p.article.removedAt),
          })}
        </Alert>
      ) : null}
      <ProductEditor key={p.id} product={p} reload={async () => (await product.refetch()).data} />
    </>
  );
}
