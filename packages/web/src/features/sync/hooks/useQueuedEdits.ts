import { useMemo } from 'react';
import { useDataLayer, useServerRead, useSyncState, type QueuedEdit } from '../../../data/index.ts';

/**
 * The edits waiting to be sent, with their values, read while `wanted` and again whenever the
 * number waiting changes; undefined until the first read lands.
 */
export function useQueuedEdits(wanted: boolean): QueuedEdit[] | undefined {
  const layer = useDataLayer();
  const { pendingCount } = useSyncState();
  // A new read (so a read again) for every change of the number waiting; a failed read lists none.
  const read = useMemo(
    () => (wanted ? () => layer.queuedEdits().catch((): QueuedEdit[] => []) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pendingCount: read again when it changes
    [layer, wanted, pendingCount],
  );
  const { value: edits } = useServerRead(read);
  return wanted ? edits : undefined;
}
