import type { ProductDetail } from '@app/shared/products/products';
import { Anchor, Badge, Group, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deniedReason } from '../../../../lib/abilities';
import { ProductSelect } from '../ProductPickers';
import { SectionCard, type SectionProps } from './sections';

/** Names, descriptions, publication, the main product and the ERP article it came from. */
export function GeneralSection({ form, product }: SectionProps & { product: ProductDetail }) {
  const { t } = useTranslation();
  // Publishing is the server's call (it takes the inspiration-products right); the page only explains.
  const publishDenied = deniedReason(t, product.abilities, 'canPublish', {
    FORBIDDEN: t('products.edit.publishNoPermission'),
  });
  const known = [...(product.parent ? [product.parent] : []), ...product.related];

  return (
    <SectionCard id="general" title={t('products.edit.section.general')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput label={t('products.fields.nameNl')} required {...form.getInputProps('nameNl')} />
          <TextInput
            label={t('products.fields.nameEn')}
            description={t('products.edit.nameEnHint')}
            {...form.getInputProps('nameEn')}
          />
          <Textarea
            label={t('products.fields.descriptionNl')}
            autosize
            minRows={4}
            maxRows={14}
            {...form.getInputProps('descriptionNl')}
          />
          <Textarea
            label={t('products.fields.descriptionEn')}
            autosize
            minRows={4}
            maxRows={14}
            {...form.getInputProps('descriptionEn')}
          />
        </SimpleGrid>
        <Switch
          label={t('products.fields.published')}
          description={publishDenied ?? t('products.edit.publishedHint')}
          disabled={publishDenied !== null}
          {...form.getInputProps('published', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ProductSelect
            id="field-parentId"
            label={t('products.fields.parent')}
            description={t('products.edit.parentHint')}
            value={form.values.parentId}
            onChange={(id) => form.setFieldValue('parentId', id)}
            excludeId={product.id}
            known={known}
            error={form.errors.parentId}
          />
          <div>
            <Text size="sm" fw={500}>
              {t('products.fields.article')}
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              {t('products.edit.articleHint')}
            </Text>
            {product.article ? (
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={`/articles/${product.article.id}`} size="sm">
                  <Text span ff="monospace" size="sm">
                    {product.article.sku}
                  </Text>{' '}
                  · {product.article.name}
                </Anchor>
                {product.article.removedAt ? (
                  <Badge color="orange" variant="light" size="sm">
                    {t('products.list.articleRemoved')}
                  </Badge>
                ) : null}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('products.edit.noArticle')}
              </Text>
            )}
          </div>
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
}
