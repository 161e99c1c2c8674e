import type { ReactNode } from 'react';
import type { DataLayer } from '../data-layer.ts';
import { DataLayerContext } from './data-layer-context.ts';

export interface DataLayerProviderProps {
  layer: DataLayer;
  children: ReactNode;
}

/** Gives the screens below it the user's data layer (see createDataLayer). */
export function DataLayerProvider({ layer, children }: DataLayerProviderProps) {
  return <DataLayerContext.Provider value={layer}>{children}</DataLayerContext.Provider>;
}
