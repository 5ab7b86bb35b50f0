import {
  type CompanyPost,
  type CompanyPostInput,
  companyPostInputSchema,
  type PostStatus,
} from '@app/shared/companies/company-posts';
import type { Media } from '@app/shared/media/media';
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Typography,
} from '@mantine/core';
import { IconCalendarTime, IconEye } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { DeleteButton } from '../../../components/DeleteButton';
import { FormSection } from '../../../components/FormSection';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { ImagePickerField } from '../../../components/ImagePickerField';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { CompanyShell } from '../components/CompanyHeader';
// The editor (tiptap, ProseMirror) comes with this route's own lazy chunk and nowhere else.
import { RichTextEditor } from '../components/RichTextEditor';
import { useCompanyPost, useCreatePost, useDeletePost, useUpdatePost } from '../posts-api';
import { PostStatusBadge } from './CompanyPostsPage';

interface Values {
  title: string;
  /** HTML from the editor (or as the server saved it). */
  body: string;
  image: Media | null;
  status: PostStatus;
  /** The publish time in the browser's clock, as the date and time fields hold it ('' for none). */
  publishDate: string;
  publishTime: string;
}

const empty: Values = { title: '', body: '', image: null, status: 'draft', publishDate: '', publishTime: '' };

const toValues = (p: CompanyPost): Values => ({
  title: p.title,
  body: p.body,
  image: p.image,
  status: p.status,
  publishDate: p.publishAt ? dayjs(p.publishAt).format('DD-MM-YYYY') : '',
  publishTime: p.publishAt ? dayjs(p.publishAt).format('HH:mm') : '',
});

// Typed the Dutch way in both languages (R3): day-month-year and a 24-hour clock.
// Text fields rather than the browser's date and time fields, whose format follows the browser's
// language (11/24/2026, 10:36 AM in an American one).
const DATE = /^(\d{1,2})-(\d{1,2})-(\d{4})$/;
const TIME = /^(\d{1,2})[:.](\d{2})$/;

/** [year, month (1-12), day] of a real calendar day written as 24-11-2026, or null. */
export function parseDutchDate(text: string): [number, number, number] | null {
  const m = DATE.exec(text.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(y, mo - 1, d);
  return at.getFullYear() === y && at.getMonth() === mo - 1 && at.getDate() === d ? [y, mo, d] : null;
}

/** [hours, minutes] of a time written as 9:30, 09:30 or 09.30 (24-hour clock), or null. */
export function parseTime(text: string): [number, number] | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h < 24 && min < 60 ? [h, min] : null;
}

/** The publish time the fields hold, as an instant in the browser's clock; null when they are empty or not valid. */
function publishAtOf(v: Pick<Values, 'publishDate' | 'publishTime'>): string | null {
  const date = parseDutchDate(v.publishDate);
  const time = parseTime(v.publishTime);
  if (!date || !time) return null;
  return new Date(date[0], date[1] - 1, date[2], time[0], time[1]).toISOString();
}

const toInput = (v: Values): CompanyPostInput => ({
  title: v.title.trim(),
  body: v.body,
  imageMediaId: v.image?.id ?? null,
  status: v.status,
  publishAt: publishAtOf(v),
});

const FIELD_ERRORS = {
  prefix: 'companies.posts.validation',
  rename: { imageMediaId: 'image', publishAt: 'publishDate' },
} as const;

interface EditorProps {
  companyId: number;
  /** The post as loaded; none: a new one. */
  post?: CompanyPost;
  reload?: () => Promise<CompanyPost | undefined>;
}

/**
 * One post: title, the body in a rich-text editor, an image, draft or published and an optional
 * publish time (a time to come: scheduled), with a preview as the portal shows it. Saved with its
 * version (the stale banner on 409); leaving with unsaved changes asks first; delete asks too.
 */
function PostEditor({ companyId, post, reload }: EditorProps) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const create = useCreatePost(companyId);
  const update = useUpdatePost(companyId);
  const remove = useDeletePost(companyId);
  const listPath = `/companies/${companyId}/posts`;
  const schemaCheck = zodValidate(companyPostInputSchema, t, { from: toInput, ...FIELD_ERRORS });
  const editor = useEditor<Values, CompanyPost>({
    initialValues: post ? toValues(post) : empty,
    base: post,
    validate: (v) => {
      const errors = schemaCheck(v);
      if (!v.title.trim()) errors.title = t('companies.posts.validation.titleRequired');
      if (!v.body) errors.body = t('companies.posts.validation.bodyRequired');
      const date = v.publishDate.trim();
      const time = v.publishTime.trim();
      if (date && !parseDutchDate(date)) errors.publishDate = t('companies.posts.validation.dateFormat');
      else if (!date && time) errors.publishDate = t('companies.posts.validation.dateRequired');
      if (time && !parseTime(time)) errors.publishTime = t('companies.posts.validation.timeFormat');
      else if (date && !time) errors.publishTime = t('companies.posts.validation.timeRequired');
      return errors;
    },
    fieldErrors: FIELD_ERRORS,
    save: (v, base) =>
      base ? update.mutateAsync({ id: base.id, ...toInput(v), version: base.version }) : create.mutateAsync(toInput(v)),
    toValues,
    savedMessage: (p) =>
      p.status === 'draft'
        ? t('companies.posts.editor.savedDraft', { title: p.title })
        : p.scheduled
          ? t('companies.posts.editor.savedScheduled', { title: p.title, date: formatDateTime(p.publishAt) })
          : t('companies.posts.editor.savedPublished', { title: p.title }),
    onSaved: (p) => {
      if (!post) void navigate(`${listPath}/${p.id}`, { replace: true });
    },
    reload,
  });
  const { form } = editor;
  const v = form.values;
  const base = editor.base;
  const locked = base ? !base.abilities.canEdit : false;

  const publishAt = publishAtOf(v);
  const future = !!publishAt && dayjs(publishAt).isAfter(dayjs());
  const submitLabel =
    v.status === 'draft'
      ? t('companies.posts.editor.saveDraft')
      : future
        ? t('companies.posts.editor.schedule')
        : base?.status === 'published'
          ? t('common.actions.save')
          : t('companies.posts.editor.publish');

  const handleDelete = async (p: CompanyPost) => {
    const ok = await confirmAction({
      title: t('companies.posts.delete.title'),
      message: t('companies.posts.delete.text', { title: p.title }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        await remove.mutateAsync({ id: p.id, version: editor.base?.version ?? p.version });
        notify.success(t('companies.posts.delete.done', { title: p.title }));
        editor.leave();
        void navigate(listPath, { replace: true });
      },
      { onStale: editor.markStale, staleToast: true },
    );
  };

  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        {editor.banner}
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap" style={{ minWidth: 0 }}>
            <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
              {base ? base.title : t('companies.posts.editor.createTitle')}
            </Title>
            {base ? <PostStatusBadge post={base} /> : null}
          </Group>
          {base ? <HistoryPanel subject="company_post" id={base.id} /> : null}
        </Group>
        {base && locked ? (
          <Alert color="gray" variant="light" title={t('companies.posts.editor.lockedTitle')}>
            {deniedReason(t, base.abilities, 'canEdit')}
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <FormSection order={3} title={t('companies.posts.editor.sections.content')}>
                <TextInput
                  label={t('companies.posts.fields.title')}
                  required
                  maxLength={200}
                  disabled={locked}
                  {...form.getInputProps('title')}
                />
                <RichTextEditor
                  id="field-body"
                  label={t('companies.posts.fields.body')}
                  description={t('companies.posts.editor.bodyHint')}
                  required
                  disabled={locked}
                  value={v.body}
                  onChange={(html) => form.setFieldValue('body', html)}
                  error={form.errors.body}
                />
                {locked ? null : (
                  <ImagePickerField
                    id="field-image"
                    label={t('companies.posts.fields.image')}
                    description={t('companies.posts.editor.imageHint')}
                    value={v.image}
                    onChange={(m) => form.setFieldValue('image', m)}
                    error={form.errors.image}
                  />
                )}
              </FormSection>
              <FormSection order={3} title={t('companies.posts.editor.sections.publication')}>
                <Radio.Group
                  label={t('companies.posts.fields.status')}
                  value={v.status}
                  onChange={(s) => form.setFieldValue('status', s as PostStatus)}
                  error={form.errors.status}
                >
                  <Stack gap="sm" mt={6}>
                    <Radio
                      value="draft"
                      disabled={locked}
                      label={t('companies.posts.status.draft')}
                      description={t('companies.posts.editor.draftHint')}
                    />
                    <Radio
                      value="published"
                      disabled={locked}
                      label={t('companies.posts.editor.publishedLabel')}
                      description={t('companies.posts.editor.publishedHint')}
                    />
                  </Stack>
                </Radio.Group>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
                  <TextInput
                    label={t('companies.posts.fields.publishDate')}
                    placeholder={t('companies.posts.editor.datePlaceholder')}
                    autoComplete="off"
                    maxLength={10}
                    disabled={locked}
                    {...form.getInputProps('publishDate')}
                  />
                  <TextInput
                    label={t('companies.posts.fields.publishTime')}
                    placeholder={t('companies.posts.editor.timePlaceholder')}
                    autoComplete="off"
                    maxLength={5}
                    disabled={locked}
                    {...form.getInputProps('publishTime')}
                  />
                </SimpleGrid>
                <Text size="sm" c="dimmed">
                  {t('companies.posts.editor.publishAtHint')}
                </Text>
                {v.status === 'published' && future ? (
                  <Alert variant="light" color="blue" icon={<IconCalendarTime size={18} />}>
                    {t('companies.posts.editor.scheduledNote', { date: formatDateTime(publishAt) })}
                  </Alert>
                ) : null}
              </FormSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <PostPreview values={v} />
          </Grid.Col>
        </Grid>
        <Group justify="space-between" align="flex-start" gap="sm">
          {base ? (
            <DeleteButton
              label={t('common.actions.delete')}
              onClick={() => void handleDelete(base)}
              loading={remove.isPending}
              denied={deniedReason(t, base.abilities, 'canDelete')}
            />
          ) : null}
          {locked ? null : (
            <Group gap="sm" justify="flex-end" ml="auto">
              {base && editor.isDirty ? (
                <Button variant="default" onClick={editor.reset} disabled={editor.busy}>
                  {t('common.actions.reset')}
                </Button>
              ) : null}
              <Button type="submit" loading={editor.busy} disabled={!!base && !editor.isDirty}>
                {submitLabel}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The post as the portal shows it: image, title, date and body. The body is the editor's HTML
 * (built from its own schema) or, once saved, the server's sanitised copy.
 */
function PostPreview({ values }: { values: Values }) {
  const { t } = useTranslation();
  const at = publishAtOf(values);
  return (
    <Card withBorder padding="lg" style={{ position: 'sticky', top: 76 }} aria-labelledby="post-preview-title">
      <Stack gap="md">
        <Group gap="xs">
          <IconEye size={18} aria-hidden />
          <Title order={3} fz="lg" id="post-preview-title">
            {t('companies.posts.preview.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('companies.posts.preview.hint')}
        </Text>
        <Card withBorder padding={0} radius="md" data-testid="post-preview">
          {values.image ? (
            <img
              src={values.image.largeUrl}
              alt=""
              style={{ display: 'block', width: '100%', height: 200, objectFit: 'cover' }}
            />
          ) : null}
          <Stack gap="xs" p="md">
            <Text size="xs" c="dimmed">
              {values.status === 'draft'
                ? t('companies.posts.preview.notPublished')
                : at
                  ? formatDateTime(at)
                  : t('companies.posts.preview.now')}
            </Text>
            <Text fw={700} fz="xl" style={{ overflowWrap: 'anywhere' }}>
              {values.title.trim() || t('companies.posts.preview.noTitle')}
            </Text>
            {values.body ? (
              <Typography>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the editor's schema-built HTML, or the server's sanitised copy */}
                <div dangerouslySetInnerHTML={{ __html: values.body }} />
              </Typography>
            ) : (
              <Text size="sm" c="dimmed">
                {t('companies.posts.preview.noBody')}
              </Text>
            )}
          </Stack>
        </Card>
      </Stack>
    </Card>
  );
}

/** company.post.create */
export function CompanyPostCreatePage() {
  const companyId = Number(useParams().companyId);
  return (
    <CompanyShell companyId={companyId}>
      <PostEditor companyId={companyId} />
    </CompanyShell>
  );
}

/** company.post.details: one post, saved with its version; delete with confirmation. */
export function CompanyPostDetailsPage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  const id = Number(params.postId);
  const post = useCompanyPost(companyId, id);
  return (
    <CompanyShell companyId={companyId}>
      {post.isLoading ? (
        <Stack>
          <Skeleton h={32} w={280} />
          <Skeleton h={360} />
        </Stack>
      ) : post.error || !post.data ? (
        <ErrorState error={post.error} onRetry={() => void post.refetch()} />
      ) : (
        <PostEditor key={post.data.id} companyId={companyId} post={post.data} reload={async () => (await post.refetch()).data} />
      )}
    </CompanyShell>
  );
}
