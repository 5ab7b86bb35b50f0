import { type ProductDetail, productCreateSchema } from '@app/shared/products/products';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useCreateProduct } from '../api';

interface Values {
  nameNl: string;
  nameEn: string;
}

// A product from scratch is the second way productCreateSchema allows (the first: from an ERP article).
const byNameSchema = productCreateSchema.options[1];
const toInput = (v: Values) => ({ nameNl: v.nameNl.trim(), nameEn: v.nameEn.trim() });

/** 'Nieuw product': a product from scratch with its Dutch name, then straight to the editor. */
export function CreateProductModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { close, closeGuard } = useGuardedClose(onClose);
  return (
    <Modal opened={opened} onClose={close} title={t('products.create.title')} centered>
      {opened ? <CreateProductForm onDone={onClose} onCancel={close} closeGuard={closeGuard} /> : null}
    </Modal>
  );
}

function CreateProductForm({
  onDone,
  onCancel,
  closeGuard,
}: {
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const editor = useEditor<Values, ProductDetail>({
    initialValues: { nameNl: '', nameEn: '' },
    validate: zodValidate(byNameSchema, t, { from: toInput }),
    save: (v) => create.mutateAsync(toInput(v)),
    savedMessage: (product) => t('products.create.done', { name: product.nameNl }),
    onSaved: (product) => {
      onDone();
      void navigate(`/products/${product.id}`);
    },
    closeGuard,
  });
  const { form } = editor;

  return (
    <form {...editor.formProps}>
      <Stack>
        <TextInput label={t('products.fields.nameNl')} required data-autofocus {...form.getInputProps('nameNl')} />
        <TextInput
          label={t('products.fields.nameEn')}
          description={t('products.create.nameEnHint')}
          {...form.getInputProps('nameEn')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {t('products.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
