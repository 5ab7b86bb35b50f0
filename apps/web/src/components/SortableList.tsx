import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What each rendered item gets: its place, the props for its drag handle and moves for buttons. */
export interface SortableItemContext {
  index: number;
  count: number;
  isDragging: boolean;
  /** Spread on the drag handle (a button): pointer drag, and Space / arrows / Space from the keyboard. */
  handleProps: HTMLAttributes<HTMLElement> & { ref: (el: HTMLElement | null) => void };
  /** Undefined at the top. */
  moveUp: (() => void) | undefined;
  /** Undefined at the bottom. */
  moveDown: (() => void) | undefined;
}

interface Props<T> {
  items: readonly T[];
  getId: (item: T) => string | number;
  /** The item's name in screen-reader announcements. */
  getLabel: (item: T) => string;
  /** Called once per drop or button press with 0-based places; the caller reorders. */
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, ctx: SortableItemContext) => ReactNode;
  layout?: 'list' | 'grid';
  /** Grid columns per breakpoint (layout 'grid'). */
  cols?: Record<string, number> | number;
  disabled?: boolean;
}

/**
 * A reorderable list or grid on dnd-kit: drag with a pointer, or focus the handle and use Space,
 * the arrow keys and Space again (Escape cancels), with announcements in the UI language.
 */
export function SortableList<T>({ items, getId, getLabel, onMove, renderItem, layout = 'list', cols, disabled }: Props<T>) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((i) => String(getId(i)));
  const indexOf = (id: UniqueIdentifier) => ids.indexOf(String(id));
  const labelOf = (id: UniqueIdentifier) => {
    const item = items[indexOf(id)];
    return item === undefined ? '' : getLabel(item);
  };
  const count = items.length;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('common.sortable.picked', { item: labelOf(active.id), position: indexOf(active.id) + 1, count }),
    onDragOver: ({ active, over }) =>
      over ? t('common.sortable.over', { item: labelOf(active.id), position: indexOf(over.id) + 1, count }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('common.sortable.dropped', { item: labelOf(active.id), position: indexOf(over.id) + 1, count })
        : t('common.sortable.cancelled', { item: labelOf(active.id) }),
    onDragCancel: ({ active }) => t('common.sortable.cancelled', { item: labelOf(active.id) }),
  };
  const screenReaderInstructions: ScreenReaderInstructions = { draggable: t('common.sortable.instructions') };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  };

  const children = items.map((item, index) => (
    <SortableItem key={ids[index]} id={ids[index] as string} index={index} disabled={disabled}>
      {(ctx) =>
        renderItem(item, {
          ...ctx,
          index,
          count,
          moveUp: index > 0 && !disabled ? () => onMove(index, index - 1) : undefined,
          moveDown: index < count - 1 && !disabled ? () => onMove(index, index + 1) : undefined,
        })
      }
    </SortableItem>
  ));

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <SortableContext items={ids} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}>
        {layout === 'grid' ? (
          <SimpleGrid cols={cols ?? { base: 2, sm: 3, lg: 4 }} spacing="sm">
            {children}
          </SimpleGrid>
        ) : (
          <Stack gap="xs">{children}</Stack>
        )}
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  index,
  disabled,
  children,
}: {
  id: string;
  index: number;
  disabled: boolean | undefined;
  children: (ctx: Pick<SortableItemContext, 'isDragging' | 'handleProps'>) => ReactNode;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !!disabled,
    attributes: { roleDescription: t('common.sortable.roleDescription') },
  });
  return (
    <div
      ref={setNodeRef}
      data-sortable-index={index}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        // Lifted (the row's own shadow), not faded: a see-through row's text would drop below 4.5:1 contrast.
      }}
    >
      {children({ isDragging, handleProps: { ref: setActivatorNodeRef, ...attributes, ...listeners } })}
    </div>
  );
}

/** The keyboard- and touch-friendly twin of dragging: a row's "move up" and "move down" buttons, named after the row. */
export function MoveButtons({ ctx, name }: { ctx: Pick<SortableItemContext, 'moveUp' | 'moveDown'>; name: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ActionIcon
        variant="subtle"
        disabled={!ctx.moveUp}
        onClick={ctx.moveUp}
        aria-label={t('common.sortable.moveUp', { item: name })}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        disabled={!ctx.moveDown}
        onClick={ctx.moveDown}
        aria-label={t('common.sortable.moveDown', { item: name })}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
    </>
  );
}
