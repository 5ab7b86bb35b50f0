import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditorButtons } from '../../../components/EditorButtons';
import type { Editor } from '../../../components/use-editor';

/**
 * The task and sub-task drawers' save bar, stuck to the drawer's bottom: "unsaved changes" while
 * the form differs from what was loaded, then the editor's reset and save (EditorButtons).
 */
export function EditorSaveBar({
  editor,
  onSave,
}: {
  editor: Pick<Editor<Record<string, unknown>, unknown>, 'busy' | 'isDirty' | 'reset'>;
  /** See EditorButtons: for a bar outside the form element. */
  onSave?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group
      justify="flex-end"
      gap="sm"
      py="sm"
      mt="md"
      style={{
        position: 'sticky',
        bottom: 0,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
        zIndex: 2,
      }}
    >
      {editor.isDirty ? (
        <Text size="sm" c="dimmed" mr="auto">
          {t('tasks.unsaved')}
        </Text>
      ) : null}
      <EditorButtons editor={editor} {...(onSave ? { onSave } : {})} />
    </Group>
  );
}
