import { type Template, templateSaveSchema } from '@app/shared/templates/templates';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditorButtons } from '../../../components/EditorButtons';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useRenameTemplate, useSaveTemplate } from '../api';

/** What the modal is for: saving the project as a new template, or renaming one. */
export type TitleEditing =
  | { mode: 'save'; projectId: number }
  | { mode: 'rename'; template: Pick<Template, 'id' | 'title' | 'version'> };

interface Values {
  title: string;
}

function TitleForm({
  editing,
  onDone,
  onCancel,
  closeGuard,
}: {
  editing: TitleEditing;
  onDone: () => void;
  onCancel: () => void;
  closeGuard: CloseGuard;
}) {
  const { t } = useTranslation();
  const save = useSaveTemplate(editing.mode === 'save' ? editing.projectId : 0);
  const rename = useRenameTemplate();
  const base = editing.mode === 'rename' ? editing.template : undefined;
  const editor = useEditor<Values, Pick<Template, 'id' | 'title' | 'version'>>({
    initialValues: { title: base?.title ?? '' },
    base,
    validate: zodValidate(templateSaveSchema, t),
    save: (v, b) =>
      b ? rename.mutateAsync({ id: b.id, title: v.title, version: b.version }) : save.mutateAsync({ title: v.title }),
    savedMessage: (saved) => t(editing.mode === 'save' ? 'templates.save.done' : 'templates.rename.done', { title: saved.title }),
    onSaved: onDone,
    closeGuard,
  });
  return (
    <form {...editor.formProps}>
      <Stack>
        {editor.banner}
        {editing.mode === 'save' ? (
          <Text size="sm" c="dimmed">
            {t('templates.save.intro')}
          </Text>
        ) : null}
        <TextInput label={t('templates.fields.title')} required data-autofocus {...editor.form.getInputProps('title')} />
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('common.actions.cancel')}
            </Button>
            {base ? <HistoryPanel subject="template" id={base.id} /> : null}
          </Group>
          <EditorButtons editor={editor} {...(editing.mode === 'save' ? { createLabel: t('templates.save.submit') } : {})} />
        </Group>
      </Stack>
    </form>
  );
}

/** Save the project's structure as a template, or rename one; closing with changes asks first. */
export function TemplateTitleModal({ editing, onClose }: { editing: TitleEditing | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { close, closeGuard } = useGuardedClose(onClose);
  return (
    <Modal
      opened={editing !== null}
      onClose={close}
      centered
      title={editing?.mode === 'rename' ? t('templates.rename.title') : t('templates.save.title')}
    >
      {editing ? <TitleForm editing={editing} onDone={onClose} onCancel={close} closeGuard={closeGuard} /> : null}
    </Modal>
  );
}
