import { useSyncExternalStore } from 'react';
import type { DataLayer } from '../data-layer.ts';

/** The layer's chosen practice, re-rendering when it changes (lists and reads depend on it). */
export function useLayerPractice(layer: DataLayer): string {
  return useSyncExternalStore(layer.subscribeContext, layer.practiceId);
}
