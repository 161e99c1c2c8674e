import type { PacketItem } from '@caseload/core';
import type { Announcements } from '@dnd-kit/core';
import { Box, Stack } from '@mantine/core';
import { SortableList, useSortableItem } from '../../../ui/SortableList.tsx';
import type { PacketForm } from '../hooks/usePacketForm.ts';
import type { PacketFormChoices } from '../hooks/useFormChoices.ts';
import { PacketPartCard } from './PacketPartCard.tsx';

const INSTRUCTIONS = [
  'To reorder a part, press Space or Enter on its handle, move it with the Up and Down arrow keys,',
  'then press Space or Enter to drop it, or Escape to cancel. The Move up and Move down buttons do the same.',
].join(' ');

export interface PacketPartListProps {
  packet: PacketForm;
  forms: PacketFormChoices;
  readOnly?: boolean;
}

/**
 * The packet's parts in the order the patient meets them, reordered by dragging a part's handle
 * (pointer or touch), from the keyboard on the handle (dnd-kit's keyboard sensor: Space, arrows,
 * Space), or with each part's Move up and Move down buttons. Every move is announced by title.
 */
export function PacketPartList({ packet, forms, readOnly }: PacketPartListProps) {
  const parts = packet.draft.parts;
  const titleOf = (id: string | number) => parts.find((p) => p.key === id)?.title || 'Untitled part';
  const placeOf = (id: string | number) => parts.findIndex((p) => p.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, part ${placeOf(active.id)} of ${parts.length}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over part ${placeOf(over.id)} of ${parts.length}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} dropped: now part ${placeOf(over.id)} of ${parts.length}.` : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} cancelled: it stays part ${placeOf(active.id)}.`,
  };
  return (
    <SortableList
      ids={parts.map((p) => p.key)}
      announcements={announcements}
      instructions={INSTRUCTIONS}
      onMove={(from, to) => packet.movePart(parts[from]!.key, to)}
    >
      <Stack gap="sm" role="list" aria-label="Parts of the packet">
        {parts.map((part, index) => (
          <SortablePart key={part.key} part={part} index={index} packet={packet} forms={forms} readOnly={readOnly} />
        ))}
      </Stack>
    </SortableList>
  );
}

function SortablePart({ part, index, packet, forms, readOnly }: { part: PacketItem; index: number } & PacketPartListProps) {
  const item = useSortableItem(part.key, readOnly);
  return (
    <Box ref={item.ref} role="listitem" data-testid="packet-part" style={item.style}>
      <PacketPartCard
        part={part}
        index={index}
        count={packet.draft.parts.length}
        packet={packet}
        forms={forms}
        readOnly={readOnly}
        handle={item.handle}
      />
    </Box>
  );
}
