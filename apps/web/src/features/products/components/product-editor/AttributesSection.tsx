import { localName, PRODUCT_ATTRIBUTE_KINDS, type ProductAttributeKind } from '@app/shared/products/attributes';
import type { ProductDetail } from '@app/shared/products/products';
import { MultiSelect, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/errors';
import { type AttributeOption, useAttributeOptions } from '../../attributes-api';
import { SectionCard, type SectionProps } from './sections';

/** What customers search and filter on in the catalogue: a multi-select per attribute kind. */
export function AttributesSection({ form, product }: SectionProps & { product: ProductDetail }) {
  const { t, i18n } = useTranslation();
  const options = useAttributeOptions();

  const dataFor = (kind: ProductAttributeKind) => {
    const list = options.data?.[kind] ?? [];
    // The chosen ones keep their names even before the options arrive.
    const chosen = (product.attributes[kind] ?? []).filter((a) => !list.some((o) => o.id === a.id));
    const all: AttributeOption[] = [...list, ...chosen];
    if (kind !== 'types') return all.map((a) => ({ value: a.id, label: localName(a, i18n.language) }));
    // Types are grouped by their type group.
    const groups = new Map<string, { value: number; label: string }[]>();
    for (const a of all) {
      const group = options.data?.['type-groups'].find((g) => g.id === a.typeGroupId);
      const name = group ? localName(group, i18n.language) : t('products.edit.noTypeGroup');
      groups.set(name, [...(groups.get(name) ?? []), { value: a.id, label: localName(a, i18n.language) }]);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  };

  return (
    <SectionCard id="attributes" title={t('products.edit.section.attributes')} description={t('products.edit.attributesIntro')}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {PRODUCT_ATTRIBUTE_KINDS.map((kind) => (
          <MultiSelect<number>
            key={kind}
            label={t(`attributes.kinds.${kind}`)}
            data={dataFor(kind)}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage={t('products.edit.nothingFound')}
            placeholder={form.values.attributeIds[kind].length ? undefined : t('products.edit.choose')}
            {...form.getInputProps(`attributeIds.${kind}`)}
          />
        ))}
      </SimpleGrid>
      {options.error ? (
        <Text size="sm" c="red" mt="sm">
          {errorMessage(t, options.error)}
        </Text>
      ) : null}
    </SectionCard>
  );
}
