import type { ArticleDetail } from '@app/shared/articles/articles';
import { Button } from '@mantine/core';
import { IconPackage, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../../lib/api';
import { notifyError } from '../../../../lib/attempt';
import { notify } from '../../../../lib/notify';
import { useCan } from '../../../auth/api';
import { useCreateProduct } from '../../../products/api';

/**
 * The way from an article to its product: 'Product maken' when the server says one may be made of
 * it, else 'Product openen' when it has one (for those who may open the product editor).
 */
export function ProductAction({
  article,
  refetch,
}: {
  article: ArticleDetail;
  refetch: () => Promise<ArticleDetail | undefined>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProduct();
  // Opening the editor is the products.edit route's permission (a navigation hint, not a record rule).
  const mayOpenProducts = useCan('products.manage');

  const handleCreate = async () => {
    try {
      const product = await create.mutateAsync({ articleId: article.id });
      notify.success(t('articles.detail.productCreated', { name: product.nameNl }));
      void navigate(`/products/${product.id}`);
    } catch (err) {
      if (isApiError(err) && err.code === 'PRODUCT_EXISTS_FOR_ARTICLE') {
        const fromError = Number(err.details?.productId);
        const productId = Number.isInteger(fromError) && fromError > 0 ? fromError : ((await refetch())?.productId ?? null);
        notify.info(t('articles.detail.productExisted'));
        if (productId) void navigate(`/products/${productId}`);
      } else notifyError(t, err);
    }
  };

  if (article.abilities.canCreateProduct) {
    return (
      <Button leftSection={<IconPlus size={16} />} loading={create.isPending} onClick={() => void handleCreate()}>
        {t('articles.detail.createProduct')}
      </Button>
    );
  }
  if (article.productId && mayOpenProducts) {
    return (
      <Button component={Link} to={`/products/${article.productId}`} leftSection={<IconPackage size={16} />}>
        {t('articles.detail.openProduct')}
      </Button>
    );
  }
  return null;
}
