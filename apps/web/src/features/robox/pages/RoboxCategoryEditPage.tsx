import { type RoboxCategory, type RoboxCategoryInput, roboxCategoryInputSchema } from '@app/shared/robox/robox';
import { Card, Group, NumberInput, Skeleton, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { DeleteButton } from '../../../components/DeleteButton';
import { EditorButtons } from '../../../components/EditorButtons';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCreateRoboxCategory, useDeleteRoboxCategory, useRoboxCategory, useUpdateRoboxCategory } from '../api';

interface Values {
  name: string;
  description: string;
  sortOrder: number | string;
}

const toValues = (c: RoboxCategory): Values => ({ name: c.name, description: c.description, sortOrder: c.sortOrder });
const toInput = (v: Values): RoboxCategoryInput => ({
  name: v.name.trim(),
  description: v.description.trim(),
  sortOrder: typeof v.sortOrder === 'number' ? v.sortOrder : v.sortOrder.trim() === '' ? 0 : Number(v.sortOrder),
});

const empty: Values = { name: '', description: '', sortOrder: 0 };

interface Props {
  /** The category as loaded; none: a new one. */
  category?: RoboxCategory;
  reload?: () => Promise<RoboxCategory | undefined>;
}

/** A material category's name, description and place in lists; delete with confirmation. */
function CategoryEditor({ category, reload }: Props) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const create = useCreateRoboxCategory();
  const update = useUpdateRoboxCategory(category?.id ?? 0);
  const remove = useDeleteRoboxCategory();
  const editor = useEditor<Values, RoboxCategory>({
    initialValues: category ? toValues(category) : empty,
    base: category,
    validate: zodValidate(roboxCategoryInputSchema, t, { from: toInput, prefix: 'robox.validation' }),
    fieldErrors: { prefix: 'robox.validation' },
    save: (v, base) => (base ? update.mutateAsync({ ...toInput(v), version: base.version }) : create.mutateAsync(toInput(v))),
    toValues: category ? toValues : undefined,
    savedMessage: (c) => t(category ? 'robox.categories.saved' : 'robox.categories.created', { name: c.name }),
    onSaved: (c) => {
      if (!category) void navigate(`/robox/material-categories/${c.id}/edit`, { replace: true });
    },
    reload,
  });
  const { form } = editor;

  const handleDelete = async (c: RoboxCategory) => {
    const ok = await confirmAction({
      title: t('robox.categories.delete.title'),
      message: t('robox.categories.delete.text', { name: c.name }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        await remove.mutateAsync({ id: c.id, version: editor.base?.version ?? c.version });
        notify.success(t('robox.categories.delete.done', { name: c.name }));
        editor.leave();
        void navigate('/robox/material-categories', { replace: true });
      },
      { onStale: editor.markStale, staleToast: true },
    );
  };

  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        {editor.banner}
        <Card withBorder padding="lg">
          <Stack gap="md" maw={640}>
            <TextInput label={t('robox.categories.fields.name')} required {...form.getInputProps('name')} />
            <Textarea
              label={t('robox.categories.fields.description')}
              autosize
              minRows={3}
              maxRows={10}
              {...form.getInputProps('description')}
            />
            <NumberInput
              label={t('robox.categories.fields.sortOrder')}
              description={t('robox.categories.form.sortOrderHint')}
              min={0}
              max={100_000}
              allowDecimal={false}
              allowNegative={false}
              w={200}
              {...form.getInputProps('sortOrder')}
            />
          </Stack>
        </Card>
        <Group justify="space-between" align="flex-start">
          {category ? (
            <DeleteButton
              label={t('common.actions.delete')}
              onClick={() => void handleDelete(category)}
              loading={remove.isPending}
              denied={deniedReason(t, category.abilities, 'canDelete', {
                ROBOX_CATEGORY_IN_USE: t('robox.categories.delete.inUse', { count: category.materialsCount }),
              })}
            />
          ) : null}
          {/* On the right, also when it wraps under the delete button on a phone. */}
          <EditorButtons editor={editor} ml="auto" createLabel={category ? undefined : t('robox.categories.form.create')} />
        </Group>
      </Stack>
    </form>
  );
}

/** robox-material-category.create */
export function RoboxCategoryCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('robox.categories.createTitle')} description={t('robox.categories.createIntro')} />
      <CategoryEditor />
    </>
  );
}

/** robox-material-category.edit: saved with its version (stale banner on 409); delete with confirmation. */
export function RoboxCategoryEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().roboxMaterialCategoryId);
  const category = useRoboxCategory(id);

  if (category.isLoading) {
    return (
      <Stack>
        <Skeleton h={36} w={280} />
        <Skeleton h={240} />
      </Stack>
    );
  }
  if (category.error || !category.data) return <ErrorState error={category.error} onRetry={() => void category.refetch()} />;
  const c = category.data;

  return (
    <>
      <PageHeader
        title={c.name}
        description={t('robox.categories.editIntro', { count: c.materialsCount })}
        actions={<HistoryPanel subject="robox_category" id={c.id} />}
      />
      <CategoryEditor key={c.id} category={c} reload={async () => (await category.refetch()).data} />
    </>
  );
}
