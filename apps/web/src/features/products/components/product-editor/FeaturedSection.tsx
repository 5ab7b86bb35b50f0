import { SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emptyFeatured } from '../../product-form';
import { SectionCard, type SectionProps } from './sections';

/** A project the product was used in, shown on the product page when switched on. */
export function FeaturedSection({ form }: SectionProps) {
  const { t } = useTranslation();
  return (
    <SectionCard id="featured" title={t('products.edit.section.featured')} description={t('products.edit.featuredIntro')}>
      <Stack gap="md">
        <Switch
          label={t('products.edit.featuredOn')}
          checked={form.values.featuredEnabled}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            form.setFieldValue('featuredEnabled', on);
            if (!on) {
              form.setFieldValue('featuredProject', emptyFeatured);
              // Problems in fields that are gone now are no problems any more.
              for (const path of Object.keys(form.errors)) if (path.startsWith('featuredProject')) form.clearFieldError(path);
            }
          }}
        />
        {form.values.featuredEnabled ? (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput label={t('products.fields.featured.header')} {...form.getInputProps('featuredProject.header')} />
            <TextInput label={t('products.fields.featured.subtitle')} {...form.getInputProps('featuredProject.subtitle')} />
            <TextInput label={t('products.fields.featured.title')} {...form.getInputProps('featuredProject.title')} />
            <TextInput
              label={t('products.fields.featured.link')}
              placeholder="https://"
              {...form.getInputProps('featuredProject.link')}
            />
            <Textarea
              label={t('products.fields.featured.description')}
              autosize
              minRows={3}
              maxRows={10}
              style={{ gridColumn: '1 / -1' }}
              {...form.getInputProps('featuredProject.description')}
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
