import { ARTICLES_CREATE_PRODUCTS_PATH } from '@app/shared/products/bulk';
import { IconPackageImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BulkBar, type BulkListProps } from '../../../components/bulk/BulkBar';
import { productKeys } from '../../products/api';
import { articleKeys } from '../api';

type Props = BulkListProps;

/** The articles list's bulk action: a product for each selected article that has none. */
export function ArticlesBulkBar({ selection, pageIds, total, query }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <BulkBar
      selection={selection}
      total={total}
      pageIds={pageIds}
      query={query}
      actions={[
        {
          key: 'create-products',
          label: t('articles.bulk.createProducts'),
          path: ARTICLES_CREATE_PRODUCTS_PATH,
          icon: <IconPackageImport size={16} aria-hidden />,
          confirm: {
            title: t('articles.bulk.createProductsTitle'),
            message: (count) => t('articles.bulk.createProductsQuestion', { count }),
            confirmLabel: t('articles.bulk.createProducts'),
          },
        },
      ]}
      onDone={() => {
        void qc.invalidateQueries({ queryKey: articleKeys.all });
        void qc.invalidateQueries({ queryKey: productKeys.all });
      }}
    />
  );
}
