import type { CarePlanThread } from '@caseload/core';
import { useMemo } from 'react';
import { useServerRead, type ServerRead } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { fetchCarePlanThread } from '../api/care-plan-thread.api.ts';

/**
 * The golden thread of one plan, as the server computes it (the notes that addressed each goal,
 * across every note of the chart): not a resource collection, so read from the server rather
 * than the device's store. `version` reads it again (the plan changed on this device).
 */
export function useCarePlanThread(planId: string | undefined, version?: string): ServerRead<CarePlanThread> {
  const practiceId = useCurrentPractice().current?.practiceId;
  const read = useMemo(
    () => (practiceId && planId ? () => fetchCarePlanThread(practiceId, planId) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version: read again when the plan changes
    [practiceId, planId, version],
  );
  return useServerRead(read);
}
