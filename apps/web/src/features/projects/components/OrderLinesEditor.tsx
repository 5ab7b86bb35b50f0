import { ActionIcon, Badge, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconGripVertical, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MoveButtons, SortableList } from '../../../components/SortableList';
import { Thumb } from '../../../components/Thumb';
import { lineFromOption, type SubtaskValues } from '../subtask-form';
import { ItemPicker } from './ItemPicker';

const reorder = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/**
 * A sub-task's order lines: a product or an article found as you type is added with quantity 1;
 * each line has its quantity (decimals, with a comma or a point), notes, its place (drag, or the
 * up/down buttons) and remove. Saved with the rest of the sub-task.
 */
export function OrderLinesEditor({ form, editable }: { form: UseFormReturnType<SubtaskValues>; editable: boolean }) {
  const { t } = useTranslation();
  const lines = form.values.orderLines;
  const listError = form.errors.orderLines;
  return (
    <Stack gap="md">
      {editable ? (
        <ItemPicker
          onPick={(o) => {
            form.insertListItem('orderLines', lineFromOption(o));
          }}
        />
      ) : null}
      {lines.length === 0 ? (
        <Group gap="xs" py="md" justify="center">
          <IconShoppingCart size={18} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {editable ? t('tasks.orderLines.empty') : t('tasks.orderLines.emptyReadOnly')}
          </Text>
        </Group>
      ) : (
        <SortableList
          items={lines}
          getId={(l) => l.key}
          getLabel={(l) => l.name}
          disabled={!editable}
          onMove={(from, to) => form.setFieldValue('orderLines', reorder(lines, from, to))}
          renderItem={(l, ctx) => {
            const itemError = form.errors[`orderLines.${ctx.index}.itemId`] ?? form.errors[`orderLines.${ctx.index}.kind`];
            return (
              <Paper withBorder p="xs" radius="md" shadow={ctx.isDragging ? 'md' : undefined} data-testid="order-line">
                <Stack gap="xs">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    {editable ? (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        style={{ cursor: 'grab', touchAction: 'none', flex: 'none' }}
                        aria-label={t('common.sortable.handle', { item: l.name })}
                        {...ctx.handleProps}
                      >
                        <IconGripVertical size={16} />
                      </ActionIcon>
                    ) : null}
                    <Thumb src={l.thumbUrl} alt="" width={40} />
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {l.name}
                      </Text>
                      <Group gap={6} wrap="wrap">
                        <Badge size="xs" variant="light" color={l.kind === 'product' ? 'blue' : 'grape'}>
                          {t(`tasks.orderLines.kinds.${l.kind}`)}
                        </Badge>
                        {l.sku ? (
                          <Text size="xs" c="dimmed" ff="monospace">
                            {l.sku}
                          </Text>
                        ) : null}
                      </Group>
                      {itemError ? (
                        <Text size="xs" c="red" role="alert">
                          {itemError}
                        </Text>
                      ) : null}
                    </Stack>
                    {editable ? (
                      <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
                        <MoveButtons ctx={ctx} name={l.name} />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => form.removeListItem('orderLines', ctx.index)}
                          aria-label={t('tasks.orderLines.remove', { name: l.name })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    ) : null}
                  </Group>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
                    <TextInput
                      label={t('tasks.orderLines.quantity')}
                      aria-label={t('tasks.orderLines.quantityFor', { name: l.name })}
                      inputMode="decimal"
                      autoComplete="off"
                      required
                      disabled={!editable}
                      {...form.getInputProps(`orderLines.${ctx.index}.quantity`)}
                    />
                    <TextInput
                      label={t('tasks.orderLines.notes')}
                      aria-label={t('tasks.orderLines.notesFor', { name: l.name })}
                      disabled={!editable}
                      maxLength={1000}
                      {...form.getInputProps(`orderLines.${ctx.index}.notes`)}
                    />
                  </SimpleGrid>
                </Stack>
              </Paper>
            );
          }}
        />
      )}
      {typeof listError === 'string' ? (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
    </Stack>
  );
}
