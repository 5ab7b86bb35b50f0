import { toFieldErrors } from '@app/shared/platform/validation';
import { localName } from '@app/shared/products/attributes';
import { type RoboxMaterial, type RoboxMaterialInput, roboxMaterialInputSchema } from '@app/shared/robox/robox';
import { Button, Card, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
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
import { useAttributeOptions } from '../../products/attributes-api';
import {
  roboxKeys,
  useAllRoboxCategories,
  useCreateRoboxMaterial,
  useDeleteRoboxMaterial,
  useRoboxMaterial,
  useUpdateRoboxMaterial,
} from '../api';
import { ArticleSelect } from '../components/ArticleSelect';

interface Values {
  name: string;
  code: string;
  categoryId: number | null;
  thicknessMm: number | string;
  sheetLengthMm: number | string;
  sheetWidthMm: number | string;
  colourFinish: string;
  supplierId: number | null;
  articleId: number | null;
}

const empty: Values = {
  name: '',
  code: '',
  categoryId: null,
  thicknessMm: '',
  sheetLengthMm: '',
  sheetWidthMm: '',
  colourFinish: '',
  supplierId: null,
  articleId: null,
};

const toValues = (m: RoboxMaterial): Values => ({
  name: m.name,
  code: m.code,
  categoryId: m.categoryId,
  thicknessMm: m.thicknessMm ?? '',
  sheetLengthMm: m.sheetLengthMm ?? '',
  sheetWidthMm: m.sheetWidthMm ?? '',
  colourFinish: m.colourFinish,
  supplierId: m.supplierId,
  articleId: m.articleId,
});

const num = (v: number | string): number | null => (typeof v === 'number' ? v : v.trim() === '' ? null : Number(v));

const toInput = (v: Values): RoboxMaterialInput => ({
  name: v.name.trim(),
  code: v.code.trim(),
  categoryId: v.categoryId,
  thicknessMm: num(v.thicknessMm),
  sheetLengthMm: num(v.sheetLengthMm),
  sheetWidthMm: num(v.sheetWidthMm),
  colourFinish: v.colourFinish.trim(),
  supplierId: v.supplierId,
  articleId: v.articleId,
});

interface FormProps {
  initial: Values;
  articleLabel: string | null;
  submitLabel: string;
  onSubmit: (input: RoboxMaterialInput) => Promise<RoboxMaterial>;
  banner?: ReactNode;
  extraActions?: ReactNode;
  leaving?: boolean;
}

function MaterialForm({ initial, articleLabel, submitLabel, onSubmit, banner, extraActions, leaving }: FormProps) {
  const { t, i18n } = useTranslation();
  const categories = useAllRoboxCategories();
  const options = useAttributeOptions();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: initial,
    validate: (v) => {
      const r = roboxMaterialInputSchema.safeParse(toInput(v));
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

  const mm = { min: 0, max: 100_000, allowNegative: false, decimalScale: 2, decimalSeparator: ',', suffix: ' mm' } as const;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        {banner}
        <Card withBorder padding="lg">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <TextInput label={t('robox.materials.fields.name')} required {...form.getInputProps('name')} />
              <TextInput
                label={t('robox.materials.fields.code')}
                description={t('robox.materials.form.codeHint')}
                required
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                {...form.getInputProps('code')}
              />
              <Select<number>
                label={t('robox.materials.fields.category')}
                data={(categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                clearable
                searchable
                nothingFoundMessage={t('robox.materials.form.noCategories')}
                {...form.getInputProps('categoryId')}
              />
              <Select<number>
                label={t('robox.materials.fields.supplier')}
                description={t('robox.materials.form.supplierHint')}
                data={(options.data?.suppliers ?? []).map((s) => ({ value: s.id, label: localName(s, i18n.language) }))}
                clearable
                searchable
                nothingFoundMessage={t('robox.materials.form.noSuppliers')}
                {...form.getInputProps('supplierId')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput label={t('robox.materials.fields.thickness')} {...mm} {...form.getInputProps('thicknessMm')} />
              <NumberInput label={t('robox.materials.fields.sheetLength')} {...mm} {...form.getInputProps('sheetLengthMm')} />
              <NumberInput label={t('robox.materials.fields.sheetWidth')} {...mm} {...form.getInputProps('sheetWidthMm')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <TextInput
                label={t('robox.materials.fields.colourFinish')}
                description={t('robox.materials.form.colourHint')}
                {...form.getInputProps('colourFinish')}
              />
              <ArticleSelect
                label={t('robox.materials.fields.article')}
                description={t('robox.materials.form.articleHint')}
                value={form.values.articleId}
                onChange={(id) => form.setFieldValue('articleId', id)}
                initialLabel={articleLabel}
                error={form.errors.articleId}
              />
            </SimpleGrid>
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

/** robox-material.create */
export function RoboxMaterialCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRoboxMaterial();
  return (
    <>
      <PageHeader title={t('robox.materials.createTitle')} description={t('robox.materials.createIntro')} />
      <MaterialForm
        initial={empty}
        articleLabel={null}
        submitLabel={t('robox.materials.form.create')}
        onSubmit={async (input) => {
          const m = await create.mutateAsync(input);
          notify.success(t('robox.materials.created', { name: m.name }));
          void navigate(`/robox/materials/${m.id}/edit`, { replace: true });
          return m;
        }}
      />
    </>
  );
}

/** robox-material.edit: saved with its version (stale banner on 409); delete with confirmation. */
export function RoboxMaterialEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().roboxMaterialId);
  const material = useRoboxMaterial(id);
  const update = useUpdateRoboxMaterial(id);
  const remove = useDeleteRoboxMaterial();
  const navigate = useNavigate();
  // The version the form was loaded at, moved on only by this person's own saves: a newer copy
  // fetched in the background must not make a save overwrite someone else's change.
  const version = useRef<number | null>(null);
  const { formKey, banner, markStale, clearStale } = useStaleReload(roboxKeys.material(id), () => {
    version.current = null;
  });
  const [leaving, setLeaving] = useState(false);

  if (material.isLoading) {
    return (
      <Stack>
        <Skeleton h={36} w={280} />
        <Skeleton h={320} />
      </Stack>
    );
  }
  if (material.error || !material.data) return <ErrorState error={material.error} onRetry={() => void material.refetch()} />;
  const m = material.data;
  version.current ??= m.version;
  const baseVersion = version.current;

  const handleDelete = async () => {
    const ok = await confirmAction({
      title: t('robox.materials.delete.title'),
      message: t('robox.materials.delete.text', { name: m.name, code: m.code }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id: m.id, version: baseVersion });
      notify.success(t('robox.materials.delete.done', { name: m.name }));
      flushSync(() => setLeaving(true));
      void navigate('/robox/materials', { replace: true });
    } catch (err) {
      if (isApiError(err) && err.code === 'STALE_VERSION') markStale();
      notify.error(errorMessage(t, err));
    }
  };

  return (
    <>
      <PageHeader title={m.name} description={t('robox.materials.editIntro', { code: m.code, count: m.productsCount })} />
      <MaterialForm
        key={`${m.id}-${formKey}`}
        initial={toValues(m)}
        articleLabel={m.articleId && m.articleSku ? `${m.articleSku} · ${m.articleName ?? ''}` : null}
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
            disabled={m.productsCount > 0}
            title={m.productsCount > 0 ? t('robox.materials.delete.inUse', { count: m.productsCount }) : undefined}
          >
            {t('common.actions.delete')}
          </Button>
        }
        onSubmit={async (input) => {
          try {
            const saved = await update.mutateAsync({ ...input, version: baseVersion });
            version.current = saved.version;
            clearStale();
            notify.success(t('robox.materials.saved', { name: saved.name }));
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
