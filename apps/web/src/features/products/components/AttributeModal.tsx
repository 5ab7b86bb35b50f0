import { type Attribute, type AttributeKind, localName } from '@app/shared/products/attributes';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../../components/field-errors';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useAttributeOptions, useCreateAttribute, useUpdateAttribute } from '../attributes-api';

interface Values {
  nameNl: string;
  nameEn: string;
  typeGroupId: number | null;
}

interface Props {
  kind: AttributeKind;
  /** null: a new attribute; undefined: closed. */
  editing: Attribute | null | undefined;
  onClose: () => void;
}

/** Create or edit one attribute (Dutch and English name; a type's type group). */
export function AttributeModal({ kind, editing, onClose }: Props) {
  const { t } = useTranslation();
  const opened = editing !== undefined;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={
        editing
          ? t('attributes.form.editTitle', { name: editing.nameNl })
          : t('attributes.form.createTitle', { kind: t(`attributes.kinds.${kind}`) })
      }
    >
      {opened ? <AttributeForm key={editing?.id ?? 'new'} kind={kind} editing={editing} onClose={onClose} /> : null}
    </Modal>
  );
}

function AttributeForm({ kind, editing, onClose }: { kind: AttributeKind; editing: Attribute | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateAttribute(kind);
  const update = useUpdateAttribute(kind);
  const groups = useAttributeOptions();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { nameNl: editing?.nameNl ?? '', nameEn: editing?.nameEn ?? '', typeGroupId: editing?.typeGroupId ?? null },
    validate: { nameNl: (v) => (v.trim() === '' ? t('validation.required') : null) },
  });

  const handleSubmit = form.onSubmit(async (v) => {
    setBusy(true);
    const input = { nameNl: v.nameNl.trim(), nameEn: v.nameEn.trim(), typeGroupId: kind === 'types' ? v.typeGroupId : null };
    try {
      const saved = editing
        ? await update.mutateAsync({ id: editing.id, ...input, version: editing.version })
        : await create.mutateAsync(input);
      notify.success(t(editing ? 'attributes.form.saved' : 'attributes.form.created', { name: saved.nameNl }));
      onClose();
    } catch (err) {
      if (isApiError(err) && err.fieldErrors)
        form.setErrors(toFormErrors(t, err.fieldErrors, { prefix: 'attributes.validation' }));
      else notify.error(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <TextInput label={t('attributes.fields.nameNl')} required data-autofocus {...form.getInputProps('nameNl')} />
        <TextInput
          label={t('attributes.fields.nameEn')}
          description={t('attributes.form.nameEnHint')}
          {...form.getInputProps('nameEn')}
        />
        {kind === 'types' ? (
          <Select<number>
            label={t('attributes.fields.typeGroup')}
            description={t('attributes.form.typeGroupHint')}
            data={(groups.data?.['type-groups'] ?? []).map((g) => ({ value: g.id, label: localName(g, i18n.language) }))}
            clearable
            searchable
            nothingFoundMessage={t('attributes.form.noTypeGroups')}
            {...form.getInputProps('typeGroupId')}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {editing ? t('common.actions.save') : t('attributes.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
