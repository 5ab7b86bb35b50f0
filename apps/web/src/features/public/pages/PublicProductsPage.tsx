import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/States';

/** The inspiration catalogue; its products arrive with the catalogue feature. */
export function PublicProductsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('public.products.title')} description={t('public.products.intro')} />
      <EmptyState
        icon={<IconSparkles size={32} stroke={1.5} />}
        title={t('public.products.emptyTitle')}
        description={t('public.products.emptyText')}
      />
    </>
  );
}
