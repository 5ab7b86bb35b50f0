import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImagePickerField } from '../../../../components/ImagePickerField';
import { MediaGalleryField } from '../../../../components/MediaGalleryField';
import { SectionCard, type SectionProps } from './sections';

const MAX_GALLERY = 40;
const MAX_CAROUSEL = 20;

/** The gallery, the carousel, the three single images (chosen from those or uploaded) and the video link. */
export function MediaSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const v = form.values;
  const choices = [...v.gallery, ...v.carousel.filter((c) => !v.gallery.some((g) => g.id === c.id))];
  return (
    <SectionCard id="media" title={t('products.edit.section.media')} description={t('products.edit.mediaIntro')}>
      <Stack gap="lg">
        <MediaGalleryField
          id="field-gallery"
          label={t('products.fields.gallery')}
          description={t('products.edit.galleryHint')}
          value={v.gallery}
          onChange={(next) => form.setFieldValue('gallery', next)}
          max={MAX_GALLERY}
          error={form.errors.gallery}
        />
        <MediaGalleryField
          id="field-carousel"
          label={t('products.fields.carousel')}
          description={t('products.edit.carouselHint')}
          value={v.carousel}
          onChange={(next) => form.setFieldValue('carousel', next)}
          max={MAX_CAROUSEL}
          error={form.errors.carousel}
        />
        {/* Three across only where each has room for its thumbnail and its buttons. */}
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
          {(['tearsheet', 'headerImage', 'extendedImage'] as const).map((field) => (
            <ImagePickerField
              key={field}
              id={`field-${field}`}
              label={t(`products.fields.${field}`)}
              value={v[field]}
              onChange={(m) => form.setFieldValue(field, m)}
              choices={choices}
              error={form.errors[field]}
            />
          ))}
        </SimpleGrid>
        <TextInput
          label={t('products.fields.extendedVideoUrl')}
          description={t('products.edit.videoHint')}
          placeholder="https://"
          type="url"
          {...form.getInputProps('extendedVideoUrl')}
        />
      </Stack>
    </SectionCard>
  );
}
