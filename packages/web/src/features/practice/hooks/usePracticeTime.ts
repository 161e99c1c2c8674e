import { readerTimeZone, type ZonedClock } from '@caseload/core';
import { useContext } from 'react';
import { PracticeClockContext } from '../store/practice-clock-context.ts';
import { practiceClock } from '../utils/practice-clock.ts';

/**
 * The current practice's clock, for every time a screen shows and every date-time input reads:
 * `formatDateTime`, `formatTime`, `formatDate`, `formatRange`, `toInput`/`fromInput` (see
 * `practiceClock`). Outside a practice (a form rendered on its own) it is the browser's clock.
 */
export function usePracticeTime(): ZonedClock {
  return useContext(PracticeClockContext) ?? practiceClock(readerTimeZone());
}
