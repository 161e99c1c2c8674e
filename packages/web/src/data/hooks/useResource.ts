import type { Resource } from '@caseload/core';
import { useMemo } from 'react';
import { LiveValue } from '../reads/live-value.ts';
import type { ResourceState } from '../reads/resource-watch.ts';
import { useDataLayer } from './useDataLayer.ts';
import { useLayerPractice } from './useLayerPractice.ts';
import { useLiveValue } from './useLiveValue.ts';

const NOTHING = new LiveValue<ResourceState>({ loading: false }, () => () => undefined);

/**
 * One live resource by id: the device's copy (with unsent edits) at once, refreshed from the
 * server; the reads of one collection made within 200 ms go as one query. No id, no read.
 */
export function useResource<T extends Resource>(
  collection: string,
  id: string | undefined,
  options: { partition?: string } = {},
): ResourceState<T> {
  const layer = useDataLayer();
  const practiceId = useLayerPractice(layer);
  const { partition } = options;
  const live = useMemo(
    () => (id ? layer.watchResource<T>(collection, id, { partition }) : (NOTHING as unknown as LiveValue<ResourceState<T>>)),
    // practiceId: the same id in another practice is another resource.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again in another practice
    [layer, collection, id, partition, practiceId],
  );
  return useLiveValue(live);
}
