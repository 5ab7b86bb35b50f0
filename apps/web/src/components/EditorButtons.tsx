import { Button, Group, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Editor } from './use-editor';

interface Props extends Omit<GroupProps, 'children'> {
  editor: Pick<Editor<Record<string, unknown>, unknown>, 'busy' | 'isDirty' | 'reset'>;
  /** Creating a record: no reset, the button says what it makes and can always be pressed (what is missing is then said on the fields). */
  createLabel?: string;
  /** Save without submitting a form: for an editor whose fields stand in more than one place (tabs), outside its form element. */
  onSave?: () => void;
}

/** An editor's reset and save buttons: save shows progress, and is there to press only when something changed. */
export function EditorButtons({ editor, createLabel, onSave, ...group }: Props) {
  const { t } = useTranslation();
  const isNew = createLabel !== undefined;
  return (
    <Group gap="sm" justify="flex-end" {...group}>
      {!isNew && editor.isDirty ? (
        <Button variant="default" onClick={editor.reset} disabled={editor.busy}>
          {t('common.actions.reset')}
        </Button>
      ) : null}
      <Button type={onSave ? 'button' : 'submit'} onClick={onSave} loading={editor.busy} disabled={!isNew && !editor.isDirty}>
        {createLabel ?? t('common.actions.save')}
      </Button>
    </Group>
  );
}
