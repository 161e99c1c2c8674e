import { useMemo } from 'react';
import { practiceLabels, type PracticeLabels } from '../utils/practice-preferences.ts';
import { usePracticePreferences } from './usePracticePreferences.ts';

/**
 * The practice's six labels (patient, practitioner, location, session, enrollment, problem),
 * singular and plural, from its PracticePreferences over the defaults. Use them wherever the UI
 * names those things: a practice that calls patients "Clients" sees "Clients".
 */
export function usePracticeLabels(): PracticeLabels {
  const { values } = usePracticePreferences();
  return useMemo(() => practiceLabels(values), [values]);
}
