import type { CarePlanElement, CarePlanElementKind, Practitioner } from '@caseload/core';
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type CollisionDetection, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Stack, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useCollection } from '../../../data/index.ts';
import {
  addElement,
  descendantCount,
  elementLabels,
  moveAmongSiblings,
  newElementId,
  removeElement,
  treeRows,
  updateElement,
} from '../utils/plan-tree.ts';
import { ElementCard } from './ElementCard.tsx';

export interface ElementTreeProps {
  elements: CarePlanElement[];
  onChange(change: (elements: CarePlanElement[]) => CarePlanElement[]): void;
  /** What is wrong with each element, by id (the structure rules' words). */
  issues: ReadonlyMap<string, string[]>;
}

interface TreeContext extends ElementTreeProps {
  labels: Map<string, string>;
  children: Map<string, CarePlanElement[]>;
  staff: readonly Practitioner[];
  move(id: string, to: number): void;
}

/** What dnd-kit tells screen readers on the drag handle: its own keyboard dragging is replaced by Alt+Arrow keys. */
const KEYBOARD_INSTRUCTIONS =
  'Drag with a pointer to reorder. From the keyboard, Alt+ArrowUp and Alt+ArrowDown move the element among its siblings.';

/** The parent id a row is grouped under ('' for goals and for elements whose parent is missing). */
const groupOf = (e: CarePlanElement, ids: ReadonlySet<string>) => (e.parent !== undefined && ids.has(e.parent) ? e.parent : '');

/**
 * The plan's goals, each with its objectives and interventions nested beneath, edited in place.
 * An element moves only among its siblings (its subtree with it): by dragging its handle (dnd-kit,
 * pointer and touch, dropping only onto a sibling's place) or with Alt+ArrowUp/Down from anywhere
 * in its card; each move is announced to screen readers.
 */
export function ElementTree({ elements, onChange, issues }: ElementTreeProps) {
  const staff = useCollection<Practitioner>('Practitioners').items;
  const [announcement, setAnnouncement] = useState('');
  const { labels, children, ids } = useMemo(() => {
    const ids = new Set(elements.map((e) => e.id));
    const children = new Map<string, CarePlanElement[]>();
    for (const row of treeRows(elements)) {
      const key = groupOf(row.element, ids);
      children.set(key, [...(children.get(key) ?? []), row.element]);
    }
    return { labels: elementLabels(elements), children, ids };
  }, [elements]);

  const move = (id: string, to: number) => {
    const moved = moveAmongSiblings(elements, id, to);
    if (moved.every((e, i) => e === elements[i])) return;
    const focused = document.activeElement as HTMLElement | null;
    onChange(() => moved);
    const newLabel = elementLabels(moved).get(id);
    const element = elements.find((e) => e.id === id);
    setAnnouncement(`${labels.get(id)} “${element?.text ?? ''}” moved to position ${to + 1}: now ${newLabel}.`);
    // Moving a node in the DOM can drop its focus: give it back so the keys keep working.
    requestAnimationFrame(() => {
      if (focused && document.activeElement !== focused && focused.isConnected) focused.focus();
    });
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  // Only siblings of the dragged element are places to drop it.
  const siblingsOnly: CollisionDetection = (args) => {
    const activeElement = elements.find((e) => e.id === args.active.id);
    const group = activeElement ? groupOf(activeElement, ids) : '';
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((c) => {
        const e = elements.find((x) => x.id === c.id);
        return e && groupOf(e, ids) === group;
      }),
    });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const target = elements.find((e) => e.id === over.id);
    if (!target) return;
    const siblings = children.get(groupOf(target, ids)) ?? [];
    move(
      String(active.id),
      siblings.findIndex((e) => e.id === target.id),
    );
  };

  const context: TreeContext = { elements, onChange, issues, labels, children, staff, move };
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={siblingsOnly}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: KEYBOARD_INSTRUCTIONS } }}
      >
        <SiblingGroup parent="" context={context} />
      </DndContext>
      <VisuallyHidden role="status" aria-live="polite" data-testid="tree-announcement">
        {announcement}
      </VisuallyHidden>
    </>
  );
}

function SiblingGroup({ parent, context }: { parent: string; context: TreeContext }) {
  const list = context.children.get(parent) ?? [];
  if (list.length === 0) return null;
  return (
    <SortableContext items={list.map((e) => e.id)} strategy={verticalListSortingStrategy}>
      <Stack gap="xs" role="list">
        {list.map((element, position) => (
          <ElementNode key={element.id} element={element} position={position} siblings={list.length} context={context} />
        ))}
      </Stack>
    </SortableContext>
  );
}

function ElementNode({
  element,
  position,
  siblings,
  context,
}: {
  element: CarePlanElement;
  position: number;
  siblings: number;
  context: TreeContext;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: element.id });
  const { elements, onChange, labels, issues, staff, move } = context;
  const add = (kind: CarePlanElementKind) =>
    onChange((list) => addElement(list, { id: newElementId(kind, list), kind, parent: element.id, text: '' }));
  // dnd-kit's own keyboard handling is left out (Alt+Arrow keys do it); its role and tab stop stay on the handle.
  const { role: _role, ...handleAttributes } = attributes;
  return (
    <Box
      ref={setNodeRef}
      role="listitem"
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : undefined,
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <ElementCard
        element={element}
        label={labels.get(element.id) ?? element.kind}
        position={position}
        siblings={siblings}
        descendants={descendantCount(elements, element.id)}
        issues={issues.get(element.id) ?? []}
        staff={staff}
        onChange={(change) => onChange((list) => updateElement(list, element.id, change))}
        onAdd={add}
        onDelete={() => onChange((list) => removeElement(list, element.id))}
        onMove={(to) => move(element.id, to)}
        handle={{ ref: setActivatorNodeRef, props: { ...handleAttributes, ...listeners } }}
      />
      <Box pl={{ base: 'md', sm: 'xl' }} pt={context.children.get(element.id)?.length ? 'xs' : 0}>
        <SiblingGroup parent={element.id} context={context} />
      </Box>
    </Box>
  );
}
