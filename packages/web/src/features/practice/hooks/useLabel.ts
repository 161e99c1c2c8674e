import type { LabelKind } from '../utils/practice-preferences.ts';
import { usePracticeLabels } from './usePracticeLabels.ts';

/** One practice label: `useLabel('patient', 'plural')` is "Patients", or "Clients" if so renamed. */
export function useLabel(kind: LabelKind, form: 'singular' | 'plural'): string {
  return usePracticeLabels()[kind][form];
}
