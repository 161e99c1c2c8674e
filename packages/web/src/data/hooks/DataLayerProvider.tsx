import { useEffect, type ReactNode } from 'react';
import type { DataLayer } from '../data-layer.ts';
import { allowStoreOpen } from '../store/load-dexie-store.ts';
import { afterNextPaint } from './after-next-paint.ts';
import { DataLayerContext } from './data-layer-context.ts';

export interface DataLayerProviderProps {
  layer: DataLayer;
  children: ReactNode;
}

/**
 * Gives the screens below it the user's data layer (see createDataLayer). Once the screen it
 * wraps has painted (the frame after its first commit), the IndexedDB store's code may be fetched:
 * the first screen's own text does not wait for it (store/load-dexie-store.ts).
 */
export function DataLayerProvider({ layer, children }: DataLayerProviderProps) {
  useEffect(() => afterNextPaint(allowStoreOpen), []);
  return <DataLayerContext.Provider value={layer}>{children}</DataLayerContext.Provider>;
}
