import type { CarePlanThread } from '@caseload/core';
import { useMemo } from 'react';
import { useServerRead, type ServerRead } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { fetchCarePlanThread } from '../api/care-plan-thread.api.ts';

/** Threads read in this tab, by practice, plan and plan version; the newest few only. */
const lastRead = new Map<string, { thread: CarePlanThread; json: string }>();
const KEPT = 8;

function remember(key: string, thread: CarePlanThread): CarePlanThread {
  const json = JSON.stringify(thread);
  const known = lastRead.get(key);
  lastRead.delete(key);
  // The same answer keeps the object shown: nothing computed from it (goal views, charts) re-renders.
  const kept = known && known.json === json ? known : { thread, json };
  lastRead.set(key, kept);
  while (lastRead.size > KEPT) lastRead.delete(lastRead.keys().next().value!);
  return kept.thread;
}

/**
 * The golden thread of one plan, as the server computes it (the notes that addressed each goal,
 * across every note of the chart): not a resource collection, so read from the server rather
 * than the device's store. `version` reads it again (the plan changed on this device).
 *
 * Opened again (the chart's tab left and come back to), the thread read last in this tab shows at
 * once while the server is asked again; an unchanged answer keeps the same object, so the view
 * renders once (docs/performance.md, "The golden-thread view").
 */
export function useCarePlanThread(planId: string | undefined, version?: string): ServerRead<CarePlanThread> {
  const practiceId = useCurrentPractice().current?.practiceId;
  const key = practiceId && planId ? `${practiceId}/${planId}/${version ?? ''}` : undefined;
  const read = useMemo(
    () => (practiceId && planId && key ? async () => remember(key, await fetchCarePlanThread(practiceId, planId)) : undefined),
    [practiceId, planId, key],
  );
  const state = useServerRead(read);
  const shown = state.value ?? (key ? lastRead.get(key)?.thread : undefined);
  return { ...state, value: shown };
}
