import type { Resource } from '@caseload/core';
import { useMemo } from 'react';
import { LiveValue } from '../reads/live-value.ts';
import type { ResourceState } from '../reads/resource-watch.ts';
import { useDataLayer } from './useDataLayer.ts';
import { useLayerPractice } from './useLayerPractice.ts';
import { useLiveValue } from './useLiveValue.ts';

/**
 * Several live resources of one collection by id, in the order of `ids` (useResource for a list
 * whose length changes): each the device's copy at once, refreshed from the server, the reads
 * batched as useResource's are. No ids, no read.
 */
export function useResources<T extends Resource>(collection: string, ids: readonly string[]): ResourceState<T>[] {
  const layer = useDataLayer();
  const practiceId = useLayerPractice(layer);
  const key = ids.join('\n');
  const live = useMemo(() => {
    const watches = (key ? key.split('\n') : []).map((id) => layer.watchResource<T>(collection, id));
    return new LiveValue<ResourceState<T>[]>(
      watches.map((w) => w.get()),
      (set) => {
        const update = () => set(watches.map((w) => w.get()));
        const stops = watches.map((w) => w.subscribe(update));
        update();
        return () => stops.forEach((stop) => stop());
      },
    );
    // practiceId: the same ids in another practice are other resources.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again in another practice
  }, [layer, collection, key, practiceId]);
  return useLiveValue(live);
}
