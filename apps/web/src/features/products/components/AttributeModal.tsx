import {
  type Attribute,
  type AttributeInput,
  type AttributeKind,
  attributeInputSchema,
  localName,
} from '@app/shared/products/attributes';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
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
  /** Loads the attribute again after a stale save (someone else changed it); undefined when it is gone. */
  reload?: (id: number) => Promise<Attribute | undefined>;
}

/** Create or edit one attribute (Dutch and English name; a type's type group); closing with unsaved changes asks first. */
export function AttributeModal({ kind, editing, onClose, reload }: Props) {
  const { t } = useTranslation();
  const opened = editing !== undefined;
  const { close, closeGuard } = useGuardedClose(onClose);
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      title={
        editing
          ? t('attributes.form.editTitle', { name: editing.nameNl })
          : t('attributes.form.createTitle', { kind: t(`attributes.kinds.${kind}`) })
      }
    >
      {opened ? (
        <AttributeForm
          key={editing?.id ?? 'new'}
          kind={kind}
          editing={editing}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
          reload={editing && reload ? () => reload(editing.id) : undefined}
        />
      ) : null}
    </Modal>
  );
}

const toValues = (a: Attribute): Values => ({ nameNl: a.nameNl, nameEn: a.nameEn, typeGroupId: a.typeGroupId });

interface FormProps {
  kind: AttributeKind;
  editing: Attribute | null;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
  reload?: () => Promise<Attribute | undefined>;
}

function AttributeForm({ kind, editing, onDone, onCancel, closeGuard, reload }: FormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateAttribute(kind);
  const update = useUpdateAttribute(kind);
  const groups = useAttributeOptions();
  const toInput = (v: Values): AttributeInput => ({
    nameNl: v.nameNl.trim(),
    nameEn: v.nameEn.trim(),
    typeGroupId: kind === 'types' ? v.typeGroupId : null,
  });
  const editor = useEditor<Values, Attribute>({
    initialValues: editing ? toValues(editing) : { nameNl: '', nameEn: '', typeGroupId: null },
    base: editing ?? undefined,
    validate: zodValidate(attributeInputSchema, t, { from: toInput, prefix: 'attributes.validation' }),
    fieldErrors: { prefix: 'attributes.validation' },
    save: (v, base) =>
      base ? update.mutateAsync({ id: base.id, ...toInput(v), version: base.version }) : create.mutateAsync(toInput(v)),
    toValues,
    savedMessage: (saved) => t(editing ? 'attributes.form.saved' : 'attributes.form.created', { name: saved.nameNl }),
    onSaved: onDone,
    reload,
    closeGuard,
  });
  const { form } = editor;

  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
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
          {editing ? (
            <div style={{ marginRight: 'auto' }}>
              <HistoryPanel subject="attribute" id={editing.id} />
            </div>
          ) : null}
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {editing ? t('common.actions.save') : t('attributes.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
