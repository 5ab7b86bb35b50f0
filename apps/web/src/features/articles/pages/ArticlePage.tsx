import type { ArticleDetail } from '@app/shared/articles/articles';
import type { Media } from '@app/shared/media/media';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconCloudDownload,
  IconFolder,
  IconPackage,
  IconPhoto,
  IconPlus,
  IconStar,
  IconStarFilled,
  IconTrashX,
} from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toFormErrors } from '../../../components/field-errors';
import { MediaGalleryField } from '../../../components/MediaGalleryField';
import { PageHeader } from '../../../components/PageHeader';
import { useStaleReload } from '../../../components/StaleBanner';
import { EmptyState, ErrorState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useCan } from '../../auth/api';
import { useCreateProduct } from '../../products/api';
import { articleKeys, useArticle, useUpdateArticle } from '../api';
import { ArticleStatusBadge } from '../components/ArticleStatusBadge';

const MAX_ARTICLE_MEDIA = 50;

const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const number = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });

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

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

function dimensions(a: ArticleDetail): string | null {
  const parts = [a.lengthMm, a.widthMm, a.heightMm];
  if (parts.every((p) => p === null)) return null;
  return `${parts.map((p) => (p === null ? '?' : number.format(p))).join(' × ')} mm`;
}

/** The ERP's own fields: shown, never edited here. */
function ErpCard({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h4">
          {t('articles.detail.erpTitle')}
        </Title>
        <Badge variant="outline" color="gray" leftSection={<IconCloudDownload size={12} />}>
          {t('articles.detail.fromErp')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('articles.detail.erpNote')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <Field label={t('articles.fields.name')}>{article.name}</Field>
        <Field label={t('articles.fields.sku')}>
          <Text span ff="monospace" size="sm">
            {article.sku}
          </Text>
        </Field>
        <Field label={t('articles.fields.type')}>
          {article.typeName ? `${article.typeName}${article.typeCode ? ` (${article.typeCode})` : ''}` : article.typeCode}
        </Field>
        <Field label={t('articles.fields.supplier')}>{article.supplierName}</Field>
        <Field label={t('articles.fields.status')}>
          <ArticleStatusBadge status={article.status} />
        </Field>
        <Field label={t('articles.fields.unit')}>{article.unit}</Field>
        <Field label={t('articles.fields.dimensions')}>{dimensions(article)}</Field>
        <Field label={t('articles.fields.weight')}>
          {article.weightKg === null ? null : `${number.format(article.weightKg)} kg`}
        </Field>
        <Field label={t('articles.fields.costPrice')}>{article.costPrice === null ? null : euro.format(article.costPrice)}</Field>
        <Field label={t('articles.fields.erpModifiedAt')}>{formatDateTime(article.erpModifiedAt)}</Field>
        <Field label={t('articles.fields.syncedAt')}>{formatDateTime(article.syncedAt)}</Field>
        <Field label={t('articles.fields.erpId')}>
          <Text span ff="monospace" size="xs">
            {article.erpId}
          </Text>
        </Field>
      </SimpleGrid>
      <Stack mt="md" gap={4}>
        <Field label={t('articles.fields.description')}>{article.description}</Field>
      </Stack>
    </Card>
  );
}

function ProjectsCard({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('articles.fields.linkedProjects')}
      </Title>
      {article.linkedProjects.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('articles.detail.noProjects')}
        </Text>
      ) : (
        <List spacing={4} icon={<IconFolder size={14} />} size="sm">
          {article.linkedProjects.map((p) => (
            <List.Item key={p.id}>{p.name}</List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

interface FormProps {
  article: ArticleDetail;
  canEdit: boolean;
  onStale: () => void;
  banner: ReactNode;
}

/** What staff add: usage, specifications, options and the images with the impression. */
function StaffForm({ article, canEdit, onStale, banner }: FormProps) {
  const { t } = useTranslation();
  const update = useUpdateArticle(article.id);
  const [busy, setBusy] = useState(false);
  // The version the form was loaded at, moved on only by this person's own saves.
  const [version, setVersion] = useState(article.version);
  const form = useForm<StaffValues>({ initialValues: toValues(article) });
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(form.isDirty() && !busy);

  const handleSubmit = form.onSubmit(async (v) => {
    setBusy(true);
    try {
      const saved = await update.mutateAsync({
        usage: orNull(v.usage),
        specifications: orNull(v.specifications),
        options: orNull(v.options),
        impressionMediaId: v.impressionMediaId,
        mediaIds: v.media.map((m) => m.id),
        version,
      });
      const next = toValues(saved);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      setVersion(saved.version);
      notify.success(t('articles.detail.saved', { name: saved.name }));
    } catch (err) {
      if (isApiError(err) && err.code === 'STALE_VERSION') {
        onStale();
        formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      } else if (isApiError(err) && err.fieldErrors) {
        form.setErrors(toFormErrors(t, err.fieldErrors, { rename: { mediaIds: 'media', impressionMediaId: 'media' } }));
        notify.error(errorMessage(t, err));
      } else notify.error(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  });

  const impression = form.values.impressionMediaId;

  return (
    <form onSubmit={handleSubmit} noValidate ref={formRef} style={{ scrollMarginTop: 76 }}>
      <Stack gap="lg">
        {banner}
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
              <Textarea
                label={t('articles.fields.specifications')}
                description={t('articles.detail.specificationsHint')}
                autosize
                minRows={4}
                maxRows={16}
                readOnly={!canEdit}
                {...form.getInputProps('specifications')}
              />
              <Textarea
                label={t('articles.fields.options')}
                description={t('articles.detail.optionsHint')}
                autosize
                minRows={4}
                maxRows={16}
                readOnly={!canEdit}
                {...form.getInputProps('options')}
              />
            </SimpleGrid>
            {canEdit ? (
              <MediaGalleryField
                label={t('articles.fields.media')}
                description={t('articles.detail.mediaHint')}
                value={form.values.media}
                onChange={(next) => form.setFieldValue('media', next)}
                onRemoved={(m) => {
                  if (m.id === form.values.impressionMediaId) form.setFieldValue('impressionMediaId', null);
                }}
                max={MAX_ARTICLE_MEDIA}
                error={form.errors.media}
                renderBadge={(m) =>
                  m.id === impression ? (
                    <Badge size="xs" color="gold" variant="filled">
                      {t('articles.fields.impression')}
                    </Badge>
                  ) : null
                }
                renderActions={(m) => (
                  <Tooltip label={t(m.id === impression ? 'articles.detail.impressionClear' : 'articles.detail.impressionSet')}>
                    <ActionIcon
                      variant="subtle"
                      color="gold"
                      size="sm"
                      aria-pressed={m.id === impression}
                      aria-label={t('articles.detail.impressionFor', { name: m.originalName })}
                      onClick={() => form.setFieldValue('impressionMediaId', m.id === impression ? null : m.id)}
                    >
                      {m.id === impression ? <IconStarFilled size={14} /> : <IconStar size={14} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              />
            ) : (
              <SimpleGrid cols={{ base: 3, sm: 5 }}>
                {form.values.media.map((m) => (
                  <Thumb key={m.id} src={m.thumbUrl} alt={m.originalName} width={120} height={90} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Card>
        {canEdit ? (
          <Group justify="flex-end">
            {form.isDirty() ? (
              <Button variant="default" onClick={() => form.reset()} disabled={busy}>
                {t('common.actions.reset')}
              </Button>
            ) : null}
            <Button type="submit" loading={busy} disabled={!form.isDirty()}>
              {t('common.actions.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

/** articles.show: the ERP article with what staff add to it, and the way to its product. */
export function ArticlePage() {
  const { t } = useTranslation();
  const id = Number(useParams().articleId);
  const { formKey, banner, markStale } = useStaleReload(articleKeys.detail(id));
  const article = useArticle(id);
  const navigate = useNavigate();
  const canManage = useCan('products.manage');
  const create = useCreateProduct();

  if (article.isLoading) {
    return (
      <Stack>
        <Skeleton h={36} w={320} />
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton h={260} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Skeleton h={260} />
          </Grid.Col>
        </Grid>
        <Skeleton h={200} />
      </Stack>
    );
  }
  if (article.error || !article.data) return <ErrorState error={article.error} onRetry={() => void article.refetch()} />;
  const a = article.data;

  const handleCreateProduct = async () => {
    try {
      const product = await create.mutateAsync({ articleId: a.id });
      notify.success(t('articles.detail.productCreated', { name: product.nameNl }));
      void navigate(`/products/${product.id}`);
    } catch (err) {
      if (isApiError(err) && err.code === 'PRODUCT_EXISTS_FOR_ARTICLE') {
        const fromError = Number(err.details?.productId);
        const productId =
          Number.isInteger(fromError) && fromError > 0 ? fromError : ((await article.refetch()).data?.productId ?? null);
        notify.info(t('articles.detail.productExisted'));
        if (productId) void navigate(`/products/${productId}`);
      } else notify.error(errorMessage(t, err));
    }
  };

  const productAction = !canManage ? null : a.productId ? (
    <Button component={Link} to={`/products/${a.productId}`} leftSection={<IconPackage size={16} />}>
      {t('articles.detail.openProduct')}
    </Button>
  ) : (
    <Button leftSection={<IconPlus size={16} />} loading={create.isPending} onClick={() => void handleCreateProduct()}>
      {t('articles.detail.createProduct')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={a.name}
        description={
          <Group gap="xs" component="span">
            <Text span ff="monospace" size="sm">
              {a.sku}
            </Text>
            <ArticleStatusBadge status={a.status} />
          </Group>
        }
        actions={productAction}
      />
      <Stack gap="lg">
        {a.deletedAt ? (
          <Alert color="red" variant="light" icon={<IconTrashX size={18} />} title={t('articles.detail.deletedTitle')}>
            {t('articles.detail.deletedText', { date: formatDateTime(a.deletedAt) })}
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder padding="lg" h="100%">
              <Title order={2} size="h4" mb="sm">
                {t('articles.fields.impression')}
              </Title>
              {a.impression ? (
                <img
                  src={a.impression.largeUrl}
                  alt={a.name}
                  width={a.impression.width ?? 800}
                  height={a.impression.height ?? 600}
                  loading="lazy"
                  decoding="async"
                  style={{ width: '100%', height: 'auto', borderRadius: 8, display: 'block' }}
                />
              ) : (
                <EmptyState
                  icon={<IconPhoto size={32} stroke={1.5} />}
                  title={t('articles.detail.noImpression')}
                  description={t(canManage ? 'articles.detail.noImpressionText' : 'articles.detail.noImpressionReadOnly')}
                />
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <ErpCard article={a} />
          </Grid.Col>
        </Grid>
        <StaffForm key={`${a.id}-${formKey}`} article={a} canEdit={canManage} onStale={markStale} banner={banner} />
        <ProjectsCard article={a} />
      </Stack>
    </>
  );
}
