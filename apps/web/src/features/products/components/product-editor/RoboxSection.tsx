import type { ProductDetail } from '@app/shared/products/products';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRoboxMaterialOptions } from '../../../robox/api';
import { SectionCard, type SectionProps } from './sections';

/** The sheet materials the product can be made of. */
export function RoboxSection({ form, product }: SectionProps & { product: ProductDetail }) {
  const { t } = useTranslation();
  const robox = useRoboxMaterialOptions();
  const list = robox.data ?? [];
  const data = [...list, ...product.roboxMaterials.filter((m) => !list.some((o) => o.id === m.id))].map((m) => ({
    value: m.id,
    label: `${m.name} (${m.code})`,
  }));
  return (
    <SectionCard id="robox" title={t('products.edit.section.robox')} description={t('products.edit.roboxIntro')}>
      <MultiSelect<number>
        label={t('products.fields.roboxMaterials')}
        data={data}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('products.edit.nothingFound')}
        placeholder={form.values.roboxMaterialIds.length ? undefined : t('products.edit.choose')}
        {...form.getInputProps('roboxMaterialIds')}
      />
    </SectionCard>
  );
}
