import { Text } from '@mantine/core';
import { usePortalPackets } from '../../hooks/usePortalPackets.ts';
import { portalDate } from '../../utils/portal-dates.ts';

/** The Paperwork card on the portal's home: what is due, and by when. */
export function PacketsSummary() {
  const { toDo, done, loading } = usePortalPackets();
  if (loading && toDo.length === 0 && done.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        Looking for your paperwork…
      </Text>
    );
  if (toDo.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        Nothing to fill in right now.
      </Text>
    );
  const first = toDo[0]!;
  return (
    <Text fz="sm" fw={600} c="var(--mantine-color-anchor)">
      {toDo.length === 1 ? `${first.display ?? 'Paperwork'} due ${portalDate(first.dueDate)}` : `${toDo.length} packets to fill in`}
    </Text>
  );
}
