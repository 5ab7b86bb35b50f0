import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toFormErrors } from '../../../components/field-errors';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useCreateProduct } from '../api';

/** 'Nieuw product': a product from scratch with its Dutch name, then straight to the editor. */
export function CreateProductModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { nameNl: '', nameEn: '' },
    validate: { nameNl: (v) => (v.trim() === '' ? t('validation.required') : null) },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit(async (v) => {
    setBusy(true);
    try {
      const product = await create.mutateAsync({ nameNl: v.nameNl.trim(), nameEn: v.nameEn.trim() });
      notify.success(t('products.create.done', { name: product.nameNl }));
      close();
      void navigate(`/products/${product.id}`);
    } catch (err) {
      if (isApiError(err) && err.fieldErrors) form.setErrors(toFormErrors(t, err.fieldErrors));
      else notify.error(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('products.create.title')} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput label={t('products.fields.nameNl')} required data-autofocus {...form.getInputProps('nameNl')} />
          <TextInput
            label={t('products.fields.nameEn')}
            description={t('products.create.nameEnHint')}
            {...form.getInputProps('nameEn')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('products.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
