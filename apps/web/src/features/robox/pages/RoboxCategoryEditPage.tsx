import { toFieldErrors } from '@app/shared/platform/validation';
import { type RoboxCategory, type RoboxCategoryInput, roboxCategoryInputSchema } from '@app/shared/robox/robox';
import { Button, Card, Group, NumberInput, Skeleton, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { toFormErrors } from '../../../components/field-errors';
import { PageHeader } from '../../../components/PageHeader';
import { useStaleReload } from '../../../components/StaleBanner';
import { ErrorState } from '../../../components/States';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { roboxKeys, useCreateRoboxCategory, useDeleteRoboxCategory, useRoboxCategory, useUpdateRoboxCategory } from '../api';

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

interface FormProps {
  initial: Values;
  submitLabel: string;
  onSubmit: (input: RoboxCategoryInput) => Promise<RoboxCategory>;
  banner?: ReactNode;
  extraActions?: ReactNode;
  leaving?: boolean;
}

function CategoryForm({ initial, submitLabel, onSubmit, banner, extraActions, leaving }: FormProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: initial,
    validate: (v) => {
      const r = roboxCategoryInputSchema.safeParse(toInput(v));
      return r.success ? {} : toFormErrors(t, toFieldErrors(r.error.issues), { prefix: 'robox.validation' });
    },
  });
  useUnsavedChanges(form.isDirty() && !busy && !leaving);

  const handleSubmit = form.onSubmit(async (v) => {
    setBusy(true);
    try {
      const saved = await onSubmit(toInput(v));
      const next = toValues(saved);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
    } catch (err) {
      if (isApiError(err) && err.fieldErrors) form.setErrors(toFormErrors(t, err.fieldErrors, { prefix: 'robox.validation' }));
      else if (!(isApiError(err) && err.code === 'STALE_VERSION')) notify.error(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        {banner}
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
        <Group justify="space-between">
          <Group>{extraActions}</Group>
          <Button type="submit" loading={busy} disabled={!form.isDirty()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** robox-material-category.create */
export function RoboxCategoryCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRoboxCategory();
  return (
    <>
      <PageHeader title={t('robox.categories.createTitle')} description={t('robox.categories.createIntro')} />
      <CategoryForm
        initial={{ name: '', description: '', sortOrder: 0 }}
        submitLabel={t('robox.categories.form.create')}
        onSubmit={async (input) => {
          const c = await create.mutateAsync(input);
          notify.success(t('robox.categories.created', { name: c.name }));
          void navigate(`/robox/material-categories/${c.id}/edit`, { replace: true });
          return c;
        }}
      />
    </>
  );
}

/** robox-material-category.edit: saved with its version (stale banner on 409); delete with confirmation. */
export function RoboxCategoryEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().roboxMaterialCategoryId);
  const category = useRoboxCategory(id);
  const update = useUpdateRoboxCategory(id);
  const remove = useDeleteRoboxCategory();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  // The version the form was loaded at, moved on only by this person's own saves.
  const version = useRef<number | null>(null);
  const { formKey, banner, markStale, clearStale } = useStaleReload(roboxKeys.category(id), () => {
    version.current = null;
  });

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
  version.current ??= c.version;
  const baseVersion = version.current;

  const handleDelete = async () => {
    const ok = await confirmAction({
      title: t('robox.categories.delete.title'),
      message: t('robox.categories.delete.text', { name: c.name }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id: c.id, version: baseVersion });
      notify.success(t('robox.categories.delete.done', { name: c.name }));
      flushSync(() => setLeaving(true));
      void navigate('/robox/material-categories', { replace: true });
    } catch (err) {
      if (isApiError(err) && err.code === 'STALE_VERSION') markStale();
      notify.error(errorMessage(t, err));
    }
  };

  return (
    <>
      <PageHeader title={c.name} description={t('robox.categories.editIntro', { count: c.materialsCount })} />
      <CategoryForm
        key={`${c.id}-${formKey}`}
        initial={toValues(c)}
        submitLabel={t('common.actions.save')}
        leaving={leaving}
        banner={banner}
        extraActions={
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => void handleDelete()}
            loading={remove.isPending}
            disabled={c.materialsCount > 0}
            title={c.materialsCount > 0 ? t('robox.categories.delete.inUse', { count: c.materialsCount }) : undefined}
          >
            {t('common.actions.delete')}
          </Button>
        }
        onSubmit={async (input) => {
          try {
            const saved = await update.mutateAsync({ ...input, version: baseVersion });
            version.current = saved.version;
            clearStale();
            notify.success(t('robox.categories.saved', { name: saved.name }));
            return saved;
          } catch (err) {
            if (isApiError(err) && err.code === 'STALE_VERSION') markStale();
            throw err;
          }
        }}
      />
    </>
  );
}
