import { useContext } from 'react';
import type { DataLayer } from '../data-layer.ts';
import { DataLayerContext } from './data-layer-context.ts';

/** The data layer; only inside DataLayerProvider. */
export function useDataLayer(): DataLayer {
  const layer = useContext(DataLayerContext);
  if (!layer) throw new Error('useDataLayer is used outside DataLayerProvider.');
  return layer;
}
