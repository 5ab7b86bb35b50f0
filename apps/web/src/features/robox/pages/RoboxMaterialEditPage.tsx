import { localName } from '@app/shared/products/attributes';
import { type RoboxMaterial, type RoboxMaterialInput, roboxMaterialInputSchema } from '@app/shared/robox/robox';
import { Card, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
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
import { useAttributeOptions } from '../../products/attributes-api';
import {
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

interface Props {
  /** The material as loaded; none: a new one. */
  material?: RoboxMaterial;
  reload?: () => Promise<RoboxMaterial | undefined>;
}

/** A Robox material's fields; creates a new one or saves one with its version; delete with confirmation. */
function MaterialEditor({ material, reload }: Props) {
  const { t, i18n } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const categories = useAllRoboxCategories();
  const options = useAttributeOptions();
  const create = useCreateRoboxMaterial();
  const update = useUpdateRoboxMaterial(material?.id ?? 0);
  const remove = useDeleteRoboxMaterial();
  const editor = useEditor<Values, RoboxMaterial>({
    initialValues: material ? toValues(material) : empty,
    base: material,
    validate: zodValidate(roboxMaterialInputSchema, t, { from: toInput, prefix: 'robox.validation' }),
    fieldErrors: { prefix: 'robox.validation' },
    save: (v, base) => (base ? update.mutateAsync({ ...toInput(v), version: base.version }) : create.mutateAsync(toInput(v))),
    toValues: material ? toValues : undefined,
    savedMessage: (m) => t(material ? 'robox.materials.saved' : 'robox.materials.created', { name: m.name }),
    onSaved: (m) => {
      if (!material) void navigate(`/robox/materials/${m.id}/edit`, { replace: true });
    },
    reload,
  });
  const { form } = editor;

  const handleDelete = async (m: RoboxMaterial) => {
    const ok = await confirmAction({
      title: t('robox.materials.delete.title'),
      message: t('robox.materials.delete.text', { name: m.name, code: m.code }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        // The version is the one the edit is based on: a material someone else changed since is not deleted blindly.
        await remove.mutateAsync({ id: m.id, version: editor.base?.version ?? m.version });
        notify.success(t('robox.materials.delete.done', { name: m.name }));
        editor.leave();
        void navigate('/robox/materials', { replace: true });
      },
      { onStale: editor.markStale, staleToast: true },
    );
  };

  const mm = { min: 0, max: 100_000, allowNegative: false, decimalScale: 2, decimalSeparator: ',', suffix: ' mm' } as const;

  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        {editor.banner}
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
                initialLabel={
                  material?.articleId && material.articleSku ? `${material.articleSku} · ${material.articleName ?? ''}` : null
                }
                error={form.errors.articleId}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        <Group justify="space-between" align="flex-start">
          {material ? (
            <DeleteButton
              label={t('common.actions.delete')}
              onClick={() => void handleDelete(material)}
              loading={remove.isPending}
              denied={deniedReason(t, material.abilities, 'canDelete', {
                ROBOX_MATERIAL_IN_USE: t('robox.materials.delete.inUse', { count: material.productsCount }),
              })}
            />
          ) : null}
          {/* On the right, also when it wraps under the delete button on a phone. */}
          <EditorButtons editor={editor} ml="auto" createLabel={material ? undefined : t('robox.materials.form.create')} />
        </Group>
      </Stack>
    </form>
  );
}

/** robox-material.create */
export function RoboxMaterialCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('robox.materials.createTitle')} description={t('robox.materials.createIntro')} />
      <MaterialEditor />
    </>
  );
}

/** robox-material.edit: saved with its version (stale banner on 409); delete with confirmation. */
export function RoboxMaterialEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().roboxMaterialId);
  const material = useRoboxMaterial(id);

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

  return (
    <>
      <PageHeader
        title={m.name}
        description={t('robox.materials.editIntro', { code: m.code, count: m.productsCount })}
        actions={<HistoryPanel subject="robox_material" id={m.id} />}
      />
      <MaterialEditor key={m.id} material={m} reload={async () => (await material.refetch()).data} />
    </>
  );
}
