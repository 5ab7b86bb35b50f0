import type { Media } from '@app/shared/media/media';
import { type Order, productRequestInputSchema } from '@app/shared/orders/orders';
import { Button, Card, Group, NumberInput, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ImagePickerField } from '../../../components/ImagePickerField';
import { PageHeader } from '../../../components/PageHeader';
import { useEditor } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { type FileInfo, orderPath, type ProductOption, useCreateOrderRequest } from '../api';
import { OrderFilesField } from '../components/OrderFilesField';
import { withProductNotFound } from '../components/OrderModal';
import { OrderProjectField } from '../components/OrderProjectField';
import { ProductPicker } from '../components/ProductPicker';

export interface RequestValues {
  mode: 'existing' | 'new';
  product: ProductOption | null;
  newTitle: string;
  thumbnail: Media | null;
  title: string;
  description: string;
  quantity: number | string;
  files: FileInfo[];
  /** The project it is asked for (one the company sees), or none. */
  projectId: string | null;
}

export const emptyRequest: RequestValues = {
  mode: 'existing',
  product: null,
  newTitle: '',
  thumbnail: null,
  title: '',
  description: '',
  quantity: 1,
  files: [],
  projectId: null,
};

/** The form as the contract takes it: an existing product or a new one, never both. */
export const requestToInput = (v: RequestValues) => ({
  title: v.title,
  description: v.description,
  quantity: typeof v.quantity === 'number' ? v.quantity : Number(v.quantity) || 0,
  productId: v.mode === 'existing' ? (v.product?.id ?? null) : null,
  newProductTitle: v.mode === 'new' ? v.newTitle : null,
  newProductThumbnailMediaId: v.mode === 'new' ? (v.thumbnail?.id ?? null) : null,
  fileIds: v.files.map((f) => f.id),
  projectId: v.projectId ? Number(v.projectId) : null,
});

const FIELDS = {
  prefix: 'orders.validation',
  rename: { productId: 'product', newProductTitle: 'newTitle', newProductThumbnailMediaId: 'thumbnail', fileIds: 'files' },
};

/**
 * orders.create ('Product aanvragen'): a product from the catalogue (searched as you type) or a new
 * product with a title and a thumbnail, plus the request's title, description, quantity and files.
 * The server's field errors land on their fields ('Product niet gevonden' on the product).
 */
export function OrderRequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 36em)');
  const create = useCreateOrderRequest();
  const editor = useEditor<RequestValues, Order>({
    initialValues: emptyRequest,
    validate: zodValidate(productRequestInputSchema, t, { from: requestToInput, ...FIELDS }),
    fieldErrors: FIELDS,
    save: async (v) => {
      try {
        return await create.mutateAsync(requestToInput(v));
      } catch (err) {
        throw withProductNotFound(err, ['productId']);
      }
    },
    savedMessage: (o) => t('orders.request.done', { title: o.title }),
    onSaved: (o) => {
      editor.leave();
      void navigate(orderPath('client', o.id));
    },
  });
  const { form } = editor;
  const v = form.values;
  return (
    <>
      <PageHeader title={t('orders.request.title')} description={t('orders.request.intro')} />
      <Card withBorder padding="lg" radius="md" maw={760}>
        <form {...editor.formProps}>
          <Stack gap="md">
            <SegmentedControl
              value={v.mode}
              onChange={(m) => form.setFieldValue('mode', m as RequestValues['mode'])}
              data={[
                { value: 'existing', label: t('orders.request.modeExisting') },
                { value: 'new', label: t('orders.request.modeNew') },
              ]}
              aria-label={t('orders.request.modeLabel')}
              // A phone has no room for both labels side by side.
              orientation={phone ? 'vertical' : 'horizontal'}
              fullWidth
            />
            {v.mode === 'existing' ? (
              <ProductPicker
                side="client"
                id="field-product"
                label={t('orders.request.product')}
                description={t('orders.request.productHint')}
                value={v.product?.id ?? null}
                known={v.product}
                onChange={(p) => {
                  form.setFieldValue('product', p);
                  form.clearFieldError('product');
                  if (p && !form.values.title.trim()) form.setFieldValue('title', p.name);
                }}
                error={form.errors.product}
                required
              />
            ) : (
              <>
                <TextInput
                  label={t('orders.request.newTitle')}
                  description={t('orders.request.newTitleHint')}
                  required
                  {...form.getInputProps('newTitle')}
                  onBlur={(e) => {
                    form.getInputProps('newTitle').onBlur?.(e);
                    if (!form.values.title.trim()) form.setFieldValue('title', form.values.newTitle.trim());
                  }}
                />
                <ImagePickerField
                  id="field-thumbnail"
                  label={t('orders.request.thumbnail')}
                  description={t('orders.request.thumbnailHint')}
                  value={v.thumbnail}
                  onChange={(m) => form.setFieldValue('thumbnail', m)}
                  error={form.errors.thumbnail}
                />
              </>
            )}
            <TextInput
              label={t('orders.fields.title')}
              description={t('orders.request.titleHint')}
              required
              {...form.getInputProps('title')}
            />
            <Textarea
              label={t('orders.fields.description')}
              description={t('orders.request.descriptionHint')}
              autosize
              minRows={4}
              maxRows={14}
              {...form.getInputProps('description')}
            />
            <OrderProjectField
              side="client"
              value={v.projectId}
              onChange={(x) => form.setFieldValue('projectId', x)}
              error={form.errors.projectId}
            />
            <NumberInput
              label={t('orders.fields.quantity')}
              min={1}
              max={1_000_000}
              allowDecimal={false}
              required
              w={160}
              {...form.getInputProps('quantity')}
            />
            <OrderFilesField
              id="field-files"
              label={t('orders.request.files')}
              value={v.files}
              onChange={(files) => form.setFieldValue('files', files)}
              error={form.errors.files}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to="/orders">
                {t('common.actions.cancel')}
              </Button>
              <Button type="submit" loading={editor.busy}>
                {t('orders.request.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}
