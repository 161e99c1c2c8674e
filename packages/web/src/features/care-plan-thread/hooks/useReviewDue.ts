import { useEffect, useMemo } from 'react';
import { useServerRead, type ServerRead } from '../../../data/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { fetchReviewDue, type CarePlanReviewList } from '../api/care-plan-thread.api.ts';

/** Plans due for review this many days ahead are listed with the overdue ones. */
export const REVIEW_AHEAD_DAYS = 14;

/**
 * The caller's plans whose review date has passed or comes within two weeks, as the server
 * computes them on the practice's calendar. Read after the dashboard paints, and again when the
 * window regains focus (a plan may have been reviewed on another device).
 */
export function useReviewDue(enabled: boolean): ServerRead<CarePlanReviewList> {
  const practiceId = useCurrentPractice().current?.practiceId;
  const read = useMemo(
    () => (practiceId && enabled ? () => fetchReviewDue(practiceId, REVIEW_AHEAD_DAYS) : undefined),
    [practiceId, enabled],
  );
  const state = useServerRead(read, { afterPaint: true });
  const { reload } = state;
  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);
  return state;
}
