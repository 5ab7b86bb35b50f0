import { declineRequestSchema, sendVersionSchema } from '@app/shared/orders/orders';
import { Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ApprovalFields,
  type ApprovalValues,
  approvalInput,
  approvalToValues,
} from '../../../components/approvals/ApprovalFields';
import { useEditor } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useCan } from '../../auth/api';
import { useEmployeeOptions } from '../../projects/employees-api';
import { type FileInfo, type ProductOption, useOrderAction, useOrderApproverChoices } from '../api';
import { OrderFilesField } from './OrderFilesField';
import type { ActionFormProps } from './OrderForms';
import { closingOnRace, ModalButtons, withProductNotFound } from './OrderModal';
import { ProductPicker } from './ProductPicker';

const VALIDATION = { prefix: 'orders.validation' };

interface ApproveValues {
  kind: 'existing' | 'new';
  product: ProductOption | null;
  name: string;
  handledById: string | null;
}

/**
 * Staff approve a request: to an existing catalogue product (a search picker), or into a new one
 * made from the request's title and thumbnail (its name editable; needs products.manage), with the
 * employee who looks after the order (default: the one approving).
 */
export function ApproveRequestForm({ side, order, closeGuard, onCancel, onDone }: ActionFormProps) {
  const { t } = useTranslation();
  const approve = useOrderAction(side, order.id, 'approve-request');
  const employees = useEmployeeOptions();
  const canCreate = useCan('products.manage');
  const requested: ProductOption | null =
    order.product.id !== null ? { id: order.product.id, name: order.product.name, thumbUrl: order.product.thumbnailUrl } : null;
  const toInput = (v: ApproveValues) => ({
    version: order.version,
    target:
      v.kind === 'existing'
        ? { kind: 'existing' as const, productId: v.product?.id ?? 0 }
        : { kind: 'new' as const, ...(v.name.trim() ? { name: v.name.trim() } : {}) },
    handledById: v.handledById ? Number(v.handledById) : null,
  });
  const editor = useEditor<ApproveValues, typeof order>({
    initialValues: {
      kind: requested || !canCreate ? 'existing' : 'new',
      product: requested,
      name: order.product.isNew ? order.product.name : order.title,
      handledById: null,
    },
    validate: (v) => {
      if (v.kind === 'existing' && !v.product) return { product: t('orders.approve.pickProduct') };
      if (v.kind === 'new' && !v.name.trim()) return { name: t('validation.required') };
      return {};
    },
    fieldErrors: { ...VALIDATION, rename: { 'target.productId': 'product', 'target.name': 'name' } },
    save: (v) =>
      closingOnRace(async () => {
        try {
          return await approve.mutateAsync(toInput(v));
        } catch (err) {
          throw withProductNotFound(err, ['target.productId']);
        }
      }, onDone),
    savedMessage: (x) => t('orders.approve.done', { title: x.title }),
    onSaved: onDone,
    closeGuard,
    guard: false,
  });
  const v = editor.form.values;
  return (
    <form {...editor.formProps}>
      <Stack>
        <Radio.Group label={t('orders.approve.kind')} {...editor.form.getInputProps('kind')}>
          <Stack gap="xs" mt={6}>
            <Radio value="existing" label={t('orders.approve.existing')} />
            <Radio
              value="new"
              label={t('orders.approve.new')}
              description={canCreate ? t('orders.approve.newHint') : t('orders.approve.newForbidden')}
              disabled={!canCreate}
            />
          </Stack>
        </Radio.Group>
        {v.kind === 'existing' ? (
          <ProductPicker
            side="staff"
            label={t('orders.approve.product')}
            value={v.product?.id ?? null}
            known={v.product}
            onChange={(p) => editor.form.setFieldValue('product', p)}
            error={editor.form.errors.product}
            required
          />
        ) : (
          <TextInput
            label={t('orders.approve.name')}
            description={t('orders.approve.nameHint')}
            required
            {...editor.form.getInputProps('name')}
          />
        )}
        <Select
          label={t('orders.approve.handledBy')}
          placeholder={t('orders.approve.handledByMe')}
          data={(employees.data ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
          searchable
          clearable
          {...editor.form.getInputProps('handledById')}
        />
        <ModalButtons onCancel={onCancel} submit={t('orders.approve.submit')} busy={editor.busy} color="teal" />
      </Stack>
    </form>
  );
}

/** Staff decline a request with a reason the client reads. */
export function DeclineRequestForm({ side, order, closeGuard, onCancel, onDone }: ActionFormProps) {
  const { t } = useTranslation();
  const decline = useOrderAction(side, order.id, 'decline-request');
  const editor = useEditor<{ reason: string }, typeof order>({
    initialValues: { reason: '' },
    validate: zodValidate(declineRequestSchema, t, {
      from: (v: { reason: string }) => ({ ...v, version: order.version }),
      ...VALIDATION,
    }),
    fieldErrors: VALIDATION,
    save: (v) => closingOnRace(() => decline.mutateAsync({ reason: v.reason, version: order.version }), onDone),
    savedMessage: (x) => t('orders.decline.done', { title: x.title }),
    onSaved: onDone,
    closeGuard,
    guard: false,
  });
  return (
    <form {...editor.formProps}>
      <Stack>
        <Text size="sm">{t('orders.decline.intro')}</Text>
        <Textarea
          label={t('orders.decline.reason')}
          required
          autosize
          minRows={3}
          maxRows={10}
          data-autofocus
          {...editor.form.getInputProps('reason')}
        />
        <ModalButtons onCancel={onCancel} submit={t('orders.decline.submit')} busy={editor.busy} color="red" />
      </Stack>
    </form>
  );
}

interface SendValues extends ApprovalValues {
  comment: string;
  preview: FileInfo[];
}

/**
 * Staff send a design version for approval: a comment and a preview (an image or a PDF), the due
 * date, and the company users who must decide it (any one of them, or all).
 */
export function SendVersionForm({ side, order, closeGuard, onCancel, onDone }: ActionFormProps) {
  const { t } = useTranslation();
  const send = useOrderAction(side, order.id, 'versions');
  const choices = useOrderApproverChoices(order.id);
  const next = (order.versions[0]?.number ?? 0) + 1;
  const toInput = (v: SendValues) => ({
    version: order.version,
    comment: v.comment,
    previewFileId: v.preview[0]?.id ?? 0,
    ...approvalInput(v),
  });
  const editor = useEditor<SendValues, typeof order>({
    initialValues: { comment: '', preview: [], ...approvalToValues(order) },
    validate: (v) =>
      v.preview.length === 0
        ? { preview: t('orders.send.previewRequired') }
        : zodValidate(sendVersionSchema, t, { from: toInput, rename: { previewFileId: 'preview' }, ...VALIDATION })(v),
    fieldErrors: { ...VALIDATION, rename: { previewFileId: 'preview' } },
    save: (v) => closingOnRace(() => send.mutateAsync(toInput(v)), onDone),
    savedMessage: (x) => t('orders.send.done', { number: x.versions[0]?.number ?? next }),
    onSaved: onDone,
    closeGuard,
    guard: false,
  });
  return (
    <form {...editor.formProps}>
      <Stack>
        <Text size="sm">{t('orders.send.intro', { number: next })}</Text>
        <Textarea
          label={t('orders.send.comment')}
          autosize
          minRows={3}
          maxRows={10}
          data-autofocus
          {...editor.form.getInputProps('comment')}
        />
        <OrderFilesField
          label={t('orders.send.preview')}
          value={editor.form.values.preview}
          onChange={(files) => editor.form.setFieldValue('preview', files)}
          error={editor.form.errors.preview}
          preview
          required
        />
        <ApprovalFields form={editor.form} choices={choices} current={order.approvers} />
        <ModalButtons onCancel={onCancel} submit={t('orders.send.submit')} busy={editor.busy} />
      </Stack>
    </form>
  );
}
