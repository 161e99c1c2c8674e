import type { ReactNode } from 'react';
import { usePracticeTimeZone } from '../hooks/usePracticeTimeZone.ts';
import { practiceClock } from '../utils/practice-clock.ts';
import { PracticeClockContext } from './practice-clock-context.ts';

/**
 * Reads the practice's time zone once for everything under it, so each time on a screen (a row
 * of a list, a question of a form) reads the clock from context instead of the preferences. The
 * value changes only when the zone does.
 */
export function PracticeClockProvider({ children }: { children: ReactNode }) {
  const clock = practiceClock(usePracticeTimeZone());
  return <PracticeClockContext.Provider value={clock}>{children}</PracticeClockContext.Provider>;
}
