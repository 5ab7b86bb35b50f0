import { addOrderFilesSchema, denyDesignSchema, moreInfoSchema, type Order, orderUpdateSchema } from '@app/shared/orders/orders';
import { NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  ApprovalFields,
  type ApprovalValues,
  approvalInput,
  approvalToValues,
} from '../../../components/approvals/ApprovalFields';
import { type CloseGuard, useEditor } from '../../../components/use-editor';
import { isApiError } from '../../../lib/api';
import { zodValidate } from '../../../lib/form';
import { type FileInfo, type OrderSide, useOrderAction, useOrderApproverChoices, useUpdateOrder } from '../api';
import { OrderFilesField } from './OrderFilesField';
import { closingOnRace, ModalButtons } from './OrderModal';
import { OrderProjectField } from './OrderProjectField';

/** What every action form gets from its modal. */
export interface ActionFormProps {
  side: OrderSide;
  order: Order;
  closeGuard: CloseGuard;
  onCancel: () => void;
  /** After the action (its toast shown), or after it lost a race (the order reloads, the toast explains). */
  onDone: () => void;
}

const VALIDATION = { prefix: 'orders.validation' };

interface EditValues extends ApprovalValues {
  title: string;
  description: string;
  quantity: number | string;
  /** The project it is for, or null for none. */
  projectId: string | null;
}
const toEditValues = (o: Order): EditValues => ({
  title: o.title,
  description: o.description,
  quantity: o.quantity,
  projectId: o.project ? String(o.project.id) : null,
  ...approvalToValues(o),
});
/**
 * What the side may change: the portal the details and the project; staff also the due date and
 * the approvers. The project goes only when changed (one no longer offered stays as it is).
 */
const toEditInput = (side: OrderSide, order: Order, v: EditValues) => {
  const projectId = v.projectId ? Number(v.projectId) : null;
  return {
    title: v.title,
    description: v.description,
    quantity: typeof v.quantity === 'number' ? v.quantity : Number(v.quantity) || 0,
    ...(projectId !== (order.project?.id ?? null) ? { projectId } : {}),
    ...(side === 'staff' ? approvalInput(v) : {}),
  };
};

/** The staff side's due date and approvers: who can be named is loaded for the order's company. */
function StaffApprovalFields({ order, form }: { order: Order; form: UseFormReturnType<EditValues> }) {
  const choices = useOrderApproverChoices(order.id);
  return <ApprovalFields form={form} choices={choices} current={order.approvers} />;
}

/**
 * Title, description, quantity and project (staff also the due date and the approvers), saved with
 * the version (the stale banner on 409, with the newest copy one press away).
 */
export function EditOrderForm({
  side,
  order,
  closeGuard,
  onCancel,
  onDone,
  reload,
}: ActionFormProps & { reload: () => Promise<Order | undefined> }) {
  const { t } = useTranslation();
  const update = useUpdateOrder(side, order.id);
  const editor = useEditor<EditValues, Order>({
    initialValues: toEditValues(order),
    base: order,
    validate: zodValidate(orderUpdateSchema, t, {
      from: (v: EditValues) => ({ ...toEditInput(side, order, v), version: order.version }),
      ...VALIDATION,
    }),
    fieldErrors: VALIDATION,
    save: (v, base) =>
      closingOnRace(
        () => update.mutateAsync({ ...toEditInput(side, base ?? order, v), version: (base ?? order).version }),
        onDone,
      ),
    toValues: toEditValues,
    savedMessage: (x) => t('orders.edit.done', { title: x.title }),
    onSaved: onDone,
    reload,
    closeGuard,
    guard: false,
  });
  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        <TextInput label={t('orders.fields.title')} required {...editor.form.getInputProps('title')} />
        <Textarea
          label={t('orders.fields.description')}
          autosize
          minRows={3}
          maxRows={10}
          {...editor.form.getInputProps('description')}
        />
        <NumberInput
          label={t('orders.fields.quantity')}
          min={1}
          max={1_000_000}
          allowDecimal={false}
          required
          w={160}
          {...editor.form.getInputProps('quantity')}
        />
        <OrderProjectField
          side={side}
          companyId={order.company.id}
          value={editor.form.values.projectId}
          onChange={(v) => editor.form.setFieldValue('projectId', v)}
          error={editor.form.errors.projectId}
          current={order.project}
        />
        {side === 'staff' ? <StaffApprovalFields order={order} form={editor.form} /> : null}
        <ModalButtons onCancel={onCancel} submit={t('common.actions.save')} busy={editor.busy} />
      </Stack>
    </form>
  );
}

interface DenyValues {
  comment: string;
  files: FileInfo[];
}

/** The client denies the pending design: what must change (required) and attachments. */
export function DenyDesignForm({ side, order, closeGuard, onCancel, onDone }: ActionFormProps) {
  const { t } = useTranslation();
  const deny = useOrderAction(side, order.id, 'deny-design');
  const toInput = (v: DenyValues) => ({ version: order.version, comment: v.comment, fileIds: v.files.map((f) => f.id) });
  const editor = useEditor<DenyValues, Order>({
    initialValues: { comment: '', files: [] },
    validate: zodValidate(denyDesignSchema, t, { from: toInput, rename: { fileIds: 'files' }, ...VALIDATION }),
    fieldErrors: { ...VALIDATION, rename: { fileIds: 'files' } },
    save: (v) => closingOnRace(() => deny.mutateAsync(toInput(v)), onDone),
    savedMessage: () => t('orders.deny.done'),
    onSaved: onDone,
    closeGuard,
    guard: false,
  });
  return (
    <form {...editor.formProps}>
      <Stack>
        <Text size="sm">{t('orders.deny.intro')}</Text>
        <Textarea
          label={t('orders.deny.comment')}
          description={t('orders.deny.commentHint')}
          required
          autosize
          minRows={4}
          maxRows={12}
          data-autofocus
          {...editor.form.getInputProps('comment')}
        />
        <OrderFilesField
          label={t('orders.deny.files')}
          value={editor.form.values.files}
          onChange={(next) => editor.form.setFieldValue('files', next)}
          error={editor.form.errors.files}
        />
        <ModalButtons onCancel={onCancel} submit={t('orders.deny.submit')} busy={editor.busy} color="red" />
      </Stack>
    </form>
  );
}

/**
 * The client asks for more information: a comment for the staff. A failure is the specification's
 * 'Something went wrong' (the field's own problem stays on the field).
 */
export function MoreInfoForm({ side, order, closeGuard, onCancel, onDone }: ActionFormProps) {
  const { t } = useTranslation();
  const ask = useOrderAction(side, order.id, 'more-info');
  const editor = useEditor<{ comment: string }, Order>({
    initialValues: { comment: '' },
    validate: zodValidate(moreInfoSchema, t, VALIDATION),
    fieldErrors: VALIDATION,
    save: async (v) => {
      try {
        return await ask.mutateAsync({ comment: v.comment });
      } catch (err) {
        if (isApiError(err) && err.fieldErrors) throw err;
        throw new Error('more-info failed');
      }
    },
    savedMessage: () => t('orders.moreInfo.done'),
    onSaved: onDone,
    closeGuard,
    guard: false,
  });
  return (
    <form {...editor.formProps}>
      <Stack>
        <Text size="sm">{t('orders.moreInfo.intro')}</Text>
        <Textarea
          label={t('orders.moreInfo.comment')}
          required
          autosize
          minRows={4}
          maxRows={12}
          data-autofocus
          {...editor.form.getInputProps('comment')}
        />
        <ModalButtons onCancel={onCancel} submit={t('orders.moreInfo.submit')} busy={editor.busy} />
      </Stack>
    </form>
  );
}

/** Files added to an open order: the client's own files, or (staff) the final files. */
export function AddFilesForm({ side, order, closeGuard, onCancel, onDone }: ActionFormProps) {
  const { t } = useTranslation();
  const add = useOrderAction(side, order.id, 'files');
  const toInput = (v: { files: FileInfo[] }) => ({ fileIds: v.files.map((f) => f.id) });
  const editor = useEditor<{ files: FileInfo[] }, Order>({
    initialValues: { files: [] },
    validate: zodValidate(addOrderFilesSchema, t, {
      from: toInput,
      rename: { fileIds: 'files' },
      prefix: 'orders.validation.files',
    }),
    fieldErrors: { prefix: 'orders.validation.files', rename: { fileIds: 'files' } },
    save: (v) => closingOnRace(() => add.mutateAsync(toInput(v)), onDone),
    savedMessage: (x) => t(side === 'staff' ? 'orders.addFiles.doneFinal' : 'orders.addFiles.done', { title: x.title }),
    onSaved: onDone,
    closeGuard,
    guard: false,
  });
  return (
    <form {...editor.formProps}>
      <Stack>
        <Text size="sm">{t(side === 'staff' ? 'orders.addFiles.introFinal' : 'orders.addFiles.intro')}</Text>
        <OrderFilesField
          label={t(side === 'staff' ? 'orders.addFiles.labelFinal' : 'orders.addFiles.label')}
          value={editor.form.values.files}
          onChange={(next) => editor.form.setFieldValue('files', next)}
          error={editor.form.errors.files}
          required
        />
        <ModalButtons onCancel={onCancel} submit={t('orders.addFiles.submit')} busy={editor.busy} />
      </Stack>
    </form>
  );
}
