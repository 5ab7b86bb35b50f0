import { type ArticleDetail, type ArticleUpdate, articleUpdateSchema } from '@app/shared/articles/articles';
import type { Media } from '@app/shared/media/media';
import { Card, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditorButtons } from '../../../../components/EditorButtons';
import { useEditor } from '../../../../components/use-editor';
import { zodValidate } from '../../../../lib/form';
import { useUpdateArticle } from '../../api';
import { StaffMedia } from './StaffMedia';

interface StaffValues {
  usage: string;
  specifications: string;
  options: string;
  impressionMediaId: number | null;
  media: Media[];
}

function toValues(a: ArticleDetail): StaffValues {
  // The impression is one of the article's images; an older one outside the list is shown with them.
  const media = a.impression && !a.media.some((m) => m.id === a.impression?.id) ? [a.impression, ...a.media] : a.media;
  return {
    usage: a.usage ?? '',
    specifications: a.specifications ?? '',
    options: a.options ?? '',
    impressionMediaId: a.impression?.id ?? null,
    media,
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

const toUpdate = (v: StaffValues, version: number): ArticleUpdate => ({
  usage: orNull(v.usage),
  specifications: orNull(v.specifications),
  options: orNull(v.options),
  impressionMediaId: v.impressionMediaId,
  mediaIds: v.media.map((m) => m.id),
  version,
});

const rename = { mediaIds: 'media', impressionMediaId: 'media' };

interface Props {
  article: ArticleDetail;
  reload: () => Promise<ArticleDetail | undefined>;
}

/** What staff add to an ERP article: usage, specifications, options and the images with the impression. */
export function StaffEditor({ article, reload }: Props) {
  const { t } = useTranslation();
  const update = useUpdateArticle(article.id);
  const canEdit = article.abilities.canEdit;
  const editor = useEditor<StaffValues, ArticleDetail>({
    initialValues: toValues(article),
    base: article,
    validate: zodValidate(articleUpdateSchema, t, { from: (v: StaffValues) => toUpdate(v, 1), rename }),
    fieldErrors: { rename },
    save: (v, base = article) => update.mutateAsync(toUpdate(v, base.version)),
    toValues,
    savedMessage: (saved) => t('articles.detail.saved', { name: saved.name }),
    reload,
    guard: canEdit,
  });
  const { form } = editor;
  const textarea = (field: 'specifications' | 'options') => (
    <Textarea
      label={t(`articles.fields.${field}`)}
      description={t(`articles.detail.${field}Hint`)}
      autosize
      minRows={4}
      maxRows={16}
      readOnly={!canEdit}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form {...editor.formProps} style={{ scrollMarginTop: 76 }}>
      <Stack gap="lg">
        {editor.banner}
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb={4}>
            {t('articles.detail.staffTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t(canEdit ? 'articles.detail.staffNote' : 'articles.detail.staffReadOnly')}
          </Text>
          <Stack gap="md">
            <Textarea
              label={t('articles.fields.usage')}
              description={t('articles.detail.usageHint')}
              autosize
              minRows={2}
              maxRows={8}
              readOnly={!canEdit}
              {...form.getInputProps('usage')}
            />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {textarea('specifications')}
              {textarea('options')}
            </SimpleGrid>
            <StaffMedia
              media={form.values.media}
              impressionId={form.values.impressionMediaId}
              onMedia={(next) => form.setFieldValue('media', next)}
              onImpression={(id) => form.setFieldValue('impressionMediaId', id)}
              error={form.errors.media}
              canEdit={canEdit}
            />
          </Stack>
        </Card>
        {canEdit ? <EditorButtons editor={editor} /> : null}
      </Stack>
    </form>
  );
}
