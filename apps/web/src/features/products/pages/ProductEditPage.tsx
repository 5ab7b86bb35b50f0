import { localName } from '@app/shared/products/attributes';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { useStaleReload } from '../../../components/StaleBanner';
import { ErrorState } from '../../../components/States';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { productKeys, useDeleteProduct, useProduct } from '../api';
import { ProductForm } from '../components/ProductForm';

/** products.edit: the whole product in one editor, saved with its version; delete with confirmation. */
export function ProductEditPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().productId);
  const { formKey, banner, markStale } = useStaleReload(productKeys.detail(id));
  const product = useProduct(id);
  const navigate = useNavigate();
  const remove = useDeleteProduct();
  const [leaving, setLeaving] = useState(false);

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
  const name = localName(p, i18n.language);

  const handleDelete = async () => {
    const ok = await confirmAction({
      title: t('products.delete.title'),
      message: t('products.delete.text', { name: p.nameNl }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      // The version is the one on screen: a product someone else changed since is not deleted blindly.
      await remove.mutateAsync({ id: p.id, version: p.version });
      notify.success(t('products.delete.done', { name: p.nameNl }));
      flushSync(() => setLeaving(true));
      void navigate('/products', { replace: true });
    } catch (err) {
      if (isApiError(err) && err.code === 'STALE_VERSION') markStale();
      notify.error(errorMessage(t, err));
    }
  };

  return (
    <>
      <PageHeader
        title={name}
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
          p.published ? (
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
          ) : null
        }
      />
      <ProductForm
        key={`${p.id}-${formKey}`}
        product={p}
        leaving={leaving}
        onStale={markStale}
        banner={banner}
        extraActions={
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => void handleDelete()}
            loading={remove.isPending}
          >
            {t('products.delete.button')}
          </Button>
        }
      />
    </>
  );
}
