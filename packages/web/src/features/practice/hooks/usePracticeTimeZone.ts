import { practiceTimeZone } from '@caseload/core';
import { usePracticePreferences } from './usePracticePreferences.ts';

/** The current practice's IANA time zone, in which its screens show times and read dates. */
export function usePracticeTimeZone(): string {
  return practiceTimeZone(usePracticePreferences().values);
}
