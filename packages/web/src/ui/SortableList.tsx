import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, ReactNode } from 'react';

export interface SortableListProps {
  /** The items' ids, in their order. */
  ids: readonly UniqueIdentifier[];
  /** What a screen reader hears as an item is lifted, moved, dropped or put back. */
  announcements: Announcements;
  /** How to reorder from the keyboard, read when a handle takes the focus. */
  instructions: string;
  /** An item moved from one place to another (indexes into `ids`). */
  onMove(from: number, to: number): void;
  children: ReactNode;
}

/**
 * A vertical list reordered by dragging an item's handle (pointer or touch, after 5 pixels) or from
 * the keyboard on the handle (dnd-kit's keyboard sensor: Space or Enter to lift, arrows, Space or
 * Enter to drop, Escape to cancel). Its items use `useSortableItem`.
 */
export function SortableList({ ids, announcements, instructions, onMove, children }: SortableListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(ids.indexOf(active.id), ids.indexOf(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One item of a `SortableList`: the ref and style of its element, and its drag handle's ref and props. */
export function useSortableItem(id: UniqueIdentifier, disabled?: boolean) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.7 : undefined,
    zIndex: isDragging ? 1 : undefined,
  };
  return { ref: setNodeRef, style, handle: { ref: setActivatorNodeRef, props: { ...attributes, ...listeners } } };
}
