import type { ZonedClock } from '@caseload/core';
import { createContext } from 'react';

/** The current practice's clock, provided once for the signed-in shell by PracticeClockProvider. */
export const PracticeClockContext = createContext<ZonedClock | null>(null);
