import { createContext } from 'react';
import type { DataLayer } from '../data-layer.ts';

/** The signed-in user's data layer; set by DataLayerProvider. */
export const DataLayerContext = createContext<DataLayer | null>(null);
