import type { ScribeFormat } from '@caseload/core';
import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { SortableList, useSortableItem } from '../../../ui/SortableList.tsx';
import { sectionTitle } from '../utils/format-draft.ts';

export interface SectionOrderListProps {
  format: ScribeFormat;
  order: readonly string[];
  onMove(from: number, to: number): void;
}

const INSTRUCTIONS = [
  'To reorder, press Space or Enter on a section handle, move it with the arrow keys,',
  'and press Space or Enter to drop it, or Escape to cancel. The up and down buttons also move a section.',
].join(' ');

/**
 * A format's sections in the practice's order, reordered by dragging a handle (pointer or touch),
 * by the keyboard on the handle (dnd-kit's keyboard sensor: Space to lift, arrows, Space to drop),
 * or by each section's up and down buttons; every move is announced to screen readers.
 */
export function SectionOrderList({ format, order, onMove }: SectionOrderListProps) {
  const title = (id: UniqueIdentifier) => sectionTitle(format, String(id));
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : order.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${title(active.id)}, section ${position(active.id)} of ${order.length} in ${format}.`,
    onDragOver: ({ active, over }) =>
      over ? `${title(active.id)} is over position ${position(over.id)} of ${order.length}.` : `${title(active.id)} is not over a place.`,
    onDragEnd: ({ active, over }) =>
      over ? `${title(active.id)} dropped at position ${position(over.id)} of ${order.length}.` : `${title(active.id)} put back.`,
    onDragCancel: ({ active }) => `Moving ${title(active.id)} cancelled; it is back in its place.`,
  };
  return (
    <SortableList ids={order} announcements={announcements} instructions={INSTRUCTIONS} onMove={onMove}>
      <Stack gap={4} role="list" aria-label={`${format} sections in order`}>
        {order.map((key, i) => (
          <SectionRow key={key} format={format} sectionKey={key} index={i} count={order.length} onMove={onMove} />
        ))}
      </Stack>
    </SortableList>
  );
}

function SectionRow({
  format,
  sectionKey,
  index,
  count,
  onMove,
}: {
  format: ScribeFormat;
  sectionKey: string;
  index: number;
  count: number;
  onMove(from: number, to: number): void;
}) {
  const item = useSortableItem(sectionKey);
  const title = sectionTitle(format, sectionKey);
  return (
    <Group
      ref={item.ref}
      role="listitem"
      gap={6}
      wrap="nowrap"
      px={6}
      py={2}
      data-section={sectionKey}
      style={{
        ...item.style,
        position: 'relative',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 6,
        background: 'var(--mantine-color-body)',
      }}
    >
      <ActionIcon
        ref={item.handle.ref}
        variant="subtle"
        color="gray"
        size="sm"
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...item.handle.props}
        aria-label={`Drag ${title} in ${format}`}
      >
        <IconGripVertical size={14} />
      </ActionIcon>
      <Text fz="xs" c="dimmed" w={16} ta="right">
        {index + 1}.
      </Text>
      <Text fz="sm" style={{ flex: 1 }}>
        {title}
      </Text>
      <ActionIcon
        size="sm"
        variant="subtle"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={`Move ${title} up in ${format}`}
      >
        <IconArrowUp size={14} />
      </ActionIcon>
      <ActionIcon
        size="sm"
        variant="subtle"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={`Move ${title} down in ${format}`}
      >
        <IconArrowDown size={14} />
      </ActionIcon>
    </Group>
  );
}
