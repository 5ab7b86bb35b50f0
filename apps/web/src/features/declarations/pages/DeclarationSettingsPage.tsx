import { type DeclarationOption, declarationOptionInputSchema } from '@app/shared/people/declarations';
import { Badge, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { ErrorState } from '../../../components/States';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { errorMessage } from '../../../lib/errors';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
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
  const headingId = useId();
  const texts = TEXTS[kind];
  const list = useDeclarationOptions(kind, true);
  const save = useSaveOption(kind);
  const remove = useDeleteOption(kind);
  const [editing, setEditing] = useState<DeclarationOption | null | undefined>(undefined);

  const handleToggle = async (o: DeclarationOption, active: boolean) => {
    try {
      await save.mutateAsync({ id: o.id, input: { name: o.name, active, version: o.version } });
      notify.success(t(active ? 'declarations.settings.activated' : 'declarations.settings.deactivated', { name: o.name }));
    } catch (err) {
      notify.error(errorMessage(t, err));
    }
  };
  const handleDelete = async (o: DeclarationOption) => {
    const ok = await confirmAction({
      title: t('declarations.settings.deleteTitle', { name: o.name }),
      message: t('declarations.settings.deleteText'),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(o);
      notify.success(t('declarations.settings.deleted', { name: o.name }));
    } catch (err) {
      notify.error(errorMessage(t, err));
    }
  };

  let body: React.ReactNode;
  if (list.isLoading) {
    body = (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={36} />
        ))}
      </Stack>
    );
  } else if (list.error) {
    body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!list.data?.length) {
    body = (
      <Text size="sm" c="dimmed">
        {t(`declarations.settings.${texts.empty}`)}
      </Text>
    );
  } else {
    body = (
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {list.data.map((o) => {
          const deleteDenied = deniedReason(t, o.abilities, 'canDelete', {
            REFERENCE_IN_USE: t('errors.REFERENCE_IN_USE'),
          });
          return (
            <Group
              key={o.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={8}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} c={o.active ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                  {o.name}
                </Text>
                {o.inUse ? (
                  <Badge size="sm" variant="light" color="gray">
                    {t('declarations.settings.inUse')}
                  </Badge>
                ) : null}
              </Group>
              <Group gap={6} wrap="nowrap">
                <Switch
                  checked={o.active}
                  onChange={(e) => void handleToggle(o, e.currentTarget.checked)}
                  aria-label={t('declarations.settings.toggleFor', { name: o.name })}
                  disabled={!o.abilities.canEdit}
                />
                <RowActions
                  editTooltip={t('declarations.settings.rename')}
                  editLabel={t('declarations.settings.renameFor', { name: o.name })}
                  canEdit={o.abilities.canEdit}
                  edit={{ onClick: () => setEditing(o) }}
                  deleteLabel={t('declarations.settings.deleteFor', { name: o.name })}
                  deleteDenied={deleteDenied}
                  onDelete={() => void handleDelete(o)}
                />
              </Group>
            </Group>
          );
        })}
      </Stack>
    );
  }

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
      {body}
      <OptionModal kind={kind} editing={editing} onClose={() => setEditing(undefined)} />
    </Card>
  );
}

function OptionModal({
  kind,
  editing,
  onClose,
}: {
  kind: OptionKind;
  editing: DeclarationOption | null | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { close, closeGuard } = useGuardedClose(onClose);
  const opened = editing !== undefined;
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      title={
        editing ? t('declarations.settings.renameFor', { name: editing.name }) : t(`declarations.settings.${TEXTS[kind].add}`)
      }
    >
      {opened ? (
        <OptionForm
          key={editing?.id ?? 'new'}
          kind={kind}
          editing={editing}
          onDone={onClose}
          onCancel={close}
          closeGuard={closeGuard}
        />
      ) : null}
    </Modal>
  );
}

function OptionForm({
  kind,
  editing,
  onDone,
  onCancel,
  closeGuard,
}: {
  kind: OptionKind;
  editing: DeclarationOption | null;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
}) {
  const { t } = useTranslation();
  const save = useSaveOption(kind);
  const editor = useEditor<{ name: string }, DeclarationOption>({
    initialValues: { name: editing?.name ?? '' },
    base: editing ?? undefined,
    validate: zodValidate(declarationOptionInputSchema, t, { from: (v: { name: string }) => ({ name: v.name.trim() }) }),
    save: (v, base) =>
      base
        ? save.mutateAsync({ id: base.id, input: { name: v.name.trim(), active: base.active, version: base.version } })
        : save.mutateAsync({ id: null, input: { name: v.name.trim() } }),
    savedMessage: (o) => t(editing ? 'declarations.settings.saved' : 'declarations.settings.created', { name: o.name }),
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
