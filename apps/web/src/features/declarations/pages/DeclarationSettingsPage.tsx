import { type DeclarationOption, declarationOptionInputSchema } from '@app/shared/declarations/declarations';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { EditorModal, type EditorModalForm, SettingsList, useConfirmedDelete } from '../../../components/SettingsList';
import { useEditor } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useShownName } from '../../../lib/shown-name';
import { type OptionKind, useDeclarationOptions, useDeleteOption, useSaveOption } from '../api';

/**
 * settings.declarations ('Declaraties'): the categories and the payment types a declaration is
 * filed under. Add, rename, switch on and off, delete an unused one (a used one only goes off).
 */
export function DeclarationSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('declarations.settings.title')} description={t('declarations.settings.description')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <OptionList kind="categories" />
        <OptionList kind="payment-types" />
      </SimpleGrid>
    </>
  );
}

const TEXTS = {
  categories: { title: 'categories', empty: 'categoriesEmpty', add: 'addCategory' },
  'payment-types': { title: 'paymentTypes', empty: 'paymentTypesEmpty', add: 'addPaymentType' },
} as const;

function OptionList({ kind }: { kind: OptionKind }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const headingId = useId();
  const texts = TEXTS[kind];
  const list = useDeclarationOptions(kind, true);
  const save = useSaveOption(kind);
  const remove = useDeleteOption(kind);
  const [editing, setEditing] = useState<DeclarationOption | null | undefined>(undefined);
  const shown = useShownName();

  const handleToggle = async (o: DeclarationOption, active: boolean) => {
    await attempt(async () => {
      await save.mutateAsync({ id: o.id, input: { name: o.name, nameEn: o.nameEn, active, version: o.version } });
      notify.success(t(active ? 'declarations.settings.activated' : 'declarations.settings.deactivated', { name: shown(o) }));
    });
  };
  const handleDelete = useConfirmedDelete<DeclarationOption>(remove.mutateAsync, {
    title: (o) => t('declarations.settings.deleteTitle', { name: shown(o) }),
    message: t('declarations.settings.deleteText'),
    done: (o) => t('declarations.settings.deleted', { name: shown(o) }),
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="lg" id={headingId}>
          {t(`declarations.settings.${texts.title}`)}
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing(null)}>
          {t(`declarations.settings.${texts.add}`)}
        </Button>
      </Group>
      <SettingsList
        list={list}
        labelledBy={headingId}
        skeletonHeight={36}
        rowPadding={8}
        empty={
          <Text size="sm" c="dimmed">
            {t(`declarations.settings.${texts.empty}`)}
          </Text>
        }
        renderRow={(o) => (
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} c={o.active ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
              {shown(o)}
            </Text>
            {o.inUse ? (
              <Badge size="sm" variant="light" color="gray">
                {t('declarations.settings.inUse')}
              </Badge>
            ) : null}
          </Group>
        )}
        renderActions={(o) => (
          <Group gap={6} wrap="nowrap">
            <Switch
              checked={o.active}
              onChange={(e) => void handleToggle(o, e.currentTarget.checked)}
              aria-label={t('declarations.settings.toggleFor', { name: shown(o) })}
              disabled={!o.abilities.canEdit}
            />
            <RowActions
              editTooltip={t('declarations.settings.rename')}
              editLabel={t('declarations.settings.renameFor', { name: shown(o) })}
              canEdit={o.abilities.canEdit}
              edit={{ onClick: () => setEditing(o) }}
              deleteLabel={t('declarations.settings.deleteFor', { name: shown(o) })}
              deleteDenied={deniedReason(t, o.abilities, 'canDelete', { REFERENCE_IN_USE: t('errors.REFERENCE_IN_USE') })}
              onDelete={() => void handleDelete(o)}
            />
          </Group>
        )}
      />
      <EditorModal
        editing={editing}
        onClose={() => setEditing(undefined)}
        title={(o) => (o ? t('declarations.settings.renameFor', { name: shown(o) }) : t(`declarations.settings.${texts.add}`))}
      >
        {(form) => <OptionForm kind={kind} {...form} />}
      </EditorModal>
    </Card>
  );
}

interface OptionValues {
  name: string;
  nameEn: string;
}
const optionFields = (v: OptionValues) => ({ name: v.name.trim(), nameEn: v.nameEn.trim() });

function OptionForm({ kind, editing, onDone, onCancel, closeGuard }: EditorModalForm<DeclarationOption> & { kind: OptionKind }) {
  const { t } = useTranslation();
  const save = useSaveOption(kind);
  const shown = useShownName();
  const editor = useEditor<OptionValues, DeclarationOption>({
    initialValues: { name: editing?.name ?? '', nameEn: editing?.nameEn ?? '' },
    base: editing ?? undefined,
    validate: zodValidate(declarationOptionInputSchema, t, { from: optionFields }),
    save: (v, base) =>
      base
        ? save.mutateAsync({ id: base.id, input: { ...optionFields(v), active: base.active, version: base.version } })
        : save.mutateAsync({ id: null, input: optionFields(v) }),
    savedMessage: (o) => t(editing ? 'declarations.settings.saved' : 'declarations.settings.created', { name: shown(o) }),
    onSaved: onDone,
    closeGuard,
  });
  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        <TextInput
          label={t('declarations.settings.name')}
          required
          maxLength={100}
          data-autofocus
          {...editor.form.getInputProps('name')}
        />
        <TextInput
          label={t('declarations.settings.nameEn')}
          description={t('declarations.settings.nameEnHint')}
          maxLength={100}
          {...editor.form.getInputProps('nameEn')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {editing ? t('common.actions.save') : t('declarations.settings.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
