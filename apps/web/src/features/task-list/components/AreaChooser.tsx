import type { TaskListNode } from '@app/shared/task-list/task-list';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { areaTitle } from '../../projects/area-label';
import { type Choice, checkState, chooserGroups, toggle } from '../chooser';
import classes from '../TaskList.module.css';

interface Props {
  tree: readonly TaskListNode[];
  choice: Choice;
  onChange: (choice: Choice) => void;
}

/**
 * The areas to print: the decks with their areas as a tree of check boxes ('Alles', 'Niets'); a
 * deck is half ticked when some of its areas are. Sub-areas come with their area.
 */
export function AreaChooser({ tree, choice, onChange }: Props) {
  const { t } = useTranslation();
  const groups = chooserGroups(tree);
  const box = (n: TaskListNode, strong = false) => {
    const state = checkState(tree, choice, n.id);
    return (
      <Checkbox
        key={n.id}
        label={
          <Text span size="sm" fw={strong ? 600 : undefined} style={{ overflowWrap: 'anywhere' }}>
            {areaTitle(n)}
          </Text>
        }
        checked={state === 'checked'}
        indeterminate={state === 'indeterminate'}
        onChange={() => onChange(toggle(tree, choice, n.id))}
      />
    );
  };
  const count = choice === 'all' ? null : choice.length;

  return (
    <fieldset className={classes.chooser}>
      <legend className={classes.chooserLegend}>{t('taskList.chooser.label')}</legend>
      <Group justify="space-between" gap="xs" mb="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {count === null ? t('taskList.chooser.allChosen') : t('taskList.chooser.chosen', { count })}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => onChange('all')} disabled={tree.length === 0}>
            {t('taskList.chooser.all')}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={() => onChange([])}>
            {t('taskList.chooser.none')}
          </Button>
        </Group>
      </Group>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('taskList.chooser.empty')}
        </Text>
      ) : (
        <Stack gap="sm" className={classes.chooserList}>
          {groups.map((g) => (
            <Stack key={g.deck?.id ?? 'loose'} gap={6}>
              {g.deck ? (
                box(g.deck, true)
              ) : (
                <Text size="sm" fw={600}>
                  {t('taskList.chooser.withoutDeck')}
                </Text>
              )}
              <Stack gap={6} pl={g.deck ? 'lg' : 0}>
                {g.areas.map((a) => box(a))}
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
    </fieldset>
  );
}
