import type { ProductDetail } from '@app/shared/products/products';
import { useTranslation } from 'react-i18next';
import { ProductMultiSelect } from '../ProductPickers';
import { SectionCard, type SectionProps } from './sections';

/** Products that go well with this one. */
export function RelatedSection({ form, product }: SectionProps & { product: ProductDetail }) {
  const { t } = useTranslation();
  return (
    <SectionCard id="related" title={t('products.edit.section.related')} description={t('products.edit.relatedIntro')}>
      <ProductMultiSelect
        id="field-relatedIds"
        label={t('products.fields.related')}
        value={form.values.relatedIds}
        onChange={(ids) => form.setFieldValue('relatedIds', ids)}
        excludeId={product.id}
        known={[...(product.parent ? [product.parent] : []), ...product.related]}
        error={form.errors.relatedIds}
      />
    </SectionCard>
  );
}
