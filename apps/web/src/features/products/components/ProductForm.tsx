import { localName, PRODUCT_ATTRIBUTE_KINDS } from '@app/shared/products/attributes';
import type { ProductDetail } from '@app/shared/products/products';
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Grid,
  Group,
  MultiSelect,
  NavLink,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toFormErrors } from '../../../components/field-errors';
import { ImagePickerField } from '../../../components/ImagePickerField';
import { MediaGalleryField } from '../../../components/MediaGalleryField';
import { SortableList } from '../../../components/SortableList';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useCan } from '../../auth/api';
import { useRoboxMaterialOptions } from '../../robox/api';
import { reorder, useSaveProduct } from '../api';
import { type AttributeOption, useAttributeOptions } from '../attributes-api';
import {
  checkProduct,
  emptyFeatured,
  type ProductFormValues,
  rowKey,
  saveFieldToForm,
  sectionOf,
  toFormValues,
  toSave,
} from '../product-form';
import { ProductMultiSelect, ProductSelect } from './ProductPickers';

const SECTIONS = ['general', 'media', 'attributes', 'robox', 'downloads', 'related', 'featured'] as const;
type Section = (typeof SECTIONS)[number];

const MAX_GALLERY = 40;
const MAX_CAROUSEL = 20;

function SectionCard({
  id,
  title,
  description,
  children,
}: {
  id: Section;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      padding="lg"
      id={`section-${id}`}
      component="section"
      aria-labelledby={`section-${id}-title`}
      style={{ scrollMarginTop: 76 }}
    >
      <Title order={2} size="h4" id={`section-${id}-title`} mb={description ? 2 : 'md'}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}

interface Props {
  product: ProductDetail;
  /** Set by the page when a save met 409 STALE_VERSION. */
  onStale: () => void;
  banner: ReactNode;
  /** The page's own buttons (delete, view in catalogue), shown in the save bar. */
  extraActions?: ReactNode;
  /** True while the page navigates away on purpose (after delete): no unsaved-changes prompt. */
  leaving?: boolean;
}

/** The product editor: every field of the product, saved at once with the version it was loaded at. */
export function ProductForm({ product, onStale, banner, extraActions, leaving }: Props) {
  const { t, i18n } = useTranslation();
  const canPublish = useCan('inspiration-products.manage');
  const save = useSaveProduct(product.id);
  const options = useAttributeOptions();
  const robox = useRoboxMaterialOptions();
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(product.version);
  const [problems, setProblems] = useState<Section[]>([]);
  const form = useForm<ProductFormValues>({
    initialValues: toFormValues(product),
    validate: (values) => toFormErrors(t, checkProduct(values), { rename: saveFieldToForm }),
  });
  useUnsavedChanges(form.isDirty() && !busy && !leaving);

  const showProblems = (errors: Record<string, unknown>) => {
    const sections = SECTIONS.filter((s) => Object.keys(errors).some((f) => sectionOf(f) === s));
    setProblems(sections);
    const first = sections[0];
    if (first) document.getElementById(`section-${first}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const handleSubmit = form.onSubmit(
    async (values) => {
      setBusy(true);
      setProblems([]);
      try {
        const saved = await save.mutateAsync(toSave(values, version));
        const next = toFormValues(saved);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        setVersion(saved.version);
        notify.success(t('products.edit.saved', { name: saved.nameNl }));
      } catch (err) {
        if (isApiError(err) && err.code === 'STALE_VERSION') {
          onStale();
          // The banner is above the first section; the save bar may be far below it.
          window.scrollTo({ top: 0, behavior: 'smooth' });
        } else if (isApiError(err) && err.fieldErrors) {
          const errors = toFormErrors(t, err.fieldErrors, { rename: saveFieldToForm });
          form.setErrors(errors);
          showProblems(errors);
        } else notify.error(errorMessage(t, err));
      } finally {
        setBusy(false);
      }
    },
    (errors) => showProblems(errors),
  );

  const v = form.values;
  const attributeData = (kind: (typeof PRODUCT_ATTRIBUTE_KINDS)[number]) => {
    const list = options.data?.[kind] ?? [];
    // Keep the chosen ones even before the options arrive.
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
  const roboxData = [
    ...(robox.data ?? []),
    ...product.roboxMaterials.filter((m) => !(robox.data ?? []).some((o) => o.id === m.id)),
  ].map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }));
  const galleryChoices = [...v.gallery, ...v.carousel.filter((c) => !v.gallery.some((g) => g.id === c.id))];
  const knownProducts = [...(product.parent ? [product.parent] : []), ...product.related];

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 2 }} visibleFrom="lg">
          <Box pos="sticky" top={76}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4} px="sm">
              {t('products.edit.sections')}
            </Text>
            <nav aria-label={t('products.edit.sections')}>
              {SECTIONS.map((s) => (
                <NavLink
                  key={s}
                  href={`#section-${s}`}
                  label={t(`products.edit.section.${s}`)}
                  color={problems.includes(s) ? 'red' : undefined}
                  active={problems.includes(s)}
                  variant="subtle"
                  onClick={(e) => {
                    e.preventDefault();
                    document.getElementById(`section-${s}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  }}
                />
              ))}
            </nav>
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 10 }}>
          <Stack gap="lg">
            {banner}
            {problems.length > 0 ? (
              <Alert color="red" variant="light" role="alert" title={t('products.edit.problemsTitle')}>
                {t('products.edit.problemsText', {
                  sections: problems.map((s) => t(`products.edit.section.${s}`)).join(', '),
                })}
              </Alert>
            ) : null}

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
                  description={t(canPublish ? 'products.edit.publishedHint' : 'products.edit.publishNoPermission')}
                  disabled={!canPublish}
                  {...form.getInputProps('published', { type: 'checkbox' })}
                />
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  <ProductSelect
                    id="field-parentId"
                    label={t('products.fields.parent')}
                    description={t('products.edit.parentHint')}
                    value={v.parentId}
                    onChange={(id) => form.setFieldValue('parentId', id)}
                    excludeId={product.id}
                    known={knownProducts}
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
                      <Anchor component={Link} to={`/articles/${product.article.id}`} size="sm">
                        <Text span ff="monospace" size="sm">
                          {product.article.sku}
                        </Text>{' '}
                        · {product.article.name}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('products.edit.noArticle')}
                      </Text>
                    )}
                  </div>
                </SimpleGrid>
              </Stack>
            </SectionCard>

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
                <SimpleGrid cols={{ base: 1, md: 3 }}>
                  <ImagePickerField
                    label={t('products.fields.tearsheet')}
                    value={v.tearsheet}
                    onChange={(m) => form.setFieldValue('tearsheet', m)}
                    choices={galleryChoices}
                    error={form.errors.tearsheet}
                  />
                  <ImagePickerField
                    label={t('products.fields.headerImage')}
                    value={v.headerImage}
                    onChange={(m) => form.setFieldValue('headerImage', m)}
                    choices={galleryChoices}
                    error={form.errors.headerImage}
                  />
                  <ImagePickerField
                    label={t('products.fields.extendedImage')}
                    value={v.extendedImage}
                    onChange={(m) => form.setFieldValue('extendedImage', m)}
                    choices={galleryChoices}
                    error={form.errors.extendedImage}
                  />
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

            <SectionCard
              id="attributes"
              title={t('products.edit.section.attributes')}
              description={t('products.edit.attributesIntro')}
            >
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {PRODUCT_ATTRIBUTE_KINDS.map((kind) => (
                  <MultiSelect<number>
                    key={kind}
                    label={t(`attributes.kinds.${kind}`)}
                    data={attributeData(kind)}
                    searchable
                    clearable
                    hidePickedOptions
                    nothingFoundMessage={t('products.edit.nothingFound')}
                    placeholder={v.attributeIds[kind].length ? undefined : t('products.edit.choose')}
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

            <SectionCard id="robox" title={t('products.edit.section.robox')} description={t('products.edit.roboxIntro')}>
              <MultiSelect<number>
                label={t('products.fields.roboxMaterials')}
                data={roboxData}
                searchable
                clearable
                hidePickedOptions
                nothingFoundMessage={t('products.edit.nothingFound')}
                placeholder={v.roboxMaterialIds.length ? undefined : t('products.edit.choose')}
                {...form.getInputProps('roboxMaterialIds')}
              />
            </SectionCard>

            <SectionCard
              id="downloads"
              title={t('products.edit.section.downloads')}
              description={t('products.edit.downloadsIntro')}
            >
              <Stack gap="sm">
                {v.downloads.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('products.edit.noDownloads')}
                  </Text>
                ) : (
                  <SortableList
                    items={v.downloads}
                    getId={(d) => d.key}
                    getLabel={(d) => d.title || t('products.edit.downloadUntitled')}
                    onMove={(from, to) => form.setFieldValue('downloads', reorder(v.downloads, from, to))}
                    renderItem={(d, ctx) => {
                      const name = d.title || t('products.edit.downloadUntitled');
                      return (
                        <Paper withBorder p="xs" radius="md" shadow={ctx.isDragging ? 'md' : undefined}>
                          <Group gap="xs" align="flex-start" wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              mt={26}
                              style={{ cursor: 'grab', touchAction: 'none' }}
                              aria-label={t('common.sortable.handle', { item: name })}
                              {...ctx.handleProps}
                            >
                              <IconGripVertical size={16} />
                            </ActionIcon>
                            <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }} spacing="xs">
                              <TextInput
                                label={t('products.fields.downloadTitle')}
                                required
                                {...form.getInputProps(`downloads.${ctx.index}.title`)}
                              />
                              <TextInput
                                label={t('products.fields.downloadLink')}
                                required
                                placeholder="https://"
                                {...form.getInputProps(`downloads.${ctx.index}.link`)}
                              />
                            </SimpleGrid>
                            <Group gap={2} mt={26} wrap="nowrap">
                              <ActionIcon
                                variant="subtle"
                                disabled={!ctx.moveUp}
                                onClick={ctx.moveUp}
                                aria-label={t('common.sortable.moveUp', { item: name })}
                              >
                                <IconArrowUp size={16} />
                              </ActionIcon>
                              <ActionIcon
                                variant="subtle"
                                disabled={!ctx.moveDown}
                                onClick={ctx.moveDown}
                                aria-label={t('common.sortable.moveDown', { item: name })}
                              >
                                <IconArrowDown size={16} />
                              </ActionIcon>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                onClick={() => form.removeListItem('downloads', ctx.index)}
                                aria-label={t('products.edit.removeDownload', { name })}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Group>
                          </Group>
                        </Paper>
                      );
                    }}
                  />
                )}
                {form.errors.downloads ? (
                  <Text size="sm" c="red">
                    {form.errors.downloads}
                  </Text>
                ) : null}
                <Group>
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => form.insertListItem('downloads', { key: rowKey(), title: '', link: '' })}
                  >
                    {t('products.edit.addDownload')}
                  </Button>
                </Group>
              </Stack>
            </SectionCard>

            <SectionCard id="related" title={t('products.edit.section.related')} description={t('products.edit.relatedIntro')}>
              <ProductMultiSelect
                id="field-relatedIds"
                label={t('products.fields.related')}
                value={v.relatedIds}
                onChange={(ids) => form.setFieldValue('relatedIds', ids)}
                excludeId={product.id}
                known={knownProducts}
                error={form.errors.relatedIds}
              />
            </SectionCard>

            <SectionCard id="featured" title={t('products.edit.section.featured')} description={t('products.edit.featuredIntro')}>
              <Stack gap="md">
                <Switch
                  label={t('products.edit.featuredOn')}
                  checked={v.featuredEnabled}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    form.setFieldValue('featuredEnabled', on);
                    if (!on) form.setFieldValue('featuredProject', emptyFeatured);
                  }}
                />
                {v.featuredEnabled ? (
                  <SimpleGrid cols={{ base: 1, md: 2 }}>
                    <TextInput label={t('products.fields.featured.header')} {...form.getInputProps('featuredProject.header')} />
                    <TextInput
                      label={t('products.fields.featured.subtitle')}
                      {...form.getInputProps('featuredProject.subtitle')}
                    />
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

            <Paper
              withBorder
              shadow="sm"
              p="sm"
              radius="md"
              pos="sticky"
              bottom={12}
              style={{ zIndex: 5 }}
              data-testid="save-bar"
            >
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm">{extraActions}</Group>
                <Group gap="sm">
                  {form.isDirty() ? (
                    <>
                      <Text size="sm" c="dimmed">
                        {t('products.edit.unsaved')}
                      </Text>
                      <Button variant="default" onClick={() => form.reset()} disabled={busy}>
                        {t('common.actions.reset')}
                      </Button>
                    </>
                  ) : null}
                  <Button type="submit" loading={busy} disabled={!form.isDirty()}>
                    {t('common.actions.save')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
